import PersonIcon from '@mui/icons-material/Person';
import { Avatar, type SxProps, type Theme } from '@mui/material';
import type { ComponentType } from 'react';
import { useFileObjectUrl } from '../../http/useFileObjectUrl';

export interface FileAvatarProps {
  /** File id of the photo (GET files/:id with the bearer token), or none. */
  fileId: number | string | null | undefined;
  /** Whose photo it is, for the image's alternative text. */
  name: string;
  size?: number;
  sx?: SxProps<Theme>;
  /** The icon without a photo (default: a person). */
  fallbackIcon?: ComponentType<{ sx?: SxProps<Theme> }>;
}

/** A stored photo, downloaded with the session's token, or a default person icon. */
export function FileAvatar({ fileId, name, size = 36, sx, fallbackIcon: Fallback = PersonIcon }: FileAvatarProps) {
  const url = useFileObjectUrl(fileId);
  return (
    <Avatar
      src={url}
      alt={url ? name : undefined}
      sx={[{ width: size, height: size, bgcolor: 'primary.light' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Fallback sx={{ fontSize: size * 0.6 }} />
    </Avatar>
  );
}
