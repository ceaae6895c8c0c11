import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import type { DbHandle } from '../../server/db/index.js';
import { ADMIN, seededDb, type TestApp } from './harness.js';
import { appSignIn, approvedDrivers, bookTrip } from './appsHelpers.js';
import { OFFER_MAX_STEPS } from '../../src/domain/offers.js';
import { waitFor } from './support/waitFor.js';

/** The offer cascade survives a restart: the app is closed and built again on the same database. */

let handle: DbHandle;
const apps: FastifyInstance[] = [];
const handles: DbHandle[] = [];
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  for (const h of handles) await h.close();
});

/** The app on the shared database, as the harness's TestApp (not ready yet: `ready()` starts it). */
async function build(): Promise<TestApp> {
  const config = testConfig({ rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } });
  const app = await buildApp(config, { db: handle });
  apps.push(app);
  const call: TestApp['call'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url,
      query: opts.query,
      payload: opts.body === undefined ? undefined : (opts.body as InjectOptions['payload']),
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    });
  return {
    app,
    config,
    db: handle.db,
    call,
    async login(email = ADMIN.email, password = ADMIN.password) {
      return (await call('POST', '/api/user/auth/login', { body: { email, password } })).json().data.accessToken;
    },
    close: () => app.close(),
  };
}

const PICKUP = { lat: -1.2841, lng: 36.8233 };
const north = (km: number) => ({ lat: PICKUP.lat + km / 111.2, lng: PICKUP.lng });

/** A fresh seeded database and the first server on it; `place` puts a driver of one type online north of the pickup. */
async function firstRun() {
  handles.push((handle = await seededDb()));
  const first = await build();
  await first.app.ready();
  const admin = await first.login();
  const all = await approvedDrivers(first, 400);
  const vehicleTypeId = all[0].vehicleTypeId!;
  const place = async (t: TestApp, d: { id: number }, km: number) => {
    await t.app.services.live.online(d.id, vehicleTypeId);
    expect(await t.app.services.live.store.ingest(d.id, north(km))).toBe('ok');
  };
  return { first, admin, vehicleTypeId, drivers: all.filter((d) => d.vehicleTypeId === vehicleTypeId), place };
}

describe('pending offers across a restart', () => {
  it('times out the offers that expired while the server was down, goes on with the cascade, keeps the others', async () => {
    const { first, admin, vehicleTypeId, drivers, place } = await firstRun();
    const [a, b, c] = drivers;
    await place(first, a, 0.3);
    await place(first, b, 0.6);
    const offers = (tripId: number) =>
      handle.db.selectFrom('tripOffers').selectAll().where('tripId', '=', tripId).orderBy('id').execute();
    const trip1 = await bookTrip(first, admin, PICKUP, vehicleTypeId);
    await waitFor(async () => (await offers(trip1)).length === 1, 'the first offer');
    const trip2 = await bookTrip(first, admin, PICKUP, vehicleTypeId);
    await waitFor(async () => (await offers(trip2)).length === 1, 'the second offer');
    expect((await offers(trip1))[0]).toMatchObject({ driverId: a.id, outcome: null });
    expect((await offers(trip2))[0]).toMatchObject({ driverId: b.id, outcome: null });

    // The server stops; the restart takes long enough for trip 1's offer to expire, not trip 2's.
    await first.app.close();
    await handle.db
      .updateTable('tripOffers')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tripId', '=', trip1)
      .execute();

    const second = await build();
    // The drivers' apps are back (before the cascade resumes, as a reconnecting fleet would be).
    await place(second, a, 0.3);
    await place(second, b, 0.6);
    await place(second, c, 0.9);
    expect((await second.app.services.live.store.get(b.id))?.duty).toBe('offered');
    await second.app.ready();

    // Trip 1: A's offer timed out, the next free driver (C, not B who holds trip 2) is asked; A never again.
    // Until A's offer has timed out, it is itself the open offer (under test:pg the probe came first).
    const next = await waitFor(
      async () => (await offers(trip1)).find((o) => o.outcome === null && o.driverId !== a.id),
      'the next offer',
    );
    expect(next.driverId).toBe(c.id);
    expect((await offers(trip1)).map((o) => [o.driverId, o.outcome])).toEqual([
      [a.id, 'timeout'],
      [c.id, null],
    ]);
    const events = await handle.db
      .selectFrom('tripEvents')
      .select(['kind', 'driverId', 'note'])
      .where('tripId', '=', trip1)
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.kind, e.driverId])).toEqual([
      ['requested', null],
      ['offered', a.id],
      ['declined', a.id],
      ['offered', c.id],
    ]);
    expect(second.app.services.offers.searching).toBe(2);

    // Trip 2: B's offer still stands and B can take it on the new server.
    const token = await appSignIn(second, 'driver', b.phone);
    const offerId = (await offers(trip2))[0].id;
    const res = await second.call('POST', `/api/trip/apps/driver/offers/${offerId}/accept`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const trip = await handle.db.selectFrom('trips').selectAll().where('id', '=', trip2).executeTakeFirstOrThrow();
    expect(trip).toMatchObject({ status: 'accepted', driverId: b.id });
    expect((await offers(trip2)).map((o) => o.outcome)).toEqual(['accepted']);
  });

  it("goes on counting from the last offer's step: a trip whose last step expired while the server was down has no driver", async () => {
    const { first, admin, vehicleTypeId, drivers, place } = await firstRun();
    const [a, b] = drivers;
    await place(first, a, 0.3);
    const tripId = await bookTrip(first, admin, PICKUP, vehicleTypeId);
    await waitFor(
      async () => (await handle.db.selectFrom('tripOffers').select('id').where('tripId', '=', tripId).execute()).length,
      'the offer',
    );
    await first.app.close();
    // Its one offer was the cascade's last step (the radii before it found nobody) and expired meanwhile.
    await handle.db
      .updateTable('tripOffers')
      .set({ attempt: OFFER_MAX_STEPS, expiresAt: new Date(Date.now() - 1000) })
      .where('tripId', '=', tripId)
      .execute();

    const second = await build();
    for (const d of [a, b]) await place(second, d, 0.6);
    await second.app.ready();
    const trip = await waitFor(async () => {
      const row = await handle.db
        .selectFrom('trips')
        .select('status')
        .where('id', '=', tripId)
        .executeTakeFirstOrThrow();
      return row.status !== 'requested' && row;
    }, 'the trip to leave requested');
    expect(trip.status).toBe('no_driver_found');
    // B, free and near, was not asked: the search had no step left.
    const asked = await handle.db.selectFrom('tripOffers').select('driverId').where('tripId', '=', tripId).execute();
    expect(asked.map((o) => o.driverId)).toEqual([a.id]);
  });
});
