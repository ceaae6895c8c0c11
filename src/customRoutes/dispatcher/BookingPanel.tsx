import { ACTIONS } from '../../domain/resourceActions';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { trips } from '../../domain/resources';
import { PAYMENT_METHODS } from '../../domain/enums';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { fieldErrorsOf, serverMessage, HttpFailure } from '../../http';
import { enumLabelKey } from '../../kit/enumChoices';
import { formatDateTime } from '../../kit/format';
import { cityWallTimeToInstant } from '../../kit/CityDateTimeInput';
import { useAvailability, useFareEstimates } from './bookingData';
import { loadPhoneRules } from '../../domain/fieldRules';
import {
  FIELD_ORDER,
  bookingFieldErrors,
  isNewCaller,
  missingField,
  tripOfBooking,
  type BookingForm,
  type PointKind,
} from './bookingForm';
import { NearestDrivers } from './NearestDrivers';
import { PassengerField } from './PassengerField';
import { PickupTimeField } from './PickupTimeField';
import { PlaceField } from './PlaceField';
import { VehicleChoice } from './VehicleChoice';

// The booking reads national numbers as it renders: the phone rules start loading with this screen.
void loadPhoneRules();

export { EMPTY_BOOKING, type BookingForm, type PointKind } from './bookingForm';

interface Props {
  form: BookingForm;
  onChange: (change: Partial<BookingForm>) => void;
  onClear: () => void;
  /** A point kind is waiting for a click on the map. */
  picking: PointKind | null;
  onPick: (kind: PointKind | null) => void;
  onBooked: (tripId: number) => void;
}

/**
 * The phone booking, keyboard first: F2 the phone (autocomplete of passengers, a new number asks
 * for the name), the pickup and drop-off (known places, or a click on the map), the vehicle type
 * (arrow keys; fare, nearest driver's ETA and available count each), payment, discount code (checked
 * as typed), note; Ctrl+Enter books with automatic offers, Esc clears. Memoised: the page around it
 * renders on every batch of live positions.
 */
