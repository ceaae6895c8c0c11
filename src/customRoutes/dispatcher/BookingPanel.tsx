import { ACTIONS } from '../../domain/resourceActions';
import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import { Alert, Autocomplete, Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { trips } from '../../domain/resources';
import { PAYMENT_METHODS } from '../../domain/enums';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { fieldErrorsOf, serverMessage, HttpFailure } from '../../http';
import { enumLabelKey } from '../../kit/enumChoices';
import { formatDateTime, formatMoney, formatRelativeTime } from '../../kit/format';
import { cityWallTimeToInstant } from '../../kit/CityDateTimeInput';
import { localWallTime } from '../../domain/dateRange';
import { CITY } from '../../domain/city';
import { SCHEDULE_MAX_DAYS } from '../../domain/scheduling';
import type { Passenger } from '../../resources/passengers/types';
import {
  phoneDigits,
  useAvailability,
  useFareEstimates,
  useNearestDrivers,
  usePassengerMatches,
  usePlaces,
  type BookingPoint,
  type NearDriver,
  type PlaceOption,
} from './bookingData';
import { ChoiceList, ChoiceOption } from './ChoiceList';
import { zoneEffectOf } from '../../domain/zoneFares';
import { useZoneEffectText } from '../../kit/zoneEffectText';
import { matchesPlace } from '../../domain/placeSearch';
import { loadPhoneRules, PHONE_MESSAGE, toE164 } from '../../domain/fieldRules';

// The booking reads national numbers as it renders: the phone rules start loading with this screen.
void loadPhoneRules();

export type PointKind = 'pickup' | 'dropoff';

export interface BookingForm {
  phone: string;
  passenger: Passenger | null;
  firstName: string;
  lastName: string;
  pickup?: BookingPoint;
  dropoff?: BookingPoint;
  vehicleTypeId?: number;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  discountCode: string;
  driverNote: string;
  /** Book for later: the pickup time on the city's clock ("2026-03-01T08:00"); empty or absent: now. */
  pickupTime?: string;
  /** A driver picked on the map, assigned right after booking (instead of automatic offers). */
  driverId?: number;
  driverLabel?: string;
}

export const EMPTY_BOOKING: BookingForm = {
  phone: '',
  passenger: null,
  firstName: '',
  lastName: '',
  paymentMethod: 'cash',
  discountCode: '',
  driverNote: '',
};

/** A new caller: no passenger picked and a whole number typed (the shared phone rule: +254 712 345 678 or 0712 345 678). */
const isNewCaller = (form: BookingForm) => form.passenger === null && toE164(form.phone) !== undefined;

/** The fields of the booking, in the order they are filled (the first wrong one gets the focus). */
const FIELD_ORDER = [
  'phone',
  'firstName',
  'lastName',
  'pickup',
  'dropoff',
  'vehicle',
  'paymentMethod',
  'discountCode',
  'driverNote',
  'pickupTime',
] as const;

/** What the first field still missing is, with the message shown under it (undefined: nothing missing). */
function missingField(form: BookingForm): [string, string] | undefined {
  if (form.passenger === null) {
    if (form.phone.trim() === '') return ['phone', 'app.dispatcher.booking.missing.phone'];
    if (!isNewCaller(form)) return ['phone', PHONE_MESSAGE];
    if (form.firstName.trim() === '') return ['firstName', 'app.dispatcher.booking.missing.firstName'];
    if (form.lastName.trim() === '') return ['lastName', 'app.dispatcher.booking.missing.lastName'];
  }
  if (form.pickup === undefined) return ['pickup', 'app.dispatcher.booking.missing.pickup'];
  if (form.dropoff === undefined) return ['dropoff', 'app.dispatcher.booking.missing.dropoff'];
  if (form.vehicleTypeId === undefined) return ['vehicle', 'app.dispatcher.booking.missing.vehicle'];
  return undefined;
}

const PHONE_INPUT_ID = 'booking-phone';

interface Props {
  form: BookingForm;
  onChange: (change: Partial<BookingForm>) => void;
  onClear: () => void;
  /** A point kind is waiting for a click on the map. */
  picking: PointKind | null;
  onPick: (kind: PointKind | null) => void;
  onBooked: (tripId: number) => void;
}

/** Where each field error of the booking shows. */
const ERROR_FIELD: Record<string, string> = {
  passengerId: 'phone',
  'passenger.phone': 'phone',
  'passenger.firstName': 'firstName',
  'passenger.lastName': 'lastName',
  pickupLat: 'pickup',
  pickupLng: 'pickup',
  pickupAddress: 'pickup',
  dropoffLat: 'dropoff',
  dropoffLng: 'dropoff',
  dropoffAddress: 'dropoff',
  vehicleTypeId: 'vehicle',
  discountCode: 'discountCode',
  driverNote: 'driverNote',
  paymentMethod: 'paymentMethod',
  scheduledAt: 'pickupTime',
};

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
      const { data } = await dataProvider.create(trips.path, {
        data: {
          ...(form.passenger
            ? { passengerId: form.passenger.id }
            : {
                passenger: {
                  firstName: form.firstName.trim(),
                  lastName: form.lastName.trim(),
                  phone: toE164(form.phone) ?? form.phone,
                },
              }),
          vehicleTypeId: form.vehicleTypeId,
          pickupAddress: form.pickup!.address,
          pickupLat: form.pickup!.lat,
          pickupLng: form.pickup!.lng,
          dropoffAddress: form.dropoff!.address,
          dropoffLat: form.dropoff!.lat,
          dropoffLng: form.dropoff!.lng,
          paymentMethod: form.paymentMethod,
          discountCode: form.discountCode.trim() || null,
          driverNote: form.driverNote.trim() || null,
          scheduledAt: scheduledAt ?? null,
        },
      });
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
        const shown: Record<string, string> = {};
        for (const [key, message] of Object.entries(fieldErrors)) shown[ERROR_FIELD[key] ?? 'form'] ??= message;
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

function PassengerField({
  form,
  inputRef,
  error,
  onChange,
}: {
  form: BookingForm;
  inputRef: React.RefObject<HTMLInputElement | null>;
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

function PlaceField({
  kind,
  value,
  error,
  picking,
  onPick,
  onChange,
}: {
  kind: PointKind;
  value?: BookingPoint;
  error?: string;
  picking: boolean;
  onPick: (kind: PointKind | null) => void;
  onChange: (point: BookingPoint | undefined) => void;
}) {
  const translate = useTranslate();
  const [typed, setTyped] = useState(value?.address ?? '');
  useEffect(() => setTyped(value?.address ?? ''), [value]);
  const places = usePlaces(typed === value?.address ? '' : typed);
  const label = translate(`app.dispatcher.booking.${kind}`);
  return (
    <Stack direction="row" spacing={0.5} alignItems="flex-start">
      <Autocomplete<PlaceOption | BookingPoint, false, false, false>
        autoHighlight
        fullWidth
        options={places.data ?? []}
        filterOptions={(options, state) =>
          state.inputValue === value?.address
            ? options
            : options.filter((o) => matchesPlace(o.address, state.inputValue))
        }
        loading={places.isFetching}
        value={value ?? null}
        inputValue={typed}
        onInputChange={(_, text, reason) => {
          if (reason !== 'reset') setTyped(text);
        }}
        onChange={(_, point) =>
          onChange(point ? { address: point.address, lat: point.lat, lng: point.lng } : undefined)
        }
        getOptionLabel={(option) => option.address}
        isOptionEqualToValue={(a, b) => a.address === b.address && a.lat === b.lat && a.lng === b.lng}
        noOptionsText={translate('app.dispatcher.booking.noPlaces')}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <Typography variant="body2" noWrap>
              {option.address}
            </Typography>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={label}
            error={Boolean(error)}
            helperText={error ?? (picking ? translate('app.dispatcher.booking.clickMap') : undefined)}
            inputProps={{ ...params.inputProps, 'data-testid': `booking-${kind}`, 'data-booking-field': kind }}
          />
        )}
      />
      <Tooltip title={translate('app.dispatcher.booking.pickOnMap', { what: label.toLowerCase() })}>
        <IconButton
          aria-label={translate('app.dispatcher.booking.pickOnMap', { what: label.toLowerCase() })}
          aria-pressed={picking}
          color={picking ? 'primary' : 'default'}
          onClick={() => onPick(picking ? null : kind)}
          sx={{ mt: 0.25 }}
        >
          <AddLocationAltIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function VehicleChoice({
  fares,
  plain,
  availability,
  chosen,
  isPending,
  error,
  ready,
  onRetry,
  onChoose,
}: {
  fares: ReturnType<typeof useFareEstimates>['fares'] & object;
  plain?: ReturnType<typeof useFareEstimates>['plain'];
  availability?: ReturnType<typeof useAvailability>['data'];
  chosen: number;
  isPending: boolean;
  error?: string;
  ready: boolean;
  onRetry: () => void;
  onChoose: (vehicleTypeId: number) => void;
}) {
  const translate = useTranslate();
  const zoneLine = useZoneEffectText();
  const label = translate('app.dispatcher.booking.vehicle');
  if (!ready)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="booking-vehicles">
        {translate('app.dispatcher.booking.vehiclesWait')}
      </Typography>
    );
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('ra.action.refresh')}
          </Button>
        }
      >
        {error}
      </Alert>
    );
  if (isPending)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="booking-vehicles">
        {translate('app.dispatcher.booking.quoting')}
      </Typography>
    );
  if (fares.length === 0) return <Alert severity="warning">{translate('app.dispatcher.booking.noVehicles')}</Alert>;
  return (
    <Box>
      <ChoiceList
        label={`${label} · ${translate('app.dispatcher.booking.arrows')}`}
        labelId="booking-vehicles-label"
        count={fares.length}
        chosen={chosen}
        optionId={(index) => `booking-vehicle-${fares[index].vehicleTypeId}`}
        onChoose={(index) => onChoose(fares[index].vehicleTypeId)}
        data-testid="booking-vehicles"
      >
        {fares.map((fare, index) => {
          const near = availability?.find((a) => a.vehicleTypeId === fare.vehicleTypeId);
          const before = plain?.find((p) => p.vehicleTypeId === fare.vehicleTypeId);
          return (
            <ChoiceOption
              key={fare.vehicleTypeId}
              id={`booking-vehicle-${fare.vehicleTypeId}`}
              selected={index === chosen}
              onClick={() => onChoose(fare.vehicleTypeId)}
              title={fare.vehicleTypeName}
              detail={
                near
                  ? near.available > 0 && near.nearestEtaSeconds !== null
                    ? translate('app.dispatcher.booking.eta', {
                        minutes: Math.max(1, Math.round(near.nearestEtaSeconds / 60)),
                        count: near.available,
                      })
                    : translate('app.dispatcher.booking.noneAvailable')
                  : translate('app.dispatcher.booking.noFeed')
              }
              end={
                <Box sx={{ textAlign: 'end' }}>
                  {before && fare.discount > 0 && (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ textDecoration: 'line-through' }}
                      component="div"
                    >
                      {formatMoney(before.total)}
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {formatMoney(fare.total)}
                  </Typography>
                  {zoneLine(zoneEffectOf(fare)) && (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="div"
                      data-testid={`booking-zone-effect-${fare.vehicleTypeId}`}
                    >
                      {zoneLine(zoneEffectOf(fare))}
                    </Typography>
                  )}
                </Box>
              }
            />
          );
        })}
      </ChoiceList>
    </Box>
  );
}

