import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEK_FROM } from '../../server/rest/keyset.js';
import { CITY } from '../../src/domain/city.js';
import { listQuery, startApp, type TestApp } from './harness.js';

// Deep pages of the trips list (issue 30): past SEEK_FROM, the page is placed by the day counts
// of migration 071 instead of an offset walk. Whatever path it takes, a page must hold the rows
// the plain offset names; the reference here is that offset, asked of the database directly.
let t: TestApp;
let token: string;
let total: number;
beforeAll(async () => {
  t = await startApp();
  token = await t.login();
  total = (await sql<{ n: number }>`select count(*)::int as n from trips`.execute(t.db)).rows[0].n;
});
afterAll(() => t?.close());

const pageIds = async (range: [number, number], order: 'ASC' | 'DESC', filter?: object) => {
  const res = await t.call('GET', '/api/trip/trips', {
    token,
    query: { ...listQuery({ sort: ['requestedAt', order], range, filter }), fields: 'id' },
  });
  expect(res.statusCode).toBe(200);
  return { ids: (res.json() as { id: number }[]).map((r) => r.id), range: res.headers['content-range'] };
};
const offsetIds = async (start: number, order: 'ASC' | 'DESC', where = sql<boolean>`true`) => {
  const dir = sql.raw(order);
  const { rows } = await sql<{ id: number }>`select id from trips where ${where}
    order by requested_at ${dir}, id ${dir} offset ${start} limit 25`.execute(t.db);
  return rows.map((r) => r.id);
};
const same = async (start: number, order: 'ASC' | 'DESC', filter?: object, where?: ReturnType<typeof sql<boolean>>) => {
  const { ids } = await pageIds([start, start + 24], order, filter);
  expect(ids).toEqual(await offsetIds(start, order, where));
  return ids;
};

describe('deep pages of the trips list', () => {
  it('holds the rows the offset names, newest and oldest first, at any depth', async () => {
    expect(total).toBeGreaterThan(SEEK_FROM + 10_000);
    for (const order of ['DESC', 'ASC'] as const)
      for (const start of [SEEK_FROM, SEEK_FROM + 1_234, Math.floor(total / 2), total - 10]) {
        const ids = await same(start, order);
        expect(ids.length).toBe(start === total - 10 ? 10 : 25);
      }
  });

  it('is empty past the last trip, with the total still counted', async () => {
    const { ids, range } = await pageIds([total + 5, total + 29], 'DESC');
    expect(ids).toEqual([]);
    expect(range).toBe(`trips */${total}`);
  });

  it('keeps a status filter, a list of statuses and "active"', async () => {
    const completed = sql<boolean>`status = 'completed'`;
    const { n } = (await sql<{ n: number }>`select count(*)::int as n from trips where ${completed}`.execute(t.db))
      .rows[0];
    await same(n - 30, 'DESC', { status: 'completed' }, completed);
    await same(SEEK_FROM + 7, 'ASC', { status: 'completed' }, completed);
    const cancelled = ['cancelled_by_passenger', 'cancelled_by_driver', 'completed'];
    await same(SEEK_FROM, 'DESC', { status: cancelled }, sql<boolean>`status in (${sql.join(cancelled)})`);
    // Not active: every other status, scheduled trips included (in the rows and in the total).
    const finished = sql<boolean>`status not in ('requested', 'accepted', 'arrived', 'in_progress')`;
    await same(SEEK_FROM, 'DESC', { active: false }, finished);
    await sql`update trips set status = 'scheduled', scheduled_at = now() + interval '1 day', driver_id = null
      where id = (select id from trips where status = 'no_driver_found' order by id limit 1)`.execute(t.db);
    const { range } = await pageIds([0, 0], 'DESC', { active: false });
    const { n: notActive } = (
      await sql<{ n: number }>`select count(*)::int as n from trips where ${finished}`.execute(t.db)
    ).rows[0];
    expect(range).toBe(`trips 0-0/${notActive}`);
  });

  it('pages by offset where the counts cannot place it (another filter or sort)', async () => {
    const { id: vehicleTypeId } = await t.db
      .selectFrom('vehicleTypes')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await same(SEEK_FROM, 'DESC', { vehicleTypeId }, sql<boolean>`vehicle_type_id = ${vehicleTypeId}`);
    const res = await t.call('GET', '/api/trip/trips', {
      token,
      query: { ...listQuery({ sort: ['id', 'DESC'], range: [SEEK_FROM, SEEK_FROM + 2] }), fields: 'id' },
    });
    const { rows } = await sql<{
      id: number;
    }>`select id from trips order by id desc offset ${SEEK_FROM} limit 3`.execute(t.db);
    expect((res.json() as { id: number }[]).map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('stays exact after trips are written: at a local midnight, moved between statuses, deleted', async () => {
    // Three trips at the very start of a day in the middle of the data (they belong to that day, not the one before).
    const { rows: mid } = await sql<{
      midnight: string;
    }>`select (date_trunc('day', requested_at at time zone ${CITY.timeZone})
        at time zone ${CITY.timeZone})::text as midnight from trips order by requested_at offset ${Math.floor(total / 2)} limit 1`.execute(
      t.db,
    );
    const { rows: added } = await sql<{
      id: number;
    }>`insert into trips (passenger_id, vehicle_type_id, status, pickup_address,
        pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, requested_at, distance_km, duration_min,
        fare_base, fare_distance, fare_time, fare_total, payment_method)
      select passenger_id, vehicle_type_id, 'no_driver_found', pickup_address, pickup_lat, pickup_lng, dropoff_address,
        dropoff_lat, dropoff_lng, ${mid[0].midnight}::timestamptz, distance_km, duration_min, fare_base, fare_distance,
        fare_time, fare_total, payment_method
      from trips order by id limit 3 returning id`.execute(t.db);
    const ids = added.map((r) => r.id);
    const { n: newer } = (
      await sql<{
        n: number;
      }>`select count(*)::int as n from trips where (requested_at, id) > (${mid[0].midnight}::timestamptz, ${Math.max(...ids)})`.execute(
        t.db,
      )
    ).rows[0];
    // The page that starts two rows before the new trips holds them at its third to fifth rows.
    expect((await same(newer - 2, 'DESC')).slice(2, 5).sort()).toEqual([...ids].sort());
    await sql`update trips set status = 'cancelled_by_passenger' where id = ${ids[0]}`.execute(t.db);
    const notFound = sql<boolean>`status = 'no_driver_found'`;
    await same(SEEK_FROM, 'ASC', { status: 'no_driver_found' }, notFound);
    await same(
      Math.floor(total / 2) - 3,
      'ASC',
      { status: 'cancelled_by_passenger' },
      sql<boolean>`status = 'cancelled_by_passenger'`,
    );
    await sql`delete from trips where id in (${sql.join(ids)})`.execute(t.db);
    await same(newer - 2, 'DESC');
  });
});
