import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatRelativeTime } from '../../kit/format';
import type { Passenger } from '../../resources/passengers/types';
import { phoneDigits, usePassengerMatches } from './bookingData';
import { PHONE_INPUT_ID, isNewCaller, type BookingForm } from './bookingForm';
import type { RefObject } from 'react';

/** The caller's phone, completed from the passengers whose number matches (a new number asks for the name). */
export function PassengerField({
  form,
  inputRef,
  error,
  onChange,
}: {
  form: BookingForm;
  inputRef: RefObject<HTMLInputElement | null>;
  error?: string;
  onChange: (patch: Partial<BookingForm>) => void;
}) {
  const translate = useTranslate();
  const matches = usePassengerMatches(form.phone);
  const options = phoneDigits(form.phone).length >= 3 ? (matches.data ?? []) : [];
  const helper =
    error ??
    (form.passenger
      ? translate('app.dispatcher.booking.passengerTrips', {
          name: form.passenger.fullName,
          smart_count: form.passenger.tripsCount,
          last: formatRelativeTime(form.passenger.lastTripAt) ?? translate('app.dispatcher.booking.never'),
        })
      : isNewCaller(form)
        ? translate('app.dispatcher.booking.newCaller')
        : translate('app.dispatcher.booking.phoneHint'));
  return (
    <Autocomplete<Passenger, false, false, true>
      id={PHONE_INPUT_ID}
      freeSolo
      options={options}
      filterOptions={(x) => x}
      loading={matches.isFetching}
      value={form.passenger}
      inputValue={form.phone}
      onInputChange={(_, phone, reason) => {
        if (reason === 'reset') return;
        onChange({ phone, passenger: null });
      }}
      onChange={(_, value) => {
        if (value && typeof value !== 'string') onChange({ passenger: value, phone: value.phone });
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.phone)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {option.fullName}
              {option.status === 'blocked' && (
                <Typography component="span" variant="caption" color="error" sx={{ marginInlineStart: 1 }}>
                  {translate('app.dispatcher.booking.blockedShort')}
                </Typography>
              )}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {option.phone} ·{' '}
              {translate('app.dispatcher.booking.tripsShort', {
                smart_count: option.tripsCount,
                last: formatRelativeTime(option.lastTripAt) ?? translate('app.dispatcher.booking.never'),
              })}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          size="small"
          label={translate('app.dispatcher.booking.phone')}
          placeholder="0712… or +254 7…"
          error={Boolean(error)}
          inputProps={{ ...params.inputProps, 'data-booking-field': 'phone' }}
          helperText={helper}
          autoFocus
        />
      )}
    />
  );
}