export const BookingPanel = memo(function BookingPanel({ form, onChange, onClear, picking, onPick, onBooked }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePanelDataProvider();
  const { canAccess: canBook } = useCanAccess({ resource: trips.path, action: 'create' });
  const { canAccess: canAssign } = useCanAccess({ resource: trips.path, action: 'edit' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [booking, setBooking] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // The field to bring into view and focus once its error has rendered (a counter so a repeat moves again).
  const [focusRequest, setFocusRequest] = useState<{ field: string; n: number }>();
  useEffect(() => {
    if (!focusRequest) return;
    const target = sectionRef.current?.querySelector<HTMLElement>(`[data-booking-field="${focusRequest.field}"]`);
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus();
  }, [focusRequest]);
  const showErrors = (shown: Record<string, string>) => {
    setErrors(shown);
    const first = FIELD_ORDER.find((field) => shown[field] !== undefined);
    if (first) setFocusRequest((previous) => ({ field: first, n: (previous?.n ?? 0) + 1 }));
  };

  const scheduledAt = form.pickupTime ? (cityWallTimeToInstant(form.pickupTime) ?? undefined) : undefined;
  const fares = useFareEstimates(form.pickup, form.dropoff, form.discountCode, form.passenger?.id, scheduledAt);
  const availability = useAvailability(form.pickup);
  // The estimates refuse a pickup or drop-off outside the service zones: said under that field.
  const zoneErrors = fares.error ? fieldErrorsOf(fares.error) : undefined;
  const list = useMemo(() => fares.fares ?? [], [fares.fares]);
  const chosen = list.findIndex((f) => f.vehicleTypeId === form.vehicleTypeId);

  // Once fares arrive, the type the server suggests (the caller's last, else the most booked) is
  // chosen, else the first; a choice that is no longer offered is dropped.
  const suggested = fares.suggested;
  useEffect(() => {
    if (list.length === 0 || chosen !== -1) return;
    const start = list.find((f) => f.vehicleTypeId === suggested) ?? list[0];
    onChange({ vehicleTypeId: start.vehicleTypeId });
  }, [list, chosen, suggested, onChange]);

  // F2 anywhere on the page focuses the phone.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'F2') return;
      event.preventDefault();
      phoneRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const change = (patch: Partial<BookingForm>, ...cleared: string[]) => {
    onChange(patch);
    if (cleared.length) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !cleared.includes(k))));
    setFailure(undefined);
  };

  const clear = () => {
    onClear();
    setErrors({});
    setFailure(undefined);
    phoneRef.current?.focus();
  };

  const blocked = form.passenger?.status === 'blocked';
  const newCaller = isNewCaller(form);
  const ready =
    canBook === true &&
    !booking &&
    !blocked &&
    (form.passenger !== null || (newCaller && form.firstName.trim() !== '' && form.lastName.trim() !== '')) &&
    form.pickup !== undefined &&
    form.dropoff !== undefined &&
    form.vehicleTypeId !== undefined &&
    fares.codeProblem === null;

  const book = async () => {
    if (!ready) {
      const missing = missingField(form);
      if (missing && !booking) showErrors({ [missing[0]]: translate(missing[1]) });
      else if (!booking) setFailure(translate('app.dispatcher.booking.incomplete'));
      return;
    }
    setBooking(true);
    setErrors({});
    setFailure(undefined);
    try {
      const { data } = await dataProvider.create(trips.path, { data: tripOfBooking(form, scheduledAt) });
      const id = Number(data.id);
      if (scheduledAt)
        notify(translate('app.dispatcher.booking.bookedLater', { id, time: formatDateTime(scheduledAt) }), {
          type: 'success',
        });
      else if (form.driverId !== undefined) {
        try {
          const assigned = await dataProvider.action(ACTIONS.trips.assign, {
            id,
            data: { driverId: form.driverId },
          });
          notify(assigned.message ?? translate('app.dispatcher.booking.booked', { id }), { type: 'success' });
        } catch (error) {
          // The trip stands (booked, offered automatically); only the chosen driver could not take it.
          notify(
            translate('app.dispatcher.booking.bookedNotAssigned', {
              id,
              reason: (error instanceof HttpFailure ? serverMessage(error.body) : undefined) ?? String(error),
            }),
            { type: 'warning' },
          );
        }
      } else notify(translate('app.dispatcher.booking.booked', { id }), { type: 'success' });
      onBooked(id);
      clear();
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) {
        const shown = bookingFieldErrors(fieldErrors);
        showErrors(shown);
        if (shown.form) setFailure(shown.form);
      } else {
        setFailure(
          (error instanceof HttpFailure ? serverMessage(error.body) : undefined) ??
            (error instanceof Error ? error.message : translate('app.dispatcher.booking.failed')),
        );
      }
    } finally {
      setBooking(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void book();
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
        <PassengerField
          form={form}
          inputRef={phoneRef}
          error={errors.phone}
          onChange={(patch) => change(patch, 'phone')}
        />
        {blocked && (
          <Alert severity="error" data-testid="booking-blocked">
            {translate('app.dispatcher.booking.blocked', {
              reason: form.passenger?.statusReason ?? translate('app.dispatcher.booking.noReason'),
            })}
          </Alert>
        )}
        {newCaller && (
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              label={translate('app.dispatcher.booking.firstName')}
              value={form.firstName}
              onChange={(e) => change({ firstName: e.target.value }, 'firstName')}
              error={Boolean(errors.firstName)}
              helperText={errors.firstName}
              slotProps={{ htmlInput: { 'data-booking-field': 'firstName' } }}
              required
            />
            <TextField
              size="small"
              label={translate('app.dispatcher.booking.lastName')}
              value={form.lastName}
              onChange={(e) => change({ lastName: e.target.value }, 'lastName')}
              error={Boolean(errors.lastName)}
              helperText={errors.lastName}
              slotProps={{ htmlInput: { 'data-booking-field': 'lastName' } }}
              required
            />
          </Stack>
        )}
        <PlaceField
          kind="pickup"
          value={form.pickup}
          error={errors.pickup ?? zoneErrors?.pickup}
          picking={picking === 'pickup'}
          onPick={onPick}
          onChange={(pickup) => change({ pickup }, 'pickup')}
        />
        <PlaceField
          kind="dropoff"
          value={form.dropoff}
          error={errors.dropoff ?? zoneErrors?.dropoff}
          picking={picking === 'dropoff'}
          onPick={onPick}
          onChange={(dropoff) => change({ dropoff }, 'dropoff')}
        />
        <Box data-booking-field="vehicle" tabIndex={-1} sx={{ outline: 'none' }}>
          <VehicleChoice
            fares={list}
            plain={fares.plain}
            availability={availability.data}
            chosen={chosen}
            isPending={fares.isPending}
            error={
              errors.vehicle ??
              (fares.error ? (zoneErrors ? Object.values(zoneErrors)[0] : (fares.error as Error).message) : undefined)
            }
            onRetry={() => void fares.refetch()}
            ready={form.pickup !== undefined && form.dropoff !== undefined}
            onChoose={(vehicleTypeId) => change({ vehicleTypeId }, 'vehicle')}
          />
        </Box>
        <Stack direction="row" spacing={1}>
          <TextField
            select
            size="small"
            label={translate('app.dispatcher.booking.payment')}
            value={form.paymentMethod}
            onChange={(e) => change({ paymentMethod: e.target.value as BookingForm['paymentMethod'] }, 'paymentMethod')}
            slotProps={{ select: { native: true }, htmlInput: { 'data-booking-field': 'paymentMethod' } }}
            sx={{ minWidth: 110 }}
          >
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {translate(enumLabelKey('paymentMethod', method))}
              </option>
            ))}
          </TextField>
          <TextField
            size="small"
            label={translate('app.dispatcher.booking.discountCode')}
            value={form.discountCode}
            onChange={(e) => change({ discountCode: e.target.value.toUpperCase() }, 'discountCode')}
            error={Boolean(errors.discountCode ?? fares.codeProblem)}
            helperText={
              errors.discountCode ??
              fares.codeProblem ??
              (form.discountCode.trim() && fares.codeChecking
                ? translate('app.dispatcher.booking.checkingCode')
                : fares.codeApplied
                  ? translate('app.dispatcher.booking.codeApplied')
                  : undefined)
            }
            slotProps={{
              htmlInput: { 'data-testid': 'booking-discount', 'data-booking-field': 'discountCode', maxLength: 30 },
            }}
            fullWidth
          />
        </Stack>
        <TextField
          size="small"
          label={translate('app.dispatcher.booking.note')}
          value={form.driverNote}
          onChange={(e) => change({ driverNote: e.target.value }, 'driverNote')}
          error={Boolean(errors.driverNote)}
          helperText={errors.driverNote}
          slotProps={{ htmlInput: { maxLength: 300, 'data-booking-field': 'driverNote' } }}
          fullWidth
        />
        {/* After the note: the keyboard path from the drop-off to the vehicle list stays as it was. */}
        <PickupTimeField
          value={form.pickupTime ?? ''}
          error={errors.pickupTime}
          onChange={(pickupTime) => change({ pickupTime, driverId: undefined, driverLabel: undefined }, 'pickupTime')}
        />
        {canAssign === true && canBook === true && form.pickup && form.vehicleTypeId !== undefined && !scheduledAt && (
          <NearestDrivers
            pickup={form.pickup}
            vehicleTypeId={form.vehicleTypeId}
            driverId={form.driverId}
            onChoose={(driver) =>
              onChange(
                driver
                  ? { driverId: driver.id, driverLabel: driver.name }
                  : { driverId: undefined, driverLabel: undefined },
              )
            }
          />
        )}
        {form.driverId !== undefined && (
          <Alert
            severity="info"
            data-testid="booking-driver"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => onChange({ driverId: undefined, driverLabel: undefined })}
              >
                {translate('app.dispatcher.booking.useOffers')}
              </Button>
            }
          >
            {translate('app.dispatcher.booking.assignTo', { name: form.driverLabel ?? `#${form.driverId}` })}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" data-testid="booking-error">
            {failure}
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            onClick={() => void book()}
            disabled={!ready}
            data-testid="booking-submit"
            fullWidth
          >
            {translate(booking ? 'app.dispatcher.booking.booking' : 'app.dispatcher.booking.book')}
          </Button>
          <Button onClick={clear} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {translate('app.dispatcher.booking.clear')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
});
