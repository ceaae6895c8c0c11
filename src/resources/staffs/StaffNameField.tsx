import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { FileAvatar } from '../shared/FileAvatar';
import type { Staff } from './types';
import { RowLink } from '../../kit/RowLink';

/** The staff member's photo and full name, with the email and role underneath on narrow screens. */
export function StaffNameField({ withDetails = false }: { label?: string; source?: string; withDetails?: boolean }) {
  const record = useRecordContext<Staff>();
  if (!record) return null;
  const name = record.fullName ?? [record.firstName, record.lastName].filter(Boolean).join(' ');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <FileAvatar fileId={record.photo} name={name} size={32} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          <RowLink>{name}</RowLink>
        </Typography>
        {withDetails && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', wordBreak: 'break-all' }}>
            {record.email}
            <br />
            {record.roleName}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
