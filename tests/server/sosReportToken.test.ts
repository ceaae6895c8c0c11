import type { AddressInfo } from 'node:net';
import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { appSignIn, approvedDrivers } from './appsHelpers.js';
import { checkPosition } from '../../server/apps/live/store.js';

/**
 * Issue 25, section 5: an SOS report needs the trip's app token unless SOS_PUBLIC_REPORTS allows
 * older builds (then the alarm is unverified), and the apps' numbers are bounded.
 */
const relaxed = { rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } };
let strict: TestApp;
let open: TestApp;
beforeAll(async () => {
  // The shipped default (off), and the setting on.
  strict = await startApp({ ...relaxed, sosPublicReports: false });
  open = await startApp({ ...relaxed, sosPublicReports: true });
});
afterAll(async () => {
  await strict?.close();
  await open?.close();
});

/** A trip in progress whose passenger can sign in to the app. */
async function tripUnderWay(t: TestApp) {
  const trip = await t.db
    .selectFrom('trips')
    .innerJoin('passengers', 'passengers.id', 'trips.passengerId')
    .select(['trips.id', 'trips.passengerId', 'passengers.phone'])
    .where('trips.status', '=', 'in_progress')
    .where('passengers.status', '=', 'active')
    .orderBy('trips.id')
    .executeTakeFirstOrThrow();
  return trip;
}
const report = (t: TestApp, body: object, token?: string) =>
  t.call('POST', '/api/trip/sos/report', { body, ...(token ? { token } : {}) });

describe('POST /api/trip/sos/report', () => {
  it('refuses a report without the app token by default (401), and stores nothing', async () => {
    const trip = await tripUnderWay(strict);
    const before = await strict.db.selectFrom('sosCallLogs').select('id').execute();
    const res = await report(strict, { tripId: trip.id, caller: 'passenger', lat: -1.28, lng: 36.82 });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/^Sign in to the app to send an SOS/);
    expect(await strict.db.selectFrom('sosCallLogs').select('id').execute()).toEqual(before);
  });

  it("accepts the trip's passenger with the app token, as a verified alarm", async () => {
    const trip = await tripUnderWay(strict);
    const token = await appSignIn(strict, 'passenger', trip.phone);
    const res = await report(strict, { tripId: trip.id, caller: 'passenger', lat: -1.28, lng: 36.82 }, token);
    expect(res.statusCode, res.body).toBe(201);
    const row = await strict.db
      .selectFrom('sosCallLogs')
      .select('verified')
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.verified).toBe(true);
  });

  it('with SOS_PUBLIC_REPORTS, a report without a token is stored unverified, shown so to staff', async () => {
    const trip = await tripUnderWay(open);
    const res = await report(open, { tripId: trip.id, caller: 'passenger', lat: -1.28, lng: 36.82 });
    expect(res.statusCode).toBe(201);
    const admin = await open.login();
    const shown = await open.call('GET', `/api/trip/sos-call-logs/${res.json().data.id}`, { token: admin });
    expect(shown.json()).toMatchObject({ verified: false, tripId: trip.id });
    // The banner's list (new alarms, its fields) carries the mark.
    const banner = await open.call('GET', '/api/trip/sos-call-logs', {
      token: admin,
      query: { filter: JSON.stringify({ status: 'new' }), fields: 'tripId,callerKind,verified' },
    });
    expect(
      (banner.json() as { id: number; verified: boolean }[]).find((a) => a.id === res.json().data.id),
    ).toMatchObject({ verified: false });
    // The passenger then reports with the app: the same alarm, now verified.
    const token = await appSignIn(open, 'passenger', trip.phone);
    const again = await report(open, { tripId: trip.id, caller: 'passenger', lat: -1.28, lng: 36.82 }, token);
    expect(again.json().data).toMatchObject({ id: res.json().data.id, merged: true });
    expect(
      (await open.call('GET', `/api/trip/sos-call-logs/${res.json().data.id}`, { token: admin })).json().verified,
    ).toBe(true);
  });
});

describe("the apps' numbers are bounded", () => {
  it('a position with speed 1e308 (or a heading of 1e9) is refused as invalid and never reaches the feed', async () => {
    const now = Date.now();
    const at = { lat: -1.2841, lng: 36.8233 };
    expect(checkPosition({ ...at, speed: 1e308 }, now)).toBe('invalid');
    expect(checkPosition({ ...at, speed: 301 }, now)).toBe('invalid');
    expect(checkPosition({ ...at, heading: 1e9 }, now)).toBe('invalid');
    expect(checkPosition({ ...at, speed: -1, heading: -1 }, now)).toMatchObject({ speed: 0, heading: 359 });
    expect(checkPosition({ ...at, speed: 300, heading: 360 }, now)).toMatchObject({ speed: 300, heading: 0 });

    // Over the driver socket: acknowledged as invalid, and the driver keeps no such speed.
    const t = strict;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [d] = await approvedDrivers(t, 1);
    const token = await appSignIn(t, 'driver', d.phone);
    expect((await t.call('POST', '/api/trip/apps/driver/online', { token })).statusCode).toBe(200);
    const socket = connectClient(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/drivers`, {
      path: '/socket.io',
      forceNew: true,
      reconnection: false,
      transports: ['websocket'],
      auth: { token },
    });
    try {
      await new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(undefined));
        socket.once('connect_error', reject);
      });
      const ack = await new Promise((resolve) =>
        socket.emit('position', { ...at, heading: 0, speed: 1e308, at: new Date().toISOString() }, resolve),
      );
      expect(ack).toEqual({ ok: false, reason: 'invalid' });
      const entry = await t.app.services.live.store.get(d.id);
      expect(entry?.speed ?? 0).toBeLessThanOrEqual(300);
    } finally {
      socket.close();
      await t.app.services.live.offline(d.id);
    }
  });

  it('an id beyond the database integer is a field error, not a 500', async () => {
    const trip = await tripUnderWay(strict);
    const token = await appSignIn(strict, 'passenger', trip.phone);
    const res = await report(strict, { tripId: 1e20, caller: 'passenger', lat: -1.28, lng: 36.82 }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('tripId');
  });
});
