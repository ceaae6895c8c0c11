import { Box, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { FileAvatar } from '../shared/FileAvatar';
import type { Driver } from './types';
import { RowLink } from '../../kit/RowLink';

/** Photo and name, with the phone under it on narrow screens. */
export function DriverNameCell({ withPhone = false }: { withPhone?: boolean }) {
  const driver = useRecordContext<Driver>();
  if (!driver) return null;
  const name = `${driver.firstName} ${driver.lastName}`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <FileAvatar fileId={driver.photo} name={name} size={32} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          <RowLink>{name}</RowLink>
        </Typography>
        {withPhone && (
          <Typography variant="caption" color="text.secondary">
            {driver.phone}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

/** Make and model over the plate. */
export function VehicleCell() {
  const driver = useRecordContext<Driver>();
  if (!driver) return null;
  const car = [driver.vehicleMake, driver.vehicleModel].filter(Boolean).join(' ');
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2">{car || '—'}</Typography>
      {driver.vehiclePlate && (
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {driver.vehiclePlate}
        </Typography>
      )}
    </Box>
  );
}
