import { Avatar, Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Passenger } from './types';
import { RowLink } from '../../kit/RowLink';

/** Up to two initials of a name: "Wanjiru Kamau" → "WK". */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

/** The passenger's initials avatar and full name, with the phone underneath on narrow screens. */
export function PassengerNameField({
  withDetails = false,
}: {
  label?: string;
  source?: string;
  withDetails?: boolean;
}) {
  const record = useRecordContext<Passenger>();
  if (!record) return null;
  const name = record.fullName ?? [record.firstName, record.lastName].filter(Boolean).join(' ');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Avatar sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.light' }} aria-hidden>
        {initials(name)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          title={name}
        >
          <RowLink>{name}</RowLink>
        </Typography>
        {withDetails && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', wordBreak: 'break-all' }}>
            {record.phone}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
