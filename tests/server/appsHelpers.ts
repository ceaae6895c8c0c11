import type { TestApp } from './harness.js';
import { ACTIVE_TRIP_STATUSES } from '../../src/domain/trip.js';

/** The newest code texted to a phone (the development outbox). */
export function lastCode(t: TestApp, phone: string): string | undefined {
  const sms = (t.app.services.messenger.outbox ?? []).find((m) => m.channel === 'sms' && m.to === phone);
  return sms?.text.match(/\b(\d{6})\b/)?.[1];
}

/** Signs a driver or passenger in through the apps' phone + OTP flow; answers the app token. */
export async function appSignIn(t: TestApp, kind: 'driver' | 'passenger', phone: string): Promise<string> {
  const asked = await t.call('POST', `/api/trip/apps/${kind}/request-code`, { body: { phone } });
  if (asked.statusCode !== 200) throw new Error(`request-code ${phone}: ${asked.statusCode} ${asked.body}`);
  const otp = lastCode(t, phone);
  if (!otp) throw new Error(`no code texted to ${phone}`);
  const res = await t.call('POST', `/api/trip/apps/${kind}/sign-in`, { body: { phone, otp } });
  if (res.statusCode !== 200) throw new Error(`sign-in ${phone}: ${res.statusCode} ${res.body}`);
  return res.json().data.accessToken as string;
}

/** Approved drivers of the seed with a vehicle type, and active passengers. */
export async function approvedDrivers(t: TestApp, limit = 10) {
  return t.db
    .selectFrom('drivers')
    .select(['id', 'phone', 'vehicleTypeId'])
    .where('approvalStatus', '=', 'approved')
    .where('vehicleTypeId', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('trips')
            .select('trips.id')
            .whereRef('trips.driverId', '=', 'drivers.id')
            .where('trips.status', 'in', ['requested', 'accepted', 'arrived', 'in_progress']),
        ),
      ),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}
export async function activePassengers(t: TestApp, limit = 10) {
  return t.db
    .selectFrom('passengers')
    .select(['id', 'phone'])
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Active passengers with no trip under way, by id: one of them may book. (On PostgreSQL the seed's
 * trips under way, and other tests' bookings, fall on whichever passengers they fall on.)
 * `alsoScheduled`: nor a ride booked for later (a passenger may hold only a few, issue 43).
 */
export async function passengersFree(t: TestApp, limit = 10, { alsoScheduled = false } = {}) {
  const busy = alsoScheduled ? [...ACTIVE_TRIP_STATUSES, 'scheduled'] : ACTIVE_TRIP_STATUSES;
  return t.db
    .selectFrom('passengers')
    .select(['id', 'phone'])
    .where('status', '=', 'active')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('trips')
            .select('trips.id')
            .whereRef('trips.passengerId', '=', 'passengers.id')
            .where('trips.status', 'in', busy),
        ),
      ),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A staff phone booking through the trips API (status requested); answers the trip's id. */
export async function bookTrip(
  t: TestApp,
  token: string,
  at: { lat: number; lng: number },
  vehicleTypeId: number,
  passengerId?: number,
): Promise<number> {
  const passenger =
    passengerId ??
    (
      await t.db
        .selectFrom('passengers')
        .select('id')
        .where('status', '=', 'active')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
  const res = await t.call('POST', '/api/trip/trips', {
    token,
    body: {
      passengerId: passenger,
      vehicleTypeId,
      pickupAddress: 'Moi Avenue',
      pickupLat: at.lat,
      pickupLng: at.lng,
      dropoffAddress: 'Kilimani',
      dropoffLat: -1.2906,
      dropoffLng: 36.7856,
    },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`booking: ${res.statusCode} ${res.body}`);
  return res.json().data?.id ?? res.json().id;
}
