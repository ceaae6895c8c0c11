import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AreaWatch } from '../../server/apps/live/areaWatch.js';
import { startApp, type TestApp } from './harness.js';
import { appSignIn, approvedDrivers, bookTrip } from './appsHelpers.js';
import { sleep } from './sockets.js';
import type { TripUpdatedEvent } from '../../server/trip/trips/events.js';

/** A driver leaving the service area on a trip is flagged once, and the flag clears back inside (issue 32). */

const relaxed = { rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } };
let t: TestApp;
let base: string;
let admin: string;
let socket: Socket | undefined;
beforeAll(async () => {
  t = await startApp(relaxed);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login();
  // A service area around the city centre and Kilimani (the booking's drop-off).
  const d = 0.06;
  const area = await t.call('POST', '/api/trip/zones', {
    token: admin,
    body: {
      name: 'Central Nairobi',
      kind: 'service_area',
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [CENTRE.lng - d, CENTRE.lat - d],
            [CENTRE.lng + d, CENTRE.lat - d],
            [CENTRE.lng + d, CENTRE.lat + d],
            [CENTRE.lng - d, CENTRE.lat + d],
          ],
        ],
      },
    },
  });
  expect(area.statusCode, area.body).toBe(201);
});
afterAll(async () => {
  socket?.close();
  await t?.close();
});

const CENTRE = { lat: -1.2864, lng: 36.8172 };
const INSIDE = { lat: -1.2874, lng: 36.8182 };
const OUTSIDE = { lat: -1.2864, lng: 36.9 };

function connect(token: string): Promise<Socket> {
  const s = connectClient(`${base}/drivers`, {
    path: '/socket.io',
    forceNew: true,
    reconnection: false,
    transports: ['websocket'],
    auth: { token },
  });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => reject(e));
  });
}

