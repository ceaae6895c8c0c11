import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, startApp, type TestApp } from './harness.js';
import { appSignIn, approvedDrivers, bookTrip } from './appsHelpers.js';
import { sleep } from './sockets.js';
import { LiveDrivers, DB_WRITE_INTERVAL_MS } from '../../server/apps/live/service.js';
import { MemoryLiveStore } from '../../server/apps/live/store.js';
import {
  DRIVER_SHIFT_CHANGED,
  LOST_AFTER_MS,
  OFFLINE_AFTER_MS,
  type DriverPositionsBatch,
  type DriverShiftChanged,
  type LiveDriver,
} from '../../src/domain/liveDrivers.js';

const relaxed = { rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } };
let t: TestApp;
let base: string;
let admin: string;
beforeAll(async () => {
  t = await startApp(relaxed);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login();
});
afterAll(() => t?.close());

const opened: Socket[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

function connect(namespace: string, token: string): Promise<Socket> {
  const socket = connectClient(`${base}${namespace}`, {
    path: '/socket.io',
    forceNew: true,
    reconnection: false,
    transports: ['websocket'],
    auth: { token },
  });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (e) => reject(e));
  });
}
const emitAck = <T>(socket: Socket, event: string, payload: unknown) =>
  socket.timeout(3000).emitWithAck(event, payload) as Promise<T>;

const near = (dLat: number, dLng = 0) => ({ lat: -1.2864 + dLat, lng: 36.8172 + dLng });

