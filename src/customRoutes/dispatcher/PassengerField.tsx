import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatRelativeTime } from '../../kit/format';
import type { Passenger } from '../../resources/passengers/types';
import { phoneDigits, usePassengerMatches } from './bookingData';
import { PHONE_INPUT_ID, isNewCaller, type BookingValues } from './bookingForm';
import { useFieldError } from './bookingFields';
import type { RefObject } from 'react';
import { useFormContext, useWatch, type FieldPath } from 'react-hook-form';

/** The names of the phone field: the picked passenger's id, or the new caller's number. */
const NAMES = ['passengerId', 'passenger.phone'] as const;

/**
 * The caller's phone, completed from the passengers whose number matches (a new number asks for the
 * name): picking one sets the form's `caller`, typing sets the new caller's `passenger.phone`.
 */
export function PassengerField({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const translate = useTranslate();
  const { setValue, clearErrors } = useFormContext<BookingValues>();
  const [caller, phone] = useWatch<BookingValues, ['caller', 'passenger.phone']>({
    name: ['caller', 'passenger.phone'],
  });
  const error = useFieldError(...NAMES);
  const onChange = (picked: Passenger | null, typed: string) => {
    setValue('caller', picked, { shouldDirty: true });
    setValue('passenger.phone', typed, { shouldDirty: true });
    // `passengerId` is no field of the form (the caller is), but a refusal of it shows here.
    clearErrors([...NAMES] as FieldPath<BookingValues>[]);
  };
  const matches = usePassengerMatches(phone);
  const options = phoneDigits(phone).length >= 3 ? (matches.data ?? []) : [];
  const helper =
    error ??
    (caller
      ? translate('app.dispatcher.booking.passengerTrips', {
          name: caller.fullName,
          smart_count: caller.tripsCount,
          last: formatRelativeTime(caller.lastTripAt) ?? translate('app.dispatcher.booking.never'),
        })
      : isNewCaller(caller, phone)
        ? translate('app.dispatcher.booking.newCaller')
        : translate('app.dispatcher.booking.phoneHint'));
  return (
    <Autocomplete<Passenger, false, false, true>
      id={PHONE_INPUT_ID}
      freeSolo
      options={options}
      filterOptions={(x) => x}
      loading={matches.isFetching}
      value={caller}
      inputValue={phone}
      onInputChange={(_, typed, reason) => {
        if (reason === 'reset') return;
        onChange(null, typed);
      }}
      onChange={(_, value) => {
        if (value && typeof value !== 'string') onChange(value, value.phone);
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
          inputProps={{ ...params.inputProps, 'data-booking-field': NAMES.join(' '), 'aria-busy': matches.searching }}
          helperText={helper}
          autoFocus
        />
      )}
    />
  );
}
