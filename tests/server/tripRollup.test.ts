import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupDifferences } from '../../server/trip/queries/rollupCheck.js';
import { startApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t?.close());

const ALL = ['2020-01-01', '2030-12-31'] as const;
const exact = async () => expect(await rollupDifferences(t.db, ...ALL)).toEqual([]);

/** Copies a finished trip of the demo data as a new one, with some columns changed; answers its id. */
async function copyTrip(changes: Record<string, unknown> = {}): Promise<number> {
  const { rows } = await sql<{
    id: number;
  }>`insert into trips (passenger_id, driver_id, vehicle_type_id, status, pickup_address, pickup_lat, pickup_lng,
      dropoff_address, dropoff_lat, dropoff_lng, requested_at, accepted_at, arrived_at, started_at, completed_at, distance_km, duration_min,
      fare_base, fare_distance, fare_time, fare_total, fare_discount, commission, payment_method)
    select passenger_id, null, vehicle_type_id, 'requested', pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng,
      ${(changes.requestedAt as string) ?? new Date().toISOString()}::timestamptz, null, null, null, null, distance_km, duration_min, fare_base, fare_distance, fare_time,
      fare_total, 0, 0, 'cash'
    from trips where status = 'completed' order by id limit 1 returning id`.execute(t.db);
  return rows[0].id;
}

