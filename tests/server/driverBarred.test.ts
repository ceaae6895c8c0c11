import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { appSignIn, approvedDrivers, bookTrip } from './appsHelpers.js';
import { sleep } from './sockets.js';
import { waitFor } from './support/waitFor.js';

/**
 * Issue 25, section 2: suspending a driver (or a rejection that ends the approval) reaches the live
 * side at once: sockets closed, out of the live store, offers withdrawn, not offered again, and a
 * held trip back with the dispatcher.
 */
const relaxed = { rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } };
let t: TestApp;
let base: string;
let admin: string;
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
  for (const id of online.splice(0)) await t.app.services.live.offline(id);
});

const PICKUP = { lat: -1.2841, lng: 36.8233 };
const north = (km: number) => ({ lat: PICKUP.lat + km / 111.2, lng: PICKUP.lng });

/** A driver online at `km` north of the pickup, with a connected socket. */
async function driverAt(km: number) {
  const d = pool.shift()!;
  const token = await appSignIn(t, 'driver', d.phone);
  expect((await t.call('POST', '/api/trip/apps/driver/online', { token })).statusCode).toBe(200);
  online.push(d.id);
  const socket = connectClient(`${base}/drivers`, {
    path: '/socket.io',
    forceNew: true,
    reconnection: false,
    transports: ['websocket'],
    auth: { token },
  });
  opened.push(socket);
  const offers: { offerId: number; tripId: number }[] = [];
  const withdrawn: { offerId: number }[] = [];
  socket.on('offer', (o: { offerId: number; tripId: number }) => offers.push(o));
  socket.on('offerWithdrawn', (o: { offerId: number }) => withdrawn.push(o));
  let disconnected = false;
  socket.on('disconnect', () => (disconnected = true));
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  const position = (at: { lat: number; lng: number }) =>
    new Promise<{ ok: boolean; reason?: string }>((resolve) =>
      socket.emit('position', { ...at, heading: 0, speed: 20, at: new Date().toISOString() }, resolve),
    );
  expect(await position(north(km))).toEqual({ ok: true });
  return { id: d.id, token, socket, offers, withdrawn, disconnected: () => disconnected, position };
}

const offersOf = (tripId: number) =>
  t.db.selectFrom('tripOffers').selectAll().where('tripId', '=', tripId).orderBy('id').execute();
const pendingOffer = (tripId: number) =>
  waitFor(async () => (await offersOf(tripId)).find((o) => o.outcome === null), `a pending offer on trip ${tripId}`);
const suspend = (driverId: number) =>
  t.call('POST', `/api/user/drivers/${driverId}/suspend`, {
    token: admin,
    body: { reason: 'Complaints under review' },
  });
const liveIds = async () =>
  ((await t.call('GET', '/api/trip/dispatcher/drivers', { token: admin })).json().data as { id: number }[]).map(
    (d) => d.id,
  );

describe('a suspended driver leaves the live side at once', () => {
  it('closes its socket, takes it off the map and out of the store; a booking a second later goes to another driver', async () => {
    const other = await driverAt(1.5);
    const bad = await driverAt(0.2);
    expect(await liveIds()).toEqual(expect.arrayContaining([bad.id, other.id]));
    expect((await suspend(bad.id)).statusCode).toBe(200);
    await waitFor(async () => bad.disconnected(), 'the socket to close');
    expect(await t.app.services.live.store.get(bad.id)).toBeUndefined();
    expect(await liveIds()).not.toContain(bad.id);
    const row = await t.db.selectFrom('drivers').select('online').where('id', '=', bad.id).executeTakeFirstOrThrow();
    expect(row.online).toBe(false);
    // Its app can neither reconnect nor send positions nor go online again.
    const again = connectClient(`${base}/drivers`, {
      path: '/socket.io',
      forceNew: true,
      reconnection: false,
      transports: ['websocket'],
      auth: { token: bad.token },
    });
    opened.push(again);
    const refused = await new Promise<string>((resolve) => {
      again.once('connect', () => resolve('connected'));
      again.once('connect_error', (e) => resolve(e.message));
    });
    expect(refused).toBe('Your account is suspended: Complaints under review');
    expect((await t.call('POST', '/api/trip/apps/driver/online', { token: bad.token })).statusCode).toBe(403);

    await sleep(1000);
    const tripId = await bookTrip(t, admin, north(0.2), vehicleTypeId);
    const offer = await pendingOffer(tripId);
    expect(offer.driverId).toBe(other.id);
    expect((await offersOf(tripId)).map((o) => o.driverId)).not.toContain(bad.id);
    // A dispatcher cannot assign it either.
    const assign = await t.call('POST', `/api/trip/trips/${tripId}/assign`, {
      token: admin,
      body: { driverId: bad.id },
    });
    expect(assign.statusCode).toBe(400);
  });

  it('withdraws its pending offer, which goes to the next driver', async () => {
    const bad = await driverAt(0.2);
    const next = await driverAt(0.9);
    const tripId = await bookTrip(t, admin, PICKUP, vehicleTypeId);
    const first = await pendingOffer(tripId);
    expect(first.driverId).toBe(bad.id);
    expect((await suspend(bad.id)).statusCode).toBe(200);
    const second = await waitFor(
      async () => (await offersOf(tripId)).find((o) => o.outcome === null && o.driverId === next.id),
      'the offer to the next driver',
    );
    expect(second.attempt).toBe(2);
    expect((await offersOf(tripId)).find((o) => o.id === first.id)?.outcome).toBe('cancelled');
  });

  it('gives the trip it holds back to the dispatcher, with a timeline note', async () => {
    const bad = await driverAt(0.2);
    const tripId = await bookTrip(t, admin, PICKUP, vehicleTypeId);
    const offer = await pendingOffer(tripId);
    expect(
      (await t.call('POST', `/api/trip/apps/driver/offers/${offer.id}/accept`, { token: bad.token })).statusCode,
    ).toBe(200);
    expect((await suspend(bad.id)).statusCode).toBe(200);
    const trip = await t.db.selectFrom('trips').selectAll().where('id', '=', tripId).executeTakeFirstOrThrow();
    expect(trip).toMatchObject({ status: 'requested', driverId: null, acceptedAt: null });
    const steps = (await t.call('GET', `/api/trip/trips/${tripId}/events`, { token: admin })).json().data as {
      kind: string;
      driverId: number | null;
      actor: string;
      note: string | null;
    }[];
    expect(steps.at(-1)).toMatchObject({
      kind: 'declined',
      actor: 'system',
      driverId: bad.id,
      note: 'Driver suspended: the trip is back with the dispatcher to assign another driver',
    });
    await waitFor(async () => bad.disconnected(), 'the socket to close');
    // Back with the dispatcher: not offered by itself.
    await sleep(1500);
    expect((await offersOf(tripId)).filter((o) => o.outcome === null)).toEqual([]);
  });

  it('a rejected document that ends the approval does the same', async () => {
    const bad = await driverAt(0.2);
    const driver = (await t.call('GET', `/api/user/drivers/${bad.id}`, { token: admin })).json() as {
      documents: { id: number; kind: string; status: string; version: number }[];
    };
    const licence = driver.documents.filter((d) => d.kind === 'licence').at(-1)!;
    expect(licence.status).toBe('approved');
    const rejected = await t.call('POST', `/api/user/drivers/${bad.id}/reject-document`, {
      token: admin,
      body: { documentId: licence.id, version: licence.version, reason: 'unreadable' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await waitFor(async () => bad.disconnected(), 'the socket to close');
    expect(await t.app.services.live.store.get(bad.id)).toBeUndefined();
  });
});
