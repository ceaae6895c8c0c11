import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

/**
 * What trip tests book and act with, once: a phone booking for the newest active passenger in the
 * first active vehicle type, the approved drivers of a type with no active trip, and a trip action.
 * `app` and `token` are read when called (the app starts in beforeAll).
 */
export function tripFixtures(app: () => TestApp, token: () => string) {
  const act = (tripId: number, action: string, body: object, as = token()) =>
    app().call('POST', `/api/trip/trips/${tripId}/${action}`, { token: as, body });

  /** Approved drivers of a vehicle type with no active trip, by id. */
  const freeDrivers = (vehicleTypeId: number, limit = 2) =>
    app()
      .db.selectFrom('drivers')
      .select(['id', 'firstName', 'lastName', 'approvalStatus', 'vehicleTypeId'])
      .where('approvalStatus', '=', 'approved')
      .where('vehicleTypeId', '=', vehicleTypeId)
      .where(
        sql<boolean>`not exists (select 1 from trips where trips.driver_id = drivers.id
          and trips.status in ('requested', 'accepted', 'arrived', 'in_progress'))`,
      )
      .orderBy('id')
      .limit(limit)
      .execute();

  /**
   * Books a trip by phone (POST trips) and answers its id, vehicle type and passenger: by default for
   * the newest active passenger in the first active vehicle type.
   */
  async function bookTrip(
    given: { passengerId?: number; vehicleTypeId?: number } = {},
  ): Promise<{ id: number; vehicleTypeId: number; passengerId: number }> {
    const { db } = app();
    const passenger = given.passengerId
      ? { id: given.passengerId }
      : await db
          .selectFrom('passengers')
          .select('id')
          .where('status', '=', 'active')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
    const vehicleType = given.vehicleTypeId
      ? { id: given.vehicleTypeId }
      : await db
          .selectFrom('vehicleTypes')
          .select('id')
          .where('active', '=', true)
          .orderBy('id')
          .executeTakeFirstOrThrow();
    const res = await app().call('POST', '/api/trip/trips', {
      token: token(),
      body: {
        passengerId: passenger.id,
        vehicleTypeId: vehicleType.id,
        pickupAddress: 'Moi Avenue',
        pickupLat: -1.2841,
        pickupLng: 36.8233,
        dropoffAddress: 'Kilimani',
        dropoffLat: -1.2906,
        dropoffLng: 36.7856,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id, vehicleTypeId: vehicleType.id, passengerId: passenger.id };
  }

  return { act, freeDrivers, bookTrip };
}
