import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { appSignIn, approvedDrivers, bookTrip } from './appsHelpers.js';
import { sleep } from './sockets.js';
import { OFFER_MAX_STEPS, OFFER_TIMEOUT_MS } from '../../src/domain/offers.js';
import type { OfferMessage } from '../../server/apps/offers/offerMessage.js';
import { waitFor } from './support/waitFor.js';

const relaxed = { rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } };
let t: TestApp;
let base: string;
let admin: string;
/** Approved free drivers of one vehicle type, each used by one test at most. */
let pool: { id: number; phone: string; vehicleTypeId: number | null }[];
let vehicleTypeId: number;
beforeAll(async () => {
  t = await startApp(relaxed);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login();
  const all = await approvedDrivers(t, 400);
  const counts = new Map<number, number>();
  for (const d of all) counts.set(d.vehicleTypeId!, (counts.get(d.vehicleTypeId!) ?? 0) + 1);
  vehicleTypeId = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  pool = all.filter((d) => d.vehicleTypeId === vehicleTypeId);
});
afterAll(() => t?.close());

const opened: Socket[] = [];
const online: number[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) s.close();
  // Each test starts with nobody online.
  for (const id of online.splice(0)) await t.app.services.live.offline(id);
});

const PICKUP = { lat: -1.2841, lng: 36.8233 };
/** ~`km` north of the pickup. */
const north = (km: number) => ({ lat: PICKUP.lat + km / 111.2, lng: PICKUP.lng });

async function driverAt(km: number, opts: { socket?: boolean } = {}) {
  const d = pool.shift()!;
  const token = await appSignIn(t, 'driver', d.phone);
  expect((await t.call('POST', '/api/trip/apps/driver/online', { token })).statusCode).toBe(200);
  online.push(d.id);
  expect(await t.app.services.live.store.ingest(d.id, north(km))).toBe('ok');
  const offers: OfferMessage[] = [];
  if (opts.socket) {
    const socket = connectClient(`${base}/drivers`, {
      path: '/socket.io',
      forceNew: true,
      reconnection: false,
      transports: ['websocket'],
      auth: { token },
    });
    opened.push(socket);
    socket.on('offer', (o: OfferMessage) => offers.push(o));
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', reject);
    });
  }
  return { id: d.id, token, offers };
}

const offersOf = (tripId: number) =>
  t.db.selectFrom('tripOffers').selectAll().where('tripId', '=', tripId).orderBy('id').execute();
const pendingOffer = (tripId: number) =>
  waitFor(async () => (await offersOf(tripId)).find((o) => o.outcome === null), `a pending offer on trip ${tripId}`);
const tripOf = (id: number) => t.db.selectFrom('trips').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const events = async (id: number) =>
  (await t.call('GET', `/api/trip/trips/${id}/events`, { token: admin })).json().data as {
    kind: string;
    driverId: number | null;
    actor: string;
  }[];
const answer = (token: string, offerId: number, what: 'accept' | 'decline') =>
  t.call('POST', `/api/trip/apps/driver/offers/${offerId}/${what}`, { token });

