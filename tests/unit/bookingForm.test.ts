import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldValues } from 'react-hook-form';
import { loadPhoneRules } from '../../src/domain/fieldRules';
import { yupResolver } from '../../src/forms/yupResolver';
import {
  EMPTY_BOOKING,
  bookingSchema,
  pointOf,
  tripOfBooking,
  type BookingValues,
} from '../../src/customRoutes/dispatcher/bookingForm';
import type { Passenger } from '../../src/resources/passengers/types';

const pickup = { pickupAddress: 'Yaya Centre', pickupLat: -1.2925, pickupLng: 36.7875 };
const dropoff = { dropoffAddress: 'JKIA', dropoffLat: -1.3192, dropoffLng: 36.9278 };
const newCaller = (phone: string, firstName = '', lastName = '') => ({ phone, firstName, lastName });

/** The messages the booking's rules give, by form name, as the form's resolver reports them. */
async function messages(values: BookingValues) {
  const { errors } = await yupResolver(bookingSchema)(values as FieldValues, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const out: Record<string, string> = {};
  const walk = (node: Record<string, unknown>, path: string) => {
    for (const [key, value] of Object.entries(node)) {
      const at = path ? `${path}.${key}` : key;
      if (value && typeof value === 'object' && 'message' in value) out[at] = String(value.message);
      else if (value && typeof value === 'object') walk(value as Record<string, unknown>, at);
    }
  };
  walk(errors as Record<string, unknown>, '');
  return out;
}

describe('the phone booking form', () => {
  // The screen starts loading the phone rules as it opens; a number reads as national once they are in.
  beforeAll(() => loadPhoneRules());

  it('asks for a new caller with the number in international form, and trims the optional texts to null', () => {
    const values: BookingValues = {
      ...EMPTY_BOOKING,
      passenger: newCaller('0712 345 678', ' Wanjiku ', 'Kamau '),
      ...pickup,
      ...dropoff,
      vehicleTypeId: 2,
      discountCode: '  ',
      driverNote: ' Gate B ',
    };
    expect(tripOfBooking(values, undefined)).toEqual({
      passenger: { firstName: 'Wanjiku', lastName: 'Kamau', phone: '+254712345678' },
      vehicleTypeId: 2,
      pickupAddress: 'Yaya Centre',
      pickupLat: -1.2925,
      pickupLng: 36.7875,
      dropoffAddress: 'JKIA',
      dropoffLat: -1.3192,
      dropoffLng: 36.9278,
      paymentMethod: 'cash',
      discountCode: null,
      driverNote: 'Gate B',
      scheduledAt: null,
    });
    // A known passenger is sent by id, whatever was typed.
    expect(tripOfBooking({ ...values, caller: { id: 7 } as Passenger }, '2026-03-01T05:00:00.000Z')).toMatchObject({
      passengerId: 7,
      scheduledAt: '2026-03-01T05:00:00.000Z',
    });
  });

  it("says what is missing under each field, by the trip's own names (nested ones where the form reads them)", async () => {
    expect(await messages(EMPTY_BOOKING)).toEqual({
      'passenger.phone': 'app.dispatcher.booking.missing.phone',
      pickupAddress: 'app.dispatcher.booking.missing.pickup',
      dropoffAddress: 'app.dispatcher.booking.missing.dropoff',
      vehicleTypeId: 'app.dispatcher.booking.missing.vehicle',
    });
    // Half a number: the shared phone rule; a whole one asks for the name.
    expect(
      await messages({ ...EMPTY_BOOKING, passenger: newCaller('0712 55'), ...pickup, ...dropoff, vehicleTypeId: 2 }),
    ).toEqual({ 'passenger.phone': 'Enter a phone number, such as 0712 345 678 or +254 712 345 678' });
    expect(
      await messages({
        ...EMPTY_BOOKING,
        passenger: newCaller('0712 345 678', ' '),
        ...pickup,
        ...dropoff,
        vehicleTypeId: 2,
      }),
    ).toEqual({
      'passenger.firstName': 'app.dispatcher.booking.missing.firstName',
      'passenger.lastName': 'app.dispatcher.booking.missing.lastName',
    });
    // A known passenger needs no number or name.
    expect(
      await messages({ ...EMPTY_BOOKING, caller: { id: 7 } as Passenger, ...pickup, ...dropoff, vehicleTypeId: 2 }),
    ).toEqual({});
  });

  it('reads a point only when its address and both coordinates are set', () => {
    expect(pointOf(['Yaya Centre', -1.29, 36.78])).toEqual({ address: 'Yaya Centre', lat: -1.29, lng: 36.78 });
    expect(pointOf(['Yaya Centre', null, 36.78])).toBeUndefined();
  });
});
