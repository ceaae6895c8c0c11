import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { tripFixtures } from './tripFixtures.js';

/**
 * One trip by id is answered from memory once read (server/rest/readCaches.ts), and a change by any
 * writer shows in the next read: the API's own writes at once, anything else (another process, a
 * tool, a name) as soon as PostgreSQL's notice arrives (migration 050). Runs on PGlite and, under
 * `npm run test:pg`, on PostgreSQL, where the notices come over a connection of their own.
 */
let t: TestApp;
let admin: string;
const { act, bookTrip, freeDrivers } = tripFixtures(
  () => t,
  () => admin,
);
const read = async (id: number) => {
  const res = await t.call('GET', `/api/trip/trips/${id}`, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
};

beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

describe('one trip by id, from memory', () => {
  it('is served from memory: a write that announces nothing (triggers off) does not show', async () => {
    const { id } = await bookTrip();
    const first = await read(id);
    await t.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update trips set driver_note = 'unannounced' where id = ${id}`.execute(trx);
    });
    expect(await read(id)).toEqual(first);
  });

  it("shows any writer's change as soon as PostgreSQL announces it: the trip, its driver's name, its offer", async () => {
    const { id, vehicleTypeId } = await bookTrip();
    await read(id);
    await sql`update trips set driver_note = 'Gate B' where id = ${id}`.execute(t.db);
    await vi.waitFor(async () => expect((await read(id)).driverNote).toBe('Gate B'));

    const [driver] = await freeDrivers(vehicleTypeId);
    await sql`insert into trip_offers (trip_id, driver_id, attempt, radius_km, distance_km, expires_at)
      values (${id}, ${driver.id}, 1, 3, 1.2, now() + interval '15 seconds')`.execute(t.db);
    await vi.waitFor(async () => expect((await read(id)).offeredDriverId).toBe(driver.id));

    expect((await act(id, 'assign', { driverId: driver.id })).statusCode).toBe(200);
    await read(id);
    await sql`update drivers set first_name = 'Renamed' where id = ${driver.id}`.execute(t.db);
    await vi.waitFor(async () => expect((await read(id)).driverName).toBe(`Renamed ${driver.lastName}`));
  });

  it("shows the API's own change in the very next read, with no wait", async () => {
    const { id, vehicleTypeId } = await bookTrip();
    expect((await read(id)).status).toBe('requested');
    const [driver] = await freeDrivers(vehicleTypeId);
    expect((await act(id, 'assign', { driverId: driver.id })).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ status: 'accepted', driverId: driver.id });
    const moved = await t.call('PUT', `/api/trip/trips/${id}`, { token: admin, body: { status: 'arrived' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await read(id)).status).toBe('arrived');
  });

  it('answers 404 for a trip that is not there, and the same bytes as an uncached read', async () => {
    expect((await t.call('GET', '/api/trip/trips/99999999', { token: admin })).statusCode).toBe(404);
    const { id } = await bookTrip();
    const cold = await t.call('GET', `/api/trip/trips/${id}`, { token: admin });
    const warm = await t.call('GET', `/api/trip/trips/${id}`, { token: admin });
    expect(warm.body).toBe(cold.body);
    expect(warm.headers['content-type']).toBe(cold.headers['content-type']);
  });
});