/**
 * The nearest available drivers of the chosen type to the pickup (distance, ETA, rating, vehicle),
 * under "Automatic offers": the arrow keys choose; a chosen driver is assigned right after booking.
 */
function NearestDrivers({
  pickup,
  vehicleTypeId,
  driverId,
  onChoose,
}: {
  pickup: BookingPoint;
  vehicleTypeId: number;
  driverId: number | undefined;
  onChoose: (driver: NearDriver | null) => void;
}) {
  const translate = useTranslate();
  const nearest = useNearestDrivers(pickup, vehicleTypeId, true);
  const drivers = nearest.data ?? [];
  // Option 0 is the automatic offers; a driver picked on the map but not in this list selects none.
  const chosen = driverId === undefined ? 0 : drivers.findIndex((d) => d.id === driverId) + 1 || -1;
  const choose = (index: number) => onChoose(index <= 0 ? null : drivers[index - 1]);
  const optionId = (index: number) => (index === 0 ? 'booking-driver-auto' : `booking-driver-${drivers[index - 1].id}`);
  return (
    <Box>
      <ChoiceList
        label={`${translate('app.dispatcher.booking.nearest')} · ${translate('app.dispatcher.booking.arrows')}`}
        labelId="booking-nearest-label"
        count={drivers.length + 1}
        chosen={chosen}
        optionId={optionId}
        onChoose={choose}
        busy={nearest.isFetching}
        data-testid="booking-nearest"
        sx={{ maxHeight: 232, overflowY: 'auto' }}
      >
        <ChoiceOption
          id="booking-driver-auto"
          selected={chosen === 0}
          onClick={() => choose(0)}
          title={translate('app.dispatcher.booking.automatic')}
          detail={translate('app.dispatcher.booking.automaticHint')}
        />
        {drivers.map((driver, i) => (
          <ChoiceOption
            key={driver.id}
            id={optionId(i + 1)}
            selected={chosen === i + 1}
            onClick={() => choose(i + 1)}
            title={driver.name}
            aside={
              <Typography variant="caption" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {translate('app.dispatcher.booking.nearestItem', {
                  distance: driver.distanceKm.toFixed(1),
                  minutes: Math.max(1, Math.round(driver.etaSeconds / 60)),
                })}
              </Typography>
            }
            detail={[`★ ${Number(driver.rating).toFixed(1)}`, driver.vehiclePlate, driver.vehicle]
              .filter(Boolean)
              .join(' · ')}
          />
        ))}
      </ChoiceList>
      {nearest.isPending ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="booking-nearest-state">
          {translate('app.dispatcher.booking.nearestLoading')}
        </Typography>
      ) : nearest.error ? (
        <Typography variant="caption" color="error" component="p" data-testid="booking-nearest-state">
          {translate('app.dispatcher.booking.nearestError')}
        </Typography>
      ) : drivers.length === 0 ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="booking-nearest-state">
          {translate('app.dispatcher.booking.nearestNone')}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Book for later: a pickup time on the city's clock, from now to 7 days ahead; empty books for now.
 * The server checks the same window (a field error under it otherwise).
 */
function PickupTimeField({
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
