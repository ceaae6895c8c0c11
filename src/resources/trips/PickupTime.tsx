import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../kit/format';

/**
 * A ride booked for later: "pickup 8 Dec 2026, 08:30" under the row's time, nothing for a ride asked
 * for now. With `className` it is a plain element styled by its table (the trips list draws 25 of
 * them); without, a caption of its own.
 */
export function PickupTime({ className }: { className?: string }) {
  const translate = useTranslate();
  const trip = useRecordContext<{ id: number; scheduledAt?: string | Date | null }>();
  if (!trip?.scheduledAt) return null;
  const text = translate('app.trips.pickupAt', { time: formatDateTime(trip.scheduledAt) });
  if (className)
    return (
      <div className={className} data-testid="trip-pickup-at">
        {text}
      </div>
    );
  return (
    <Typography variant="caption" component="div" color="text.secondary" data-testid="trip-pickup-at">
      {text}
    </Typography>
  );
}
