import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { FileAvatar, type FileAvatarProps } from './FileAvatar';
import { IMAGE_TYPES } from './uploadFile';
import { useFileUpload } from './useFileUpload';

export interface PhotoInputProps {
  /** The field holding the photo's file id (default `photo`). */
  source?: string;
  label?: string;
  /** Whose photo it is, for the preview's alternative text. */
  name?: string;
  /** Button labels (translation keys), e.g. for an icon rather than a photo. */
  uploadLabel?: string;
  changeLabel?: string;
  /** What the preview shows without an image (default: a person). */
  fallbackIcon?: FileAvatarProps['fallbackIcon'];
}

/**
 * A photo field: uploads the chosen image to the user service at once
 * (POST files) and keeps its file id; the preview is downloaded with the
 * bearer token. The photo can also be removed.
 */
export function PhotoInput({
  source = 'photo',
  label,
  name = '',
  uploadLabel = 'app.common.photo.upload',
  changeLabel = 'app.common.photo.change',
  fallbackIcon,
}: PhotoInputProps) {
  const translate = useTranslate();
  const inputId = useId();
  const {
    value: fileId,
    hasFile: hasPhoto,
    uploading,
    error,
    choose,
    remove,
  } = useFileUpload(source, {
    types: IMAGE_TYPES,
    wrongType: 'app.common.photo.wrongType',
    tooLarge: 'app.common.photo.tooLarge',
  });

  return (
    <Box sx={{ my: 1 }} data-testid="photo-input">
      <Typography
        component="label"
        htmlFor={inputId}
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', mb: 0.75 }}
      >
        {label ?? translate('app.common.photo.label')}
      </Typography>
      <Stack direction="row" alignItems="center" spacing={2}>
        <FileAvatar fileId={hasPhoto ? fileId : null} name={name} size={64} fallbackIcon={fallbackIcon} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            component="label"
            variant="outlined"
            size="small"
            disabled={uploading}
            startIcon={uploading ? <CircularProgress size={16} /> : <PhotoCameraIcon />}
          >
            {translate(hasPhoto ? changeLabel : uploadLabel)}
            <input
              id={inputId}
              type="file"
              hidden
              accept={IMAGE_TYPES.join(',')}
              aria-label={label ?? translate('app.common.photo.label')}
              onChange={(event) => void choose(event)}
            />
          </Button>
          {hasPhoto && (
            <Button
              size="small"
              color="inherit"
              startIcon={<DeleteOutlineIcon />}
              onClick={remove}
              disabled={uploading}
            >
              {translate('app.common.photo.remove')}
            </Button>
          )}
        </Stack>
      </Stack>
      <FormHelperText error={error !== undefined}>{error ?? translate('app.common.photo.hint')}</FormHelperText>
    </Box>
  );
}