describe('the offer cascade', () => {
  it('offers the nearest driver over the socket; accepting makes the trip theirs', async () => {
    const far = await driverAt(1.2);
    const close = await driverAt(0.4, { socket: true });
    const tripId = await bookTrip(t, admin, PICKUP, vehicleTypeId);
    const offer = await pendingOffer(tripId);
    expect(offer).toMatchObject({ driverId: close.id, attempt: 1, radiusKm: 2 });
    const message = await waitFor(async () => close.offers.find((o) => o.tripId === tripId), 'the offer event');
    expect(message).toMatchObject({ offerId: offer.id, pickup: { lat: PICKUP.lat }, vehicleTypeId });
    expect((await t.app.services.live.store.get(close.id))?.duty).toBe('offered');
    expect((await t.call('GET', '/api/trip/apps/driver/offer', { token: close.token })).json().data.offerId).toBe(
      offer.id,
    );
    // The staff API tells whom the trip is offered to (the dispatcher's board after a reload), one
    // record or the active list alike.
    const activeList = async () =>
      (
        await t.call('GET', `/api/trip/trips?filter=${encodeURIComponent('{"active":true}')}&range=[0,499]`, {
          token: admin,
        })
      ).json() as { id: number; offeredDriverId: number | null }[];
    expect((await t.call('GET', `/api/trip/trips/${tripId}`, { token: admin })).json().offeredDriverId).toBe(close.id);
    expect((await activeList()).find((r) => r.id === tripId)?.offeredDriverId).toBe(close.id);

    const res = await answer(close.token, offer.id, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    expect(await tripOf(tripId)).toMatchObject({ status: 'accepted', driverId: close.id });
    expect((await offersOf(tripId))[0].outcome).toBe('accepted');
    expect((await t.call('GET', `/api/trip/trips/${tripId}`, { token: admin })).json().offeredDriverId).toBeNull();
    await waitFor(async () => (await t.app.services.live.store.get(close.id))?.duty === 'en_route', 'en_route');
    expect((await events(tripId)).map((e) => [e.kind, e.actor, e.driverId])).toEqual([
      ['requested', 'staff', null],
      ['offered', 'system', close.id],
      ['accepted', 'driver', close.id],
    ]);
    expect(far.id).not.toBe(close.id);
  });

  it('moves to the next driver on a decline and on a timeout, then finds no driver', async () => {
    const a = await driverAt(0.3);
    const b = await driverAt(0.6);
    const tripId = await bookTrip(t, admin, PICKUP, vehicleTypeId);
    const first = await pendingOffer(tripId);
    expect(first.driverId).toBe(a.id);
    expect((await answer(a.token, first.id, 'decline')).statusCode).toBe(200);
    const second = await pendingOffer(tripId);
    expect(second).toMatchObject({ driverId: b.id, attempt: 2 });
    await waitFor(async () => (await t.app.services.live.store.get(a.id))?.duty === 'available', 'a free again');

    // Nobody answers: after 15 s the offer times out; nobody else is left, so the search widens…
    let now = Date.now() + OFFER_TIMEOUT_MS + 1;
    await t.app.services.offers.tick(now);
    expect((await offersOf(tripId)).map((o) => o.outcome)).toEqual(['declined', 'timeout']);
    // …step by step until the last, and the trip has no driver.
    for (let i = 0; i < OFFER_MAX_STEPS; i++) {
      now += 5_001;
      await t.app.services.offers.tick(now);
    }
    expect((await tripOf(tripId)).status).toBe('no_driver_found');
    // (The test's clock runs ahead of the database's, so the order of the last steps is not checked.)
    expect((await events(tripId)).map((e) => e.kind).sort()).toEqual(
      ['requested', 'offered', 'declined', 'offered', 'declined', 'no_driver_found'].sort(),
    );
    // Accepting the timed-out offer now: 409 with a message.
    const late = await answer(b.token, second.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This offer has expired');
  });

  it('widens the radius step by step to reach a driver further away', async () => {
    const far = await driverAt(5);
    const tripId = await bookTrip(t, admin, PICKUP, vehicleTypeId);
    await sleep(200);
    expect(await offersOf(tripId)).toEqual([]); // nobody within 2 km
    let now = Date.now();
    for (let i = 0; i < 3 && !(await offersOf(tripId)).length; i++) {
      now += 5_001;
      await t.app.services.offers.tick(now);
    }
    const [offer] = await offersOf(tripId);
    expect(offer).toMatchObject({ driverId: far.id, attempt: 3, radiusKm: 7 });
    expect(offer.distanceKm).toBeCloseTo(5, 0);
  });

  it('refuses an expired offer and another driver’s offer with 409', async () => {
    const a = await driverAt(0.2);
    const other = await driverAt(3);
    const tripId = await bookTrip(t, admin, PICKUP, vehicleTypeId);
    const offer = await pendingOffer(tripId);
    const notYours = await answer(other.token, offer.id, 'accept');
    expect(notYours.statusCode).toBe(409);
    expect(notYours.json().message).toBe('This offer was made to another driver');
    // The clock passes the deadline before the driver answers.
    await expect(
      t.app.services.offers.answer(a.id, offer.id, 'accept', Date.now() + OFFER_TIMEOUT_MS + 1),
    ).rejects.toThrow('This offer has expired');
    expect((await tripOf(tripId)).status).toBe('requested');
    expect((await offersOf(tripId))[0].outcome).toBe('timeout');
  });

  it('cancels the pending offer when a dispatcher assigns by hand', async () => {
    const a = await driverAt(0.2);
    const b = await driverAt(0.9);
    const tripId = await bookTrip(t, admin, PICKUP, vehicleTypeId);
    const offer = await pendingOffer(tripId);
    expect(offer.driverId).toBe(a.id);
    const assigned = await t.call('POST', `/api/trip/trips/${tripId}/assign`, {
      token: admin,
      body: { driverId: b.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await waitFor(async () => (await offersOf(tripId))[0].outcome === 'cancelled', 'the offer cancelled');
    const late = await answer(a.token, offer.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/withdrawn/);
    expect(await tripOf(tripId)).toMatchObject({ status: 'accepted', driverId: b.id });
    await waitFor(async () => (await t.app.services.live.store.get(a.id))?.duty === 'available', 'a free again');
  });

  it('gets the live duties right when a booking is assigned by hand right away, to the offered driver or another', async () => {
    // The dispatcher's "pick a driver" booking: the trip is created (and offered to the nearest
    // driver at once), then assigned to the chosen one straight after: often that same nearest driver.
    for (const same of [true, false, true, false]) {
      const a = await driverAt(0.1);
      const b = await driverAt(1.5);
      const tripId = await bookTrip(t, admin, PICKUP, vehicleTypeId);
      const chosen = same ? a : b;
      const assigned = await t.call('POST', `/api/trip/trips/${tripId}/assign`, {
        token: admin,
        body: { driverId: chosen.id },
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      await waitFor(async () => (await offersOf(tripId)).every((o) => o.outcome !== null), 'no offer left pending');
      // The chosen driver's duty follows the assignment: never left 'offered' (this trip's or another's).
      const duty = async () => {
        const entry = await t.app.services.live.store.get(chosen.id);
        return entry?.duty === 'en_route' && entry.tripId === tripId && entry;
      };
      await waitFor(duty, `same: ${same}: the chosen driver en route to trip ${tripId}`);
      if (!same) expect(await t.app.services.live.store.get(a.id)).toMatchObject({ duty: 'available', tripId: null });
      for (const id of [a.id, b.id]) await t.app.services.live.offline(id);
      online.splice(0);
    }
  });

  it('lets only one of two dispatchers assign the same driver at once', async () => {
    const d = await driverAt(0.5);
    const [t1, t2] = [
      await bookTrip(t, admin, north(3), vehicleTypeId),
      await bookTrip(t, admin, north(3.1), vehicleTypeId),
    ];
    const results = await Promise.all(
      [t1, t2].map((id) => t.call('POST', `/api/trip/trips/${id}/assign`, { token: admin, body: { driverId: d.id } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const held = await t.db
      .selectFrom('trips')
      .select('id')
      .where('driverId', '=', d.id)
      .where('status', 'in', ['accepted', 'arrived', 'in_progress'])
      .execute();
    expect(held).toHaveLength(1);
  });

  it('runs the driver’s steps to completion, meters the fare and settles the ledger', async () => {
    const d = await driverAt(0.2);
    const tripId = await bookTrip(t, admin, PICKUP, vehicleTypeId);
    const offer = await pendingOffer(tripId);
    expect((await answer(d.token, offer.id, 'accept')).statusCode).toBe(200);
    const before = await t.db
      .selectFrom('drivers')
      .select('creditBalance')
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    const step = (s: string) => t.call('POST', `/api/trip/apps/driver/trips/${tripId}/${s}`, { token: d.token });
    const early = await step('completed');
    expect(early.statusCode).toBe(400); // accepted → completed is not a step
    for (const s of ['arrived', 'started', 'completed']) expect((await step(s)).statusCode).toBe(200);
    const trip = await tripOf(tripId);
    expect(trip.status).toBe('completed');
    expect(trip.fareTotal).toBeGreaterThan(0);
    const ledger = await t.db.selectFrom('driverTransactions').selectAll().where('tripId', '=', tripId).execute();
    expect(ledger).toHaveLength(1);
    const after = await t.db
      .selectFrom('drivers')
      .select('creditBalance')
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(after.creditBalance).toBeCloseTo(before.creditBalance + ledger[0].amount, 2);
    await waitFor(async () => (await t.app.services.live.store.get(d.id))?.duty === 'available', 'free after the trip');
    // Another driver cannot touch this trip.
    const stranger = await driverAt(4);
    expect(
      (await t.call('POST', `/api/trip/apps/driver/trips/${tripId}/arrived`, { token: stranger.token })).statusCode,
    ).toBe(404);
  });
});
