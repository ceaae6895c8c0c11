import { Box } from '@mui/material';
import type { FocusEvent } from 'react';
import { useTranslate } from 'react-admin';
import { localDay } from '../../domain/dateRange';
import { CITY } from '../../domain/city';
import { SCHEDULE_MAX_DAYS } from '../../domain/scheduling';
import { LocalizedWallClockField } from '../../kit/pickers/WallClockField';

/** The booking's focus request lands on the box: it passes the focus to the field's first section. */
const focusFirstSection = (event: FocusEvent<HTMLElement>) => {
  if (event.target === event.currentTarget)
    event.currentTarget.querySelector<HTMLElement>('[role="spinbutton"]')?.focus();
};

/**
 * Book for later: a pickup time on the city's clock, from now to 7 days ahead; empty books for now.
 * The field takes it in the panel's language's format; the server checks the window (a field
 * error under it otherwise).
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
  return (
    <Box data-booking-field="scheduledAt" data-testid="booking-pickup-time" tabIndex={-1} onFocus={focusFirstSection}>
      <LocalizedWallClockField
        kind="dateTime"
        label={translate('app.dispatcher.booking.pickupTime')}
        value={value}
        onChange={onChange}
        minDay={localDay(new Date(now), CITY.timeZone)}
        maxDay={localDay(new Date(now + SCHEDULE_MAX_DAYS * 24 * 60 * 60_000), CITY.timeZone)}
        error={Boolean(error)}
        helperText={
          error ??
          (value
            ? translate('app.dispatcher.booking.pickupLater')
            : translate('app.dispatcher.booking.pickupNow', { city: CITY.name }))
        }
        fullWidth
      />
    </Box>
  );
}
