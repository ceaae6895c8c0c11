import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDatabaseError } from '../../server/errors.js';
import { ACTIVE_TRIP_STATUSES } from '../../src/domain/trip.js';
import { startApp, type TestApp } from './harness.js';

/**
 * Two dispatchers assigning one driver at the same moment, on real PostgreSQL connections (PGlite
 * has one connection, so it cannot race). Runs under `npm run test:pg`.
 */
if (!process.env.DATABASE_URL) throw new Error('oneActiveTrip.pg.test.ts needs DATABASE_URL (npm run test:pg)');

const N = 8;
let t: TestApp;
let admin: string;
let driverId: number;
let tripIds: number[];

const activeTripsOf = (id: number) =>
  t.db
    .selectFrom('trips')
    .select('id')
    .where('driverId', '=', id)
    .where('status', 'in', [...ACTIVE_TRIP_STATUSES])
    .execute();

beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  const driver = await t.db
    .selectFrom('drivers')
    .select(['id', 'vehicleTypeId'])
    .where('approvalStatus', '=', 'approved')
    .where(
      sql<boolean>`not exists (select 1 from trips where trips.driver_id = drivers.id
      and trips.status in ('requested', 'accepted', 'arrived', 'in_progress'))`,
    )
    .orderBy('id')
    .executeTakeFirstOrThrow();
  driverId = driver.id;
  const passengers = await t.db
    .selectFrom('passengers')
    .select('id')
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(N)
    .execute();
  tripIds = [];
  for (const p of passengers) {
    const res = await t.call('POST', '/api/trip/trips', {
      token: admin,
      body: {
        passengerId: p.id,
        vehicleTypeId: driver.vehicleTypeId,
        pickupAddress: 'Kenyatta Avenue',
        pickupLat: -1.2864,
        pickupLng: 36.8172,
        dropoffAddress: 'Westlands',
        dropoffLat: -1.2676,
        dropoffLng: 36.8108,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    tripIds.push(res.json().id);
  }
});
afterAll(() => t?.close());

describe('one active trip per driver (PostgreSQL)', () => {
  it(`lets exactly one of ${N} concurrent assigns of one driver win; the others get 409`, async () => {
    const answers = await Promise.all(
      tripIds.map((id) => t.call('POST', `/api/trip/trips/${id}/assign`, { token: admin, body: { driverId } })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array(N - 1).fill(409)]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data.id;
    for (const loser of answers.filter((a) => a.statusCode === 409))
      expect(loser.json().errors).toEqual({ driverId: `This driver is busy with trip #${winner}` });
    expect(await activeTripsOf(driverId)).toEqual([{ id: winner }]);
    const stillRequested = await t.db
      .selectFrom('trips')
      .select('id')
      .where('id', 'in', tripIds)
      .where('status', '=', 'requested')
      .execute();
    expect(stillRequested).toHaveLength(N - 1);
  });

  it('refuses a second active trip in the database itself, with a clear 409 for the API', async () => {
    const [busy] = await activeTripsOf(driverId);
    const other = tripIds.find((id) => id !== busy.id)!;
    const err = await t.db
      .updateTable('trips')
      .set({ driverId, status: 'accepted', acceptedAt: new Date() })
      .where('id', '=', other)
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toMatchObject({ code: '23505', constraint: 'trips_one_active_per_driver_key' });
    const mapped = fromDatabaseError(err as { code: string; constraint: string });
    expect(mapped).toMatchObject({ statusCode: 409, message: 'This driver already has an active trip' });
  });
});
