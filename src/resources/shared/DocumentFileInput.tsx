import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { DOCUMENT_TYPES } from './uploadFile';
import { useFileUpload } from './useFileUpload';

export interface DocumentFileInputProps {
  /** The field holding the uploaded file's id. */
  source: string;
  label: string;
}

/**
 * A document's file: an image or a PDF, uploaded at once (POST files, which checks the type by the
 * bytes and the size) and kept as its file id. Shows the chosen file's name, can be removed, and
 * says the server's reason when an upload is refused.
 */
export function DocumentFileInput({ source, label }: DocumentFileInputProps) {
  const translate = useTranslate();
  const inputId = useId();
  const { hasFile, fileName, uploading, error, choose, remove } = useFileUpload(source, {
    types: DOCUMENT_TYPES,
    wrongType: 'app.common.document.wrongType',
    tooLarge: 'app.common.document.tooLarge',
  });

  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          component="label"
          variant={hasFile ? 'text' : 'outlined'}
          size="small"
          disabled={uploading}
          startIcon={uploading ? <CircularProgress size={16} /> : <UploadFileIcon />}
        >
          {translate(hasFile ? 'app.common.document.change' : 'app.common.document.upload')}
          <input
            id={inputId}
            type="file"
            hidden
            accept={DOCUMENT_TYPES.join(',')}
            aria-label={label}
            onChange={(event) => void choose(event)}
          />
        </Button>
        {hasFile && (
          <>
            <Stack direction="row" alignItems="center" spacing={0.5} sx={{ minWidth: 0 }}>
              <CheckCircleIcon color="success" fontSize="small" />
              <Typography variant="body2" noWrap sx={{ maxWidth: 220 }} title={fileName}>
                {fileName ?? translate('app.common.document.uploaded')}
              </Typography>
            </Stack>
            <Button
              size="small"
              color="inherit"
              startIcon={<DeleteOutlineIcon />}
              onClick={remove}
              disabled={uploading}
              aria-label={translate('app.common.document.removeLabel', { label })}
            >
              {translate('app.common.photo.remove')}
            </Button>
          </>
        )}
      </Stack>
      <FormHelperText error={error !== undefined}>
        {error ?? (hasFile ? '' : translate('app.common.document.hint'))}
      </FormHelperText>
    </Box>
  );
}