describe('a driver leaving the service area on a trip', () => {
  it('flags the trip once (a timeline step, one notification, the board event) and clears it back inside', async () => {
    const [driver] = await approvedDrivers(t, 1);
    const token = await appSignIn(t, 'driver', driver.phone);
    expect((await t.call('POST', '/api/trip/apps/driver/online', { token })).statusCode).toBe(200);
    socket = await connect(token);
    // More than 4 positions a second from one driver are dropped as a flood: one every 260 ms.
    const send = async (p: { lat: number; lng: number }) => {
      await sleep(260);
      return socket!
        .timeout(3000)
        .emitWithAck('position', { ...p, heading: 0, speed: 8, at: new Date().toISOString() });
    };

    // Outside with no trip: nothing to flag.
    expect(await send(OUTSIDE)).toEqual({ ok: true });
    const tripId = await bookTrip(t, admin, CENTRE, driver.vehicleTypeId!);
    const assigned = await t.call('POST', `/api/trip/trips/${tripId}/assign`, {
      token: admin,
      body: { driverId: driver.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    for (let i = 0; i < 50 && (await t.app.services.live.store.get(driver.id))?.duty !== 'en_route'; i++)
      await sleep(20);

    const events: TripUpdatedEvent[] = [];
    t.app.services.events.on('tripUpdated', (e: TripUpdatedEvent) => {
      if (e.id === tripId) events.push(e);
    });
    const trip = () =>
      t.db.selectFrom('trips').select(['leftAreaAt', 'status']).where('id', '=', tripId).executeTakeFirstOrThrow();
    const steps = async () =>
      (
        await t.db
          .selectFrom('tripEvents')
          .select('kind')
          .where('tripId', '=', tripId)
          .where('kind', 'in', ['left_area', 'back_in_area'])
          .orderBy('id')
          .execute()
      ).map((e) => e.kind);
    const alerts = () =>
      t.db
        .selectFrom('notifications')
        .select(['title', 'titleCode', 'subjectId'])
        .where('type', '=', 'LEFT_SERVICE_AREA')
        .where('subjectId', '=', tripId)
        .execute();

    // Still inside on the way to the pickup: no flag.
    expect(await send(INSIDE)).toEqual({ ok: true });
    expect((await trip()).leftAreaAt).toBeNull();

    // Out of the area on the trip: flagged once, however many positions follow.
    expect(await send(OUTSIDE)).toEqual({ ok: true });
    expect(await send({ ...OUTSIDE, lng: OUTSIDE.lng - 0.001 })).toEqual({ ok: true });
    expect(await send({ ...OUTSIDE, lng: OUTSIDE.lng - 0.002 })).toEqual({ ok: true });
    expect((await trip()).leftAreaAt).toBeInstanceOf(Date);
    expect(await steps()).toEqual(['left_area']);
    // Said by its code, so the bell shows it in each dispatcher's language.
    expect(await alerts()).toEqual([
      { title: `Trip #${tripId}: the driver left the service area`, titleCode: 'leftServiceArea', subjectId: tripId },
    ]);
    const timeline = await t.call('GET', `/api/trip/trips/${tripId}/events`, { token: admin });
    expect((timeline.json().data as { kind: string; actor: string }[]).at(-1)).toMatchObject({
      kind: 'left_area',
      actor: 'system',
    });
    await sleep(20);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 'accepted', driverId: driver.id, leftAreaAt: expect.any(String) });

    // Back inside: cleared, with its own step; no new notification.
    expect(await send(INSIDE)).toEqual({ ok: true });
    expect(await send(INSIDE)).toEqual({ ok: true });
    expect(await trip()).toMatchObject({ leftAreaAt: null, status: 'accepted' });
    expect(await steps()).toEqual(['left_area', 'back_in_area']);
    expect(await alerts()).toHaveLength(1);
    await sleep(20);
    expect(events.map((e) => e.leftAreaAt === null)).toEqual([false, true]);
  });

  it('flags a trip that starts while its driver is already outside on its first position, once across processes', async () => {
    const [driver] = await approvedDrivers(t, 1);
    const token = await appSignIn(t, 'driver', driver.phone);
    expect((await t.call('POST', '/api/trip/apps/driver/online', { token })).statusCode).toBe(200);
    const own = await connect(token);
    try {
      const send = async (p: { lat: number; lng: number }) => {
        await sleep(260);
        return own.timeout(3000).emitWithAck('position', { ...p, heading: 0, speed: 8, at: new Date().toISOString() });
      };
      const flagOf = (id: number) =>
        t.db.selectFrom('trips').select('leftAreaAt').where('id', '=', id).executeTakeFirstOrThrow();
      const stepsOf = async (id: number) =>
        (
          await t.db
            .selectFrom('tripEvents')
            .select('kind')
            .where('tripId', '=', id)
            .where('kind', 'in', ['left_area', 'back_in_area'])
            .execute()
        ).map((e) => e.kind);
      const assign = async () => {
        const id = await bookTrip(t, admin, CENTRE, driver.vehicleTypeId!);
        const res = await t.call('POST', `/api/trip/trips/${id}/assign`, {
          token: admin,
          body: { driverId: driver.id },
        });
        expect(res.statusCode, res.body).toBe(200);
        for (let i = 0; i < 50 && (await t.app.services.live.store.get(driver.id))?.tripId !== id; i++) await sleep(20);
        return id;
      };

      // Outside with no trip, then a trip starts: its first position outside flags it.
      expect(await send(OUTSIDE)).toEqual({ ok: true });
      const first = await assign();
      expect(await send(OUTSIDE)).toEqual({ ok: true });
      expect((await flagOf(first)).leftAreaAt).toBeInstanceOf(Date);

      // That trip ends outside; the next one, still outside, is flagged on its first position too.
      const cancelled = await t.call('POST', `/api/trip/trips/${first}/cancel`, {
        token: admin,
        body: { by: 'passenger', reason: 'Plans changed' },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      for (let i = 0; i < 50 && (await t.app.services.live.store.get(driver.id))?.tripId !== null; i++) await sleep(20);
      expect(await send(OUTSIDE)).toEqual({ ok: true });
      const second = await assign();
      expect(await send({ ...OUTSIDE, lng: OUTSIDE.lng + 0.001 })).toEqual({ ok: true });
      expect((await flagOf(second)).leftAreaAt).toBeInstanceOf(Date);

      // A second process (its own watch, the same database) sees the driver outside: no second flag.
      const other = new AreaWatch(() => t.app.services, t.app.log);
      await other.position(driver.id, OUTSIDE.lat, OUTSIDE.lng, () => t.app.services.live.store.get(driver.id));
      expect(await send(OUTSIDE)).toEqual({ ok: true });
      expect(await stepsOf(first)).toEqual(['left_area']);
      expect(await stepsOf(second)).toEqual(['left_area']);
      const alerts = await t.db
        .selectFrom('notifications')
        .select('subjectId')
        .where('type', '=', 'LEFT_SERVICE_AREA')
        .where('subjectId', 'in', [first, second])
        .orderBy('subjectId')
        .execute();
      expect(alerts.map((a) => a.subjectId)).toEqual([first, second]);
    } finally {
      own.close();
    }
  });
});
