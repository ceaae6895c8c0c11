import { beforeAll, describe, expect, it } from 'vitest';
import { loadPhoneRules } from '../../src/domain/fieldRules';
import {
  EMPTY_BOOKING,
  bookingFieldErrors,
  missingField,
  tripOfBooking,
} from '../../src/customRoutes/dispatcher/bookingForm';

const pickup = { address: 'Yaya Centre', lat: -1.2925, lng: 36.7875 };
const dropoff = { address: 'JKIA', lat: -1.3192, lng: 36.9278 };

describe('the phone booking form', () => {
  // The screen starts loading the phone rules as it opens; a number reads as national once they are in.
  beforeAll(() => loadPhoneRules());

  it('puts each server field error under the booking field it concerns, the first one per field', () => {
    expect(
      bookingFieldErrors({
        pickupLat: 'Outside the service area',
        pickupAddress: 'Too long',
        'passenger.phone': 'Taken',
        scheduledAt: 'Within 7 days',
        somethingElse: 'Try again',
      }),
    ).toEqual({ pickup: 'Outside the service area', phone: 'Taken', pickupTime: 'Within 7 days', form: 'Try again' });
  });

  it('asks for a new caller with the number in international form, and trims the optional texts to null', () => {
    const form = {
      ...EMPTY_BOOKING,
      phone: '0712 345 678',
      firstName: ' Wanjiku ',
      lastName: 'Kamau ',
      pickup,
      dropoff,
      vehicleTypeId: 2,
      discountCode: '  ',
      driverNote: ' Gate B ',
    };
    expect(tripOfBooking(form, undefined)).toEqual({
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
  });

  it('names the first field still missing', () => {
    expect(missingField(EMPTY_BOOKING)).toEqual(['phone', 'app.dispatcher.booking.missing.phone']);
    expect(missingField({ ...EMPTY_BOOKING, phone: '0712 345 678', firstName: 'W', lastName: 'K' })).toEqual([
      'pickup',
      'app.dispatcher.booking.missing.pickup',
    ]);
  });
});
