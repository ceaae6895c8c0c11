import * as yup from 'yup';
import { PAYMENT_METHODS } from '../../domain/enums';
import { phone, toE164 } from '../../domain/fieldRules';
import type { Passenger } from '../../resources/passengers/types';
import type { BookingPoint } from './bookingData';

export type PointKind = 'pickup' | 'dropoff';

/**
 * The booking's values in react-admin's form (the dispatcher screen's one owner of them: the panel,
 * the map and the driver cards write here). The fields carry the names of the trip the server
 * creates (`POST trips`), so a refusal's `{errors}` land under their fields as in every other form.
 */
export interface BookingValues {
  /** The known passenger picked (their name, trips and status); null for a new caller or nobody yet. */
  caller: Passenger | null;
  /** The phone as typed and, for a new caller, their name: the trip's `passenger` when nobody is picked. */
  passenger: { phone: string; firstName: string; lastName: string };
  pickupAddress: string | null;
  pickupLat: number | null;
  pickupLng: number | null;
  dropoffAddress: string | null;
  dropoffLat: number | null;
  dropoffLng: number | null;
  vehicleTypeId: number | null;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  discountCode: string;
  driverNote: string;
  /** Book for later: the pickup time on the city's clock ("2026-03-01T08:00"), sent as its instant; '': now. */
  scheduledAt: string;
  /** A driver picked on the map or in the nearest list, assigned right after booking (instead of automatic offers). */
  driverId: number | null;
  driverLabel: string | null;
}

export const EMPTY_BOOKING: BookingValues = {
  caller: null,
  passenger: { phone: '', firstName: '', lastName: '' },
  pickupAddress: null,
  pickupLat: null,
  pickupLng: null,
  dropoffAddress: null,
  dropoffLat: null,
  dropoffLng: null,
  vehicleTypeId: null,
  paymentMethod: 'cash',
  discountCode: '',
  driverNote: '',
  scheduledAt: '',
  driverId: null,
  driverLabel: null,
};

/** The form fields of a pickup or drop-off (the trip's own). */
export const pointFields = (kind: PointKind) =>
  [`${kind}Address`, `${kind}Lat`, `${kind}Lng`] as const satisfies readonly (keyof BookingValues)[];

/** The point a pickup or drop-off's fields (address, latitude, longitude) hold, if set. */
export function pointOf([address, lat, lng]: readonly unknown[]): BookingPoint | undefined {
  return typeof address === 'string' && typeof lat === 'number' && typeof lng === 'number'
    ? { address, lat, lng }
    : undefined;
}

/** A new caller: no passenger picked and a whole number typed (the shared phone rule: +254 712 345 678 or 0712 345 678). */
export const isNewCaller = (caller: Passenger | null, phone: string) => caller === null && toE164(phone) !== undefined;

/** The fields of the booking, in the order they are filled (the first wrong one gets the focus). */
export const FIELD_ORDER = [
  'passengerId',
  'passenger.phone',
  'passenger.firstName',
  'passenger.lastName',
  ...pointFields('pickup'),
  ...pointFields('dropoff'),
  'vehicleTypeId',
  'paymentMethod',
  'discountCode',
  'driverNote',
  'scheduledAt',
] as const;

export const PHONE_INPUT_ID = 'booking-phone';

const missing = (field: string) => `app.dispatcher.booking.missing.${field}`;

/** A new caller's name, asked for once their number is a whole one. */
const newCallerName = (field: 'firstName' | 'lastName') =>
  yup
    .string()
    .trim()
    .when('phone', {
      is: (typed: string | null | undefined) => toE164(typed ?? '') !== undefined,
      then: (name) => name.required(missing(field)),
    });

/**
 * What a booking needs before it is sent (each message a translation key, or the shared phone
 * rule's): a known passenger or a new caller's whole number and name, both points and a vehicle
 * type. The server checks the rest (service area, vehicle type, code, pickup time).
 */
export const bookingSchema = yup.object({
  caller: yup.mixed<Passenger>().nullable(),
  passenger: yup.object().when('caller', {
    is: (caller: Passenger | null | undefined) => caller == null,
    then: () =>
      yup.object({
        phone: phone().required(missing('phone')),
        firstName: newCallerName('firstName'),
        lastName: newCallerName('lastName'),
      }),
  }),
  pickupAddress: yup.string().nullable().required(missing('pickup')),
  dropoffAddress: yup.string().nullable().required(missing('dropoff')),
  vehicleTypeId: yup.number().nullable().required(missing('vehicle')),
});

const trimmed = (text: string | null | undefined) => text?.trim() || null;

/**
 * The trip a complete booking asks for (`POST trips`): the passenger picked, or the new caller with
 * the number in international form; `scheduledAt` (an instant) books for later.
 */
export function tripOfBooking(values: BookingValues, scheduledAt: string | undefined) {
  return {
    ...(values.caller
      ? { passengerId: values.caller.id }
      : {
          passenger: {
            firstName: values.passenger.firstName.trim(),
            lastName: values.passenger.lastName.trim(),
            phone: toE164(values.passenger.phone) ?? values.passenger.phone,
          },
        }),
    vehicleTypeId: values.vehicleTypeId,
    pickupAddress: values.pickupAddress,
    pickupLat: values.pickupLat,
    pickupLng: values.pickupLng,
    dropoffAddress: values.dropoffAddress,
    dropoffLat: values.dropoffLat,
    dropoffLng: values.dropoffLng,
    paymentMethod: values.paymentMethod,
    discountCode: trimmed(values.discountCode),
    driverNote: trimmed(values.driverNote),
    scheduledAt: scheduledAt ?? null,
  };
}
