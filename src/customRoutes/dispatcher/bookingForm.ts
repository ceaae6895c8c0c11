import { PAYMENT_METHODS } from '../../domain/enums';
import { PHONE_MESSAGE, toE164 } from '../../domain/fieldRules';
import type { Passenger } from '../../resources/passengers/types';
import type { BookingPoint } from './bookingData';

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
export const isNewCaller = (form: BookingForm) => form.passenger === null && toE164(form.phone) !== undefined;

/** The fields of the booking, in the order they are filled (the first wrong one gets the focus). */
export const FIELD_ORDER = [
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
export function missingField(form: BookingForm): [string, string] | undefined {
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

export const PHONE_INPUT_ID = 'booking-phone';

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
 * The server's field errors of a refused booking, each under the booking field it concerns (the
 * first message per field); one about no field goes under `form`.
 */
export function bookingFieldErrors(fieldErrors: Record<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldErrors)) shown[ERROR_FIELD[key] ?? 'form'] ??= message;
  return shown;
}

/**
 * The trip a complete booking asks for (`POST trips`): the passenger picked, or the new caller with
 * the number in international form; `scheduledAt` (an instant) books for later.
 */
export function tripOfBooking(form: BookingForm, scheduledAt: string | undefined) {
  return {
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
  };
}
