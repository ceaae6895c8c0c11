import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { appSignIn, approvedDrivers, bookTrip } from './appsHelpers.js';
import { sleep } from './sockets.js';

/**
 * A phone booking made while no driver app is connected (the seed's requested trips, a caller at
 * 5 a.m.) is offered once a driver signs on, if it is recent; an older one stays with the dispatcher.
 * Its own app: the other server tests run with adoption off (OFFERS_ADOPT_MINUTES=0), since their
 * online drivers must only be offered their own trips.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp({ offersAdoptMinutes: 15 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.login();
});
afterAll(() => t?.close());

const PICKUP = { lat: -1.2841, lng: 36.8233 };
const offersOf = (tripId: number) =>
  t.db.selectFrom('tripOffers').selectAll().where('tripId', '=', tripId).orderBy('id').execute();

describe('trips requested while no driver was connected', () => {
  it('are offered once a driver goes online, if requested within the last 15 minutes', async () => {
    // Only this test's trips wait: the seed's requested ones are closed first.
    await sql`update trips set status = 'cancelled_by_passenger', cancelled_at = now() where status = 'requested'`.execute(
      t.db,
    );
    const [driver] = await approvedDrivers(t, 1);
    expect(await t.app.services.live.store.size()).toBe(0);
    const recent = await bookTrip(t, admin, PICKUP, driver.vehicleTypeId!);
    const stale = await bookTrip(t, admin, PICKUP, driver.vehicleTypeId!);
    await sql`update trips set requested_at = now() - interval '20 minutes' where id = ${stale}`.execute(t.db);
    await sleep(1500);
    expect(await offersOf(recent)).toEqual([]);

    const token = await appSignIn(t, 'driver', driver.phone);
    expect((await t.call('POST', '/api/trip/apps/driver/online', { token })).statusCode).toBe(200);
    expect(await t.app.services.live.store.ingest(driver.id, { lat: PICKUP.lat + 0.003, lng: PICKUP.lng })).toBe('ok');

    // The cascade looks for such trips within a second of the first driver signing on.
    const end = Date.now() + 5_000;
    while ((await offersOf(recent)).length === 0 && Date.now() < end) await sleep(200);
    const [offer] = await offersOf(recent);
    expect(offer).toMatchObject({ driverId: driver.id, attempt: 1, outcome: null });
    expect(await offersOf(stale)).toEqual([]);
    const trip = await t.db
      .selectFrom('trips')
      .select(['status', 'driverId'])
      .where('id', '=', stale)
      .executeTakeFirst();
    expect(trip).toEqual({ status: 'requested', driverId: null });
    // Offline, the driver's pending offer is withdrawn: nothing is left under way when the app closes.
    await t.app.services.live.offline(driver.id);
    const end2 = Date.now() + 5_000;
    while ((await offersOf(recent))[0].outcome === null && Date.now() < end2) await sleep(100);
    expect((await offersOf(recent))[0].outcome).toBe('cancelled');
  });
});
