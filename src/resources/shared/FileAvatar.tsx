import PersonIcon from '@mui/icons-material/Person';
import { Avatar, type SxProps, type Theme } from '@mui/material';
import { useFileObjectUrl } from '../../http/useFileObjectUrl';

export interface FileAvatarProps {
  /** File id of the photo (GET files/:id with the bearer token), or none. */
  fileId: number | string | null | undefined;
  /** Whose photo it is, for the image's alternative text. */
  name: string;
  size?: number;
  sx?: SxProps<Theme>;
}

/** A stored photo, downloaded with the session's token, or a default person icon. */
export function FileAvatar({ fileId, name, size = 36, sx }: FileAvatarProps) {
  const url = useFileObjectUrl(fileId);
  return (
    <Avatar
      src={url}
      alt={url ? name : undefined}
      sx={[{ width: size, height: size, bgcolor: 'primary.light' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <PersonIcon sx={{ fontSize: size * 0.6 }} />
    </Avatar>
  );
}
