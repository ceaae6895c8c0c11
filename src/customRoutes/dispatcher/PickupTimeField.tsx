import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { localWallTime } from '../../domain/dateRange';
import { CITY } from '../../domain/city';
import { SCHEDULE_MAX_DAYS } from '../../domain/scheduling';

/**
 * Book for later: a pickup time on the city's clock, from now to 7 days ahead; empty books for now.
 * The server checks the same window (a field error under it otherwise).
 */
export function PickupTimeField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (wall: string) => void;
}) {
  const translate = useTranslate();
  const now = Date.now();
  const bounds = {
    min: localWallTime(new Date(now), CITY.timeZone),
    max: localWallTime(new Date(now + SCHEDULE_MAX_DAYS * 24 * 60 * 60_000), CITY.timeZone),
  };
  return (
    <TextField
      type="datetime-local"
      size="small"
      label={translate('app.dispatcher.booking.pickupTime')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={
        error ??
        (value
          ? translate('app.dispatcher.booking.pickupLater')
          : translate('app.dispatcher.booking.pickupNow', { city: CITY.name }))
      }
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { ...bounds, step: 60, 'data-booking-field': 'pickupTime', 'data-testid': 'booking-pickup-time' },
      }}
      fullWidth
    />
  );
}