describe('the trip rollups (trip_daily, trip_reasons, trip_hourly, trip_driver_daily, trip_driver_monthly)', () => {
  it('match the demo data as seeded: the migration backfilled and the seed kept them', async () => {
    const { n } = await t.db
      .selectFrom(sql`trip_daily`.as('d'))
      .select(sql<number>`sum(trips)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const { m } = await t.db
      .selectFrom('trips')
      .select(sql<number>`count(*)::int`.as('m'))
      .executeTakeFirstOrThrow();
    expect(n).toBe(m);
    await exact();
  });

  it('stay exact through creation, assignment, completion, cancellation, fare and day changes and deletion', async () => {
    const a = await copyTrip({ requestedAt: '2026-03-10T20:59:00Z' }); // 23:59 in Nairobi on the 10th
    const b = await copyTrip({ requestedAt: '2026-03-10T21:00:00Z' }); // 00:00 on the 11th
    await exact();
    const { id: driverId } = await t.db
      .selectFrom('drivers')
      .select('id')
      .where('approvalStatus', '=', 'approved')
      // One without an active trip: a driver may hold only one (migration 003), and the demo data has some.
      .where(
        sql<boolean>`not exists (select 1 from trips a where a.driver_id = drivers.id
        and a.status in ('accepted', 'arrived', 'in_progress'))`,
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await sql`update trips set status = 'accepted', driver_id = ${driverId}, accepted_at = requested_at + interval '95 seconds' where id = ${a}`.execute(
      t.db,
    );
    await exact();
    await sql`update trips set status = 'arrived', arrived_at = accepted_at + interval '4 minutes' where id = ${a}`.execute(
      t.db,
    );
    await sql`update trips set status = 'in_progress', started_at = arrived_at + interval '70 seconds' where id = ${a}`.execute(
      t.db,
    );
    await sql`update trips set status = 'completed', completed_at = started_at + interval '20 minutes', fare_total = 812.50, fare_discount = 50, commission = 121.88, payment_method = 'card' where id = ${a}`.execute(
      t.db,
    );
    await exact();
    await sql`update trips set status = 'cancelled_by_passenger', cancelled_at = requested_at + interval '1 minute', cancellation_reason = 'Changed my plans', cancellation_fee = 150, commission = 22.50 where id = ${b}`.execute(
      t.db,
    );
    await exact();
    // A fare correction, a change of vehicle type, a move across midnight, and a no-op touch.
    await sql`update trips set fare_total = fare_total + 0.01 where id = ${a}`.execute(t.db);
    await sql`update trips set vehicle_type_id = (select max(id) from vehicle_types) where id = ${b}`.execute(t.db);
    await sql`update trips set requested_at = requested_at - interval '1 minute' where id = ${b}`.execute(t.db);
    await sql`update trips set updated_at = now() where id in (${a}, ${b})`.execute(t.db);
    await exact();
    // Several rows in one statement, and two changes of one row in one transaction.
    await sql`update trips set payment_method = 'wallet' where id in (${a}, ${b})`.execute(t.db);
    await t.db.transaction().execute(async (trx) => {
      await sql`update trips set duration_min = duration_min + 3 where id = ${a}`.execute(trx);
      await sql`update trips set distance_km = distance_km + 1.25 where id = ${a}`.execute(trx);
    });
    await exact();
    const before = await sql<{
      trips: number;
    }>`select coalesce(sum(trips), 0)::int as trips from trip_daily where day = '2026-03-10'`.execute(t.db);
    await sql`delete from trips where id = ${a}`.execute(t.db);
    const after = await sql<{
      trips: number;
    }>`select coalesce(sum(trips), 0)::int as trips from trip_daily where day = '2026-03-10'`.execute(t.db);
    expect(after.rows[0].trips).toBe(before.rows[0].trips - 1);
    await exact();
  });

  it('roll back with the trip write that failed', async () => {
    const { n: before } = await t.db
      .selectFrom(sql`trip_daily`.as('d'))
      .select(sql<number>`sum(trips)::int`.as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`update trips set payment_method = 'card' where status = 'completed'`.execute(trx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await expect(copyTrip({ requestedAt: 'not a time' })).rejects.toThrow();
    const { n: after } = await t.db
      .selectFrom(sql`trip_daily`.as('d'))
      .select(sql<number>`sum(trips)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after).toBe(before);
    await exact();
  });

  it('follow trips written through the API: booking and cancelling', async () => {
    const token = await t.login();
    const { id: passengerId } = await t.db
      .selectFrom('passengers')
      .select('id')
      .where('status', '=', 'active')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const vt = await t.db.selectFrom('vehicleTypes').select('id').where('active', '=', true).executeTakeFirstOrThrow();
    const res = await t.call('POST', '/api/trip/trips', {
      token,
      body: {
        passengerId,
        vehicleTypeId: vt.id,
        paymentMethod: 'cash',
        pickupAddress: 'Kenyatta Avenue',
        pickupLat: -1.2841,
        pickupLng: 36.8233,
        dropoffAddress: 'Westlands',
        dropoffLat: -1.2676,
        dropoffLng: 36.8108,
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await exact();
    const cancel = await t.call('POST', `/api/trip/trips/${(res.json().data ?? res.json()).id}/cancel`, {
      token,
      body: { reason: 'Passenger called to cancel', by: 'passenger' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { rows } = await sql<{ trips: number }>`select sum(trips)::int as trips from trip_reasons
      where status = 'cancelled_by_passenger' and reason = 'Passenger called to cancel'`.execute(t.db);
    expect(rows[0].trips).toBe(1);
    await exact();
  });

  it('count sign-ups by local day through passenger and driver inserts, moves across midnight, bulk updates and deletes', async () => {
    const signups = async (kind: string, day: string) =>
      (
        await sql<{ n: number }>`select coalesce(sum(n), 0)::int as n from signups_daily
          where kind = ${kind} and day = ${day}::date`.execute(t.db)
      ).rows[0].n;
    const before = await signups('passengers', '2026-02-03');
    const { rows } = await sql<{ id: number }>`insert into passengers (first_name, last_name, phone, created_at)
      values ('Late', 'Night', '+254700900001', '2026-02-03T20:59:00Z'), ('Early', 'Bird', '+254700900002', '2026-02-03T21:00:00Z')
      returning id`.execute(t.db);
    // 23:59 in Nairobi is still the 3rd; 00:00 is the 4th.
    expect(await signups('passengers', '2026-02-03')).toBe(before + 1);
    await exact();
    await sql`update passengers set created_at = created_at - interval '1 minute' where id = ${rows[1].id}`.execute(
      t.db,
    );
    expect(await signups('passengers', '2026-02-03')).toBe(before + 2);
    // An update that keeps created_at (as every statistics update does) changes nothing.
    await sql`update passengers set first_name = first_name where id in (${rows[0].id}, ${rows[1].id})`.execute(t.db);
    await exact();
    await sql`delete from passengers where id in (${rows[0].id}, ${rows[1].id})`.execute(t.db);
    expect(await signups('passengers', '2026-02-03')).toBe(before);
    const driver = await sql<{ id: number }>`insert into drivers (first_name, last_name, phone, created_at)
      values ('New', 'Driver', '+254700900003', '2026-02-05T10:00:00Z') returning id`.execute(t.db);
    expect(await signups('drivers', '2026-02-05')).toBeGreaterThanOrEqual(1);
    await exact();
    await sql`delete from drivers where id = ${driver.rows[0].id}`.execute(t.db);
    await exact();
  });
});
