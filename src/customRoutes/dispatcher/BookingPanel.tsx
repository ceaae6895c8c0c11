import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { memo, useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { trips } from '../../domain/resources';
import { PAYMENT_METHODS } from '../../domain/enums';
import { fieldErrorsOf } from '../../http';
import { enumLabelKey } from '../../kit/enumChoices';
import { useAvailability, useFareEstimates } from './bookingData';
import { loadPhoneRules } from '../../domain/fieldRules';
import { EMPTY_BOOKING, FIELD_ORDER, isNewCaller, type BookingValues, type PointKind } from './bookingForm';
import { BookingTextField, useBookingPoint, useFieldError, useSetBookingDriver } from './bookingFields';
import { scheduledInstant } from './useBookTrip';
import { NearestDrivers } from './NearestDrivers';
import { PassengerField } from './PassengerField';
import { PickupTimeField } from './PickupTimeField';
import { PlaceField } from './PlaceField';
import { VehicleChoice } from './VehicleChoice';

// The booking reads national numbers as it renders: the phone rules start loading with this screen.
void loadPhoneRules();

interface Props {
  /** A point kind is waiting for a click on the map. */
  picking: PointKind | null;
  onPick: (kind: PointKind | null) => void;
  /** How many trips were booked here: each one empties the form for the next caller. */
  bookings: number;
  /** The booking is being sent. */
  isPending: boolean;
}

/**
 * The phone booking, keyboard first, on the screen's react-admin form: F2 a new call, on the phone (autocomplete of
 * passengers, a new number asks for the name), the pickup and drop-off (known places, or a click on
 * the map), the vehicle type (arrow keys; fare, nearest driver's ETA and available count each),
 * payment, discount code (checked as typed), note; Ctrl+Enter books with automatic offers, Esc
 * clears. Memoised: the page around it renders on every batch of live positions.
 */
export const BookingPanel = memo(function BookingPanel({ picking, onPick, bookings, isPending }: Props) {
  const translate = useTranslate();
  const { canAccess: canBook } = useCanAccess({ resource: trips.path, action: 'create' });
  const { canAccess: canAssign } = useCanAccess({ resource: trips.path, action: 'edit' });
  const { reset, setValue, clearErrors, getFieldState, setError, trigger } = useFormContext<BookingValues>();
  const { errors, submitCount } = useFormState<BookingValues>();
  const [caller, passenger, vehicleTypeId, discountCode, driverId, driverLabel] = useWatch<
    BookingValues,
    ['caller', 'passenger', 'vehicleTypeId', 'discountCode', 'driverId', 'driverLabel']
  >({ name: ['caller', 'passenger', 'vehicleTypeId', 'discountCode', 'driverId', 'driverLabel'] });
  const pickup = useBookingPoint('pickup');
  const dropoff = useBookingPoint('dropoff');
  const { field: pickupTime } = useController<BookingValues, 'scheduledAt'>({ name: 'scheduledAt' });
  const pickupTimeError = useFieldError('scheduledAt');
  const vehicleError = useFieldError('vehicleTypeId');
  const setDriver = useSetBookingDriver();
  const phoneRef = useRef<HTMLInputElement>(null);
  const sectionRef = useRef<HTMLElement>(null);

  // The first wrong field (by the rules or the server) comes into view and takes the focus.
  const focusFirstError = useCallback(() => {
    const first = FIELD_ORDER.find((name) => getFieldState(name as keyof BookingValues).error);
    if (!first) return;
    const target = sectionRef.current?.querySelector<HTMLElement>(`[data-booking-field~="${first}"]`);
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus();
  }, [getFieldState]);
  useEffect(() => {
    if (submitCount > 0) focusFirstError();
  }, [submitCount, focusFirstError]);

  const scheduledAt = scheduledInstant(pickupTime.value);
  const fares = useFareEstimates(pickup, dropoff, discountCode, caller?.id, scheduledAt);
  // Who is near now says nothing of a pickup later: the live availability is asked for a ride now only.
  const availability = useAvailability(scheduledAt ? undefined : pickup);
  // The estimates refuse a pickup or drop-off outside the service zones: said under that field.
  const zoneErrors = fares.error ? fieldErrorsOf(fares.error) : undefined;
  const list = useMemo(() => fares.fares ?? [], [fares.fares]);
  const chosen = list.findIndex((f) => f.vehicleTypeId === vehicleTypeId);
  const chooseVehicle = useCallback(
    (id: number) => {
      setValue('vehicleTypeId', id, { shouldDirty: true });
      clearErrors('vehicleTypeId');
    },
    [setValue, clearErrors],
  );

  // Once fares arrive, the type the server suggests (the caller's last, else the most booked) is
  // chosen, else the first; a choice that is no longer offered is dropped.
  const suggested = fares.suggested;
  useEffect(() => {
    if (list.length === 0 || chosen !== -1) return;
    chooseVehicle((list.find((f) => f.vehicleTypeId === suggested) ?? list[0]).vehicleTypeId);
  }, [list, chosen, suggested, chooseVehicle]);

  const clear = useCallback(() => {
    reset(EMPTY_BOOKING);
    onPick(null);
    phoneRef.current?.focus();
  }, [reset, onPick]);

  // F2 anywhere on the page is a new call: an empty form, the focus on the phone (a half-filled
  // booking left behind would take the new caller's digits after the old number's).
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'F2') return;
      event.preventDefault();
      clear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [clear]);
  // Booked: the form is empty and ready for the next caller.
  useEffect(() => {
    if (bookings > 0) clear();
  }, [bookings, clear]);

  const blocked = caller?.status === 'blocked';
  const newCaller = isNewCaller(caller, passenger.phone);
  const allowed = canBook === true && !blocked && fares.codeProblem === null;
  const ready =
    allowed &&
    !isPending &&
    (caller !== null || (newCaller && passenger.firstName.trim() !== '' && passenger.lastName.trim() !== '')) &&
    pickup !== undefined &&
    dropoff !== undefined &&
    vehicleTypeId !== null;

  // Ctrl+Enter: the form's submit (its rules, then the server). A booking refused for what the rules
  // do not see (a blocked passenger, a refused code, no permission) says so instead.
  const book = () => {
    if (isPending) return;
    if (allowed) {
      sectionRef.current?.closest('form')?.requestSubmit();
      return;
    }
    void trigger().then((valid) => {
      if (valid) setError('root', { type: 'refused', message: 'app.dispatcher.booking.incomplete' });
      focusFirstError();
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      book();
    } else if (event.key === 'Escape' && !event.defaultPrevented) {
      // An open suggestion list closes first (the autocomplete handles that Escape).
      const target = event.target as HTMLElement;
      if (target.getAttribute('aria-expanded') === 'true') return;
      event.preventDefault();
      if (picking) onPick(null);
      else clear();
    }
  };

  return (
    <Box
      component="section"
      ref={sectionRef}
      aria-labelledby="booking-title"
      onKeyDown={onKeyDown}
      sx={{ px: 2, pt: 2, pb: 1 }}
    >
      <Typography id="booking-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {translate('app.dispatcher.booking.title')}
      </Typography>
      <Typography variant="caption" color="text.secondary" data-testid="booking-shortcuts" component="p">
        {translate('app.dispatcher.booking.shortcuts')}
      </Typography>
      {canBook === false && (
        <Alert severity="info" sx={{ my: 1 }}>
          {translate('app.dispatcher.booking.notAllowed')}
        </Alert>
      )}
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        <PassengerField inputRef={phoneRef} />
        {blocked && (
          <Alert severity="error" data-testid="booking-blocked">
            {translate('app.dispatcher.booking.blocked', {
              reason: caller?.statusReason ?? translate('app.dispatcher.booking.noReason'),
            })}
          </Alert>
        )}
        {newCaller && (
          <Stack direction="row" spacing={1}>
            <BookingTextField
              name="passenger.firstName"
              label={translate('app.dispatcher.booking.firstName')}
              required
            />
            <BookingTextField name="passenger.lastName" label={translate('app.dispatcher.booking.lastName')} required />
          </Stack>
        )}
        <PlaceField kind="pickup" problem={zoneErrors?.pickup} picking={picking === 'pickup'} onPick={onPick} />
        <PlaceField kind="dropoff" problem={zoneErrors?.dropoff} picking={picking === 'dropoff'} onPick={onPick} />
        <Box data-booking-field="vehicleTypeId" tabIndex={-1} sx={{ outline: 'none' }}>
          <VehicleChoice
            fares={list}
            plain={fares.plain}
            availability={availability.data}
            chosen={chosen}
            isPending={fares.isPending}
            error={
              vehicleError ??
              (fares.error ? (zoneErrors ? Object.values(zoneErrors)[0] : (fares.error as Error).message) : undefined)
            }
            onRetry={() => void fares.refetch()}
            ready={pickup !== undefined && dropoff !== undefined}
            onChoose={chooseVehicle}
            pickupAt={scheduledAt}
          />
        </Box>
        <Stack direction="row" spacing={1}>
          <BookingTextField
            select
            name="paymentMethod"
            label={translate('app.dispatcher.booking.payment')}
            slotProps={{ select: { native: true } }}
            sx={{ minWidth: 110 }}
          >
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {translate(enumLabelKey('paymentMethod', method))}
              </option>
            ))}
          </BookingTextField>
          <BookingTextField
            name="discountCode"
            label={translate('app.dispatcher.booking.discountCode')}
            transform={(typed) => typed.toUpperCase()}
            problem={fares.codeProblem}
            helperText={
              discountCode.trim() && fares.codeChecking
                ? translate('app.dispatcher.booking.checkingCode')
                : fares.codeApplied
                  ? translate('app.dispatcher.booking.codeApplied')
                  : undefined
            }
            htmlInput={{ 'data-testid': 'booking-discount', maxLength: 30 }}
            fullWidth
          />
        </Stack>
        <BookingTextField
          name="driverNote"
          label={translate('app.dispatcher.booking.note')}
          htmlInput={{ maxLength: 300 }}
          fullWidth
        />
        {/* After the note: the keyboard path from the drop-off to the vehicle list stays as it was. */}
        <PickupTimeField
          value={pickupTime.value}
          error={pickupTimeError}
          onChange={(wall) => {
            pickupTime.onChange(wall);
            setDriver(null);
          }}
        />
        {canAssign === true && canBook === true && pickup && vehicleTypeId !== null && !scheduledAt && (
          <NearestDrivers
            pickup={pickup}
            vehicleTypeId={vehicleTypeId}
            driverId={driverId ?? undefined}
            onChoose={setDriver}
          />
        )}
        {driverId !== null && (
          <Alert
            severity="info"
            data-testid="booking-driver"
            action={
              <Button color="inherit" size="small" onClick={() => setDriver(null)}>
                {translate('app.dispatcher.booking.useOffers')}
              </Button>
            }
          >
            {translate('app.dispatcher.booking.assignTo', { name: driverLabel ?? `#${driverId}` })}
          </Alert>
        )}
        {errors.root?.message && (
          <Alert severity="error" data-testid="booking-error">
            {translate(errors.root.message)}
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={book} disabled={!ready} data-testid="booking-submit" fullWidth>
            {translate(isPending ? 'app.dispatcher.booking.booking' : 'app.dispatcher.booking.book')}
          </Button>
          <Button onClick={clear} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {translate('app.dispatcher.booking.clear')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
});