describe('a driver online, sending positions, seen by a dispatcher', () => {
  it('goes online, streams positions over /drivers and appears in the snapshot, deltas and nearest', async () => {
    const [d] = await approvedDrivers(t, 1);
    const token = await appSignIn(t, 'driver', d.phone);
    const online = await t.call('POST', '/api/trip/apps/driver/online', { token });
    expect(online.statusCode, online.body).toBe(200);
    expect(online.json().data).toMatchObject({ online: true, state: 'available' });

    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    const staffSocket = await connect('', dispatcher);
    const batches: DriverPositionsBatch[] = [];
    staffSocket.on('driverPositions', (b: DriverPositionsBatch) => batches.push(b));
    expect(await emitAck(staffSocket, 'dispatcher:watch', { bbox: [36.7, -1.37, 36.95, -1.2] })).toEqual({ ok: true });

    const socket = await connect('/drivers', token);
    const at = new Date().toISOString();
    expect(await emitAck(socket, 'position', { ...near(0.001), heading: 90, speed: 9, at })).toEqual({ ok: true });

    const snap = await t.call('GET', '/api/trip/dispatcher/drivers', { token: dispatcher });
    expect(snap.statusCode).toBe(200);
    const mine = (snap.json().data as LiveDriver[]).find((x) => x.id === d.id);
    expect(mine).toEqual({
      id: d.id,
      ...near(0.001),
      heading: 90,
      speed: 9,
      state: 'available',
      vehicleTypeId: d.vehicleTypeId,
      tripId: null,
      at,
    });
    const outside = await t.call('GET', '/api/trip/dispatcher/drivers', {
      token: dispatcher,
      query: { bbox: '36.9,-1.37,36.95,-1.33' },
    });
    expect((outside.json().data as LiveDriver[]).map((x) => x.id)).not.toContain(d.id);

    // The batch reaches the watching dispatcher (about a second later; a busy machine is slower).
    await expect
      .poll(() => batches.flatMap((b) => b.moved).find((m) => m.id === d.id))
      .toMatchObject({ lat: near(0.001).lat });

    const nearest = await t.call('GET', '/api/trip/dispatcher/nearest-drivers', {
      token: admin,
      query: {
        ...Object.fromEntries(Object.entries(near(0)).map(([k, v]) => [k, String(v)])),
        vehicleTypeId: String(d.vehicleTypeId),
      },
    });
    expect(nearest.statusCode, nearest.body).toBe(200);
    const [first] = nearest.json().data;
    expect(first).toMatchObject({ id: d.id, phone: d.phone });
    expect(first.distanceKm).toBeCloseTo(0.11, 1);
    expect(first.etaSeconds).toBe(60);

    const availability = await t.call('GET', '/api/trip/dispatcher/availability', {
      token: dispatcher,
      query: { lat: String(near(0).lat), lng: String(near(0).lng) },
    });
    expect(availability.statusCode, availability.body).toBe(200);
    const row = (
      availability.json().data as { vehicleTypeId: number; available: number; nearestEtaSeconds: number }[]
    ).find((r) => r.vehicleTypeId === d.vehicleTypeId);
    expect(row).toMatchObject({ available: 1, nearestEtaSeconds: 60 });

    // Drops: outside the area, old.
    expect(await emitAck(socket, 'position', { lat: -4.05, lng: 39.66 })).toEqual({ ok: false, reason: 'outside' });
    expect(await emitAck(socket, 'position', { ...near(0), at: new Date(Date.now() - 120_000).toISOString() })).toEqual(
      { ok: false, reason: 'stale' },
    );

    // The position reaches drivers.last_* at the next write.
    await t.app.services.live.flush(Date.now());
    const row2 = await t.db
      .selectFrom('drivers')
      .select(['lastLat', 'lastLng', 'lastSeenAt', 'online'])
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row2).toMatchObject({ ...{ lastLat: near(0.001).lat, lastLng: near(0.001).lng }, online: true });
    expect(row2.lastSeenAt?.toISOString()).toBe(at);

    // Offline: out of the feed, dispatchers told it is gone, positions refused.
    batches.length = 0;
    expect((await t.call('POST', '/api/trip/apps/driver/offline', { token })).statusCode).toBe(200);
    await expect.poll(() => batches.some((b) => b.gone.includes(d.id))).toBe(true);
    expect(await emitAck(socket, 'position', near(0))).toEqual({ ok: false, reason: 'offline' });
    const after = await t.call('GET', '/api/trip/dispatcher/drivers', { token: dispatcher });
    expect((after.json().data as LiveDriver[]).map((x) => x.id)).not.toContain(d.id);
    expect(
      (await t.db.selectFrom('drivers').select('online').where('id', '=', d.id).executeTakeFirstOrThrow()).online,
    ).toBe(false);
  });

  it('refuses a staff token on /drivers and a passenger token too', async () => {
    await expect(connect('/drivers', admin)).rejects.toThrow(/staff token/);
    await expect(connect('/drivers', 'nonsense')).rejects.toThrow(/UnAuthenticated/);
  });

  it('refuses a bad bbox with a message, over REST and the socket', async () => {
    const res = await t.call('GET', '/api/trip/dispatcher/drivers', { token: admin, query: { bbox: '1,2' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.bbox).toBe('bbox must be minLng,minLat,maxLng,maxLat');
    const s = await connect('', admin);
    expect(await emitAck(s, 'dispatcher:watch', { bbox: 'x' })).toEqual({
      ok: false,
      message: 'bbox must be minLng,minLat,maxLng,maxLat',
    });
  });

  it('refuses nearest-drivers without a point or a trip, and a point with a bad coordinate', async () => {
    const q = (query: Record<string, string>) =>
      t.call('GET', '/api/trip/dispatcher/nearest-drivers', { token: admin, query });
    expect((await q({})).json().message).toBe('Give "tripId", or "lat", "lng" and "vehicleTypeId"');
    expect((await q({ lat: '95', lng: '36.8', vehicleTypeId: '1' })).json().message).toBe(
      '"lat" must be a number from -90 to 90',
    );
    expect((await q({ lat: '-1.28', lng: '36.8' })).statusCode).toBe(400);
  });

  it('keeps a driver out of the feed until a first position, and refuses going offline during a trip', async () => {
    const [, d] = await approvedDrivers(t, 2);
    const token = await appSignIn(t, 'driver', d.phone);
    expect((await t.call('POST', '/api/trip/apps/driver/online', { token })).statusCode).toBe(200);
    const snap = await t.call('GET', '/api/trip/dispatcher/drivers', { token: admin });
    expect((snap.json().data as LiveDriver[]).map((x) => x.id)).not.toContain(d.id);
    const tripId = await bookTrip(t, admin, near(0.002), d.vehicleTypeId!);
    const assigned = await t.call('POST', `/api/trip/trips/${tripId}/assign`, {
      token: admin,
      body: { driverId: d.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // The live store learns of the assignment after the commit (through Redis on PostgreSQL): wait for it.
    await expect.poll(() => t.app.services.live.store.get(d.id)).toMatchObject({ duty: 'en_route', tripId });
    const off = await t.call('POST', '/api/trip/apps/driver/offline', { token });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(`You are on trip ${tripId}; finish it before going offline`);
  });

  it('tells staff who may see drivers (not the dispatcher) when a driver goes online and offline', async () => {
    const [, , d] = await approvedDrivers(t, 3);
    const token = await appSignIn(t, 'driver', d.phone);
    const adminSocket = await connect('', admin);
    const dispatcherSocket = await connect('', await t.login(DISPATCHER.email, DISPATCHER.password));
    const heard: DriverShiftChanged[] = [];
    const dispatcherHeard: DriverShiftChanged[] = [];
    adminSocket.on(DRIVER_SHIFT_CHANGED, (e: DriverShiftChanged) => heard.push(e));
    dispatcherSocket.on(DRIVER_SHIFT_CHANGED, (e: DriverShiftChanged) => dispatcherHeard.push(e));
    const mine = () => heard.filter((e) => e.driverId === d.id).map((e) => e.online);

    expect((await t.call('POST', '/api/trip/apps/driver/online', { token })).statusCode).toBe(200);
    await expect.poll(mine).toEqual([true]);
    expect((await t.call('POST', '/api/trip/apps/driver/offline', { token })).statusCode).toBe(200);
    await expect.poll(mine).toEqual([true, false]);
    expect(Date.parse(heard.find((e) => e.driverId === d.id)!.at)).toBeGreaterThan(Date.now() - 60_000);
    const row = await t.call('GET', `/api/user/drivers/${d.id}`, { token: admin });
    expect(row.json().onlineState).toBe('offline');
    await sleep(100);
    expect(dispatcherHeard).toEqual([]);
  });
});

describe('the live service on the real database, its clock driven by the test', () => {
  // Its own service and store (no interval running), so the test decides what time it is.
  const service = () => new LiveDrivers(t.db, t.app.log, new MemoryLiveStore());
  const row = (id: number) =>
    t.db
      .selectFrom('drivers')
      .select(['online', 'lastLat', 'lastLng', 'lastSeenAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('writes drivers.last_lat/last_lng/last_seen_at at most every 30 s, not on every position', async () => {
    const drivers = await approvedDrivers(t, 6);
    const d = drivers[4];
    const live = service();
    const t0 = Date.now();
    await live.online(d.id, d.vehicleTypeId!, t0);
    const at = (ms: number) => new Date(t0 + ms).toISOString();
    expect(await live.ingest(d.id, { ...near(0.001), at: at(0) }, t0)).toBe('ok');
    await live.tick(t0);
    expect(await row(d.id)).toMatchObject({ online: true, lastLat: near(0.001).lat });
    // A position a second for 29 s: none of them reaches the database…
    for (let s = 1; s < 30; s++) {
      expect(await live.ingest(d.id, { ...near(0.001 + s / 10_000), at: at(s * 1000) }, t0 + s * 1000)).toBe('ok');
      await live.tick(t0 + s * 1000);
    }
    expect((await row(d.id)).lastLat).toBe(near(0.001).lat);
    // …the 30 s mark writes the latest one.
    await live.tick(t0 + DB_WRITE_INTERVAL_MS);
    const written = await row(d.id);
    expect(written.lastLat).toBeCloseTo(near(0.001 + 29 / 10_000).lat, 6);
    expect(written.lastSeenAt?.toISOString()).toBe(at(29_000));
    await live.offline(d.id);
  });

  it('shows a silent driver as lost to dispatchers after 60 s, and takes them offline after 5 minutes', async () => {
    const drivers = await approvedDrivers(t, 6);
    const d = drivers[5];
    const live = service();
    const batches: DriverPositionsBatch[] = [];
    live.watch('test-dispatcher', [36.6, -1.5, 37.1, -1.1], (batch) => batches.push(batch));
    const wentOffline: number[] = [];
    live.offlineListeners.push((id) => wentOffline.push(id));
    const t0 = Date.now();
    await live.online(d.id, d.vehicleTypeId!, t0);
    expect(await live.ingest(d.id, { ...near(0.002), at: new Date(t0).toISOString() }, t0)).toBe('ok');
    await live.tick(t0);
    expect(batches.at(-1)?.moved.find((x) => x.id === d.id)?.state).toBe('available');

    await live.tick(t0 + LOST_AFTER_MS);
    expect(batches).toHaveLength(1); // nothing changed yet: nothing sent
    await live.tick(t0 + LOST_AFTER_MS + 1000);
    expect(batches.at(-1)?.moved.find((x) => x.id === d.id)?.state).toBe('lost');
    expect((await row(d.id)).online).toBe(true);

    await live.tick(t0 + OFFLINE_AFTER_MS + 1000);
    expect(batches.at(-1)?.gone).toContain(d.id);
    expect(await live.store.get(d.id)).toBeUndefined();
    expect(wentOffline).toEqual([d.id]);
    // Offline on the record too, with the last position written.
    expect(await row(d.id)).toMatchObject({ online: false, lastLat: near(0.002).lat });
  });
});
