import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { activePassengers, appSignIn, approvedDrivers, lastCode } from './appsHelpers.js';

const relaxed = { rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } };
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await startApp(relaxed);
  staff = await t.login();
});
afterAll(() => t?.close());

describe('apps: phone + OTP sign-in', () => {
  it('signs a driver in with the texted code and answers who it is', async () => {
    const [d] = await approvedDrivers(t, 1);
    const token = await appSignIn(t, 'driver', d.phone);
    const me = await t.call('GET', '/api/trip/apps/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ kind: 'driver', id: d.id, phone: d.phone });
  });

  it('stores the code hashed and lets it be used once', async () => {
    const [p] = await activePassengers(t, 1);
    await t.call('POST', '/api/trip/apps/passenger/request-code', { body: { phone: p.phone } });
    const otp = lastCode(t, p.phone)!;
    const row = await t.db
      .selectFrom('codes')
      .select(['codeHash', 'email'])
      .where('email', '=', `passenger:${p.phone}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.codeHash).not.toContain(otp);
    const first = await t.call('POST', '/api/trip/apps/passenger/sign-in', { body: { phone: p.phone, otp } });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.passengerId).toBe(p.id);
    const again = await t.call('POST', '/api/trip/apps/passenger/sign-in', { body: { phone: p.phone, otp } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Incorrect verification code');
  });

  it('gives the same answer for an unknown phone and texts nothing', async () => {
    const phone = '+254799000111';
    const res = await t.call('POST', '/api/trip/apps/driver/request-code', { body: { phone } });
    expect(res.statusCode).toBe(200);
    expect(lastCode(t, phone)).toBeUndefined();
    const signIn = await t.call('POST', '/api/trip/apps/driver/sign-in', { body: { phone, otp: '123456' } });
    expect(signIn.statusCode).toBe(400);
  });

  it('refuses a badly formed phone with a field error', async () => {
    const res = await t.call('POST', '/api/trip/apps/driver/request-code', { body: { phone: 'call me' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.phone).toMatch(/Enter a phone number/);
  });

  it('locks the code after five wrong tries', async () => {
    const [, p] = await activePassengers(t, 2);
    await t.call('POST', '/api/trip/apps/passenger/request-code', { body: { phone: p.phone } });
    const otp = lastCode(t, p.phone)!;
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/api/trip/apps/passenger/sign-in', { body: { phone: p.phone, otp: wrong } });
      expect(r.statusCode).toBe(400);
    }
    const right = await t.call('POST', '/api/trip/apps/passenger/sign-in', { body: { phone: p.phone, otp } });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toMatch(/Too many wrong attempts/);
  });

  it('refuses a blocked passenger with the reason', async () => {
    const [, , p] = await activePassengers(t, 3);
    await t.call('POST', '/api/trip/apps/passenger/request-code', { body: { phone: p.phone } });
    const otp = lastCode(t, p.phone)!;
    await t.db
      .updateTable('passengers')
      .set({ status: 'blocked', statusReason: 'Abusive to drivers' })
      .where('id', '=', p.id)
      .execute();
    const res = await t.call('POST', '/api/trip/apps/passenger/sign-in', { body: { phone: p.phone, otp } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account is blocked: Abusive to drivers');
  });

  it('keeps app tokens and staff tokens apart (403 both ways), and driver from passenger routes', async () => {
    const [d] = await approvedDrivers(t, 1);
    const driverToken = await appSignIn(t, 'driver', d.phone);
    const onStaff = await t.call('GET', '/api/trip/trips', { token: driverToken });
    expect(onStaff.statusCode).toBe(403);
    expect(onStaff.json().message).toMatch(/app token/);
    const me = await t.call('GET', '/api/user/auth/me', { token: driverToken });
    expect(me.statusCode).toBe(403);
    const staffOnApp = await t.call('GET', '/api/trip/apps/me', { token: staff });
    expect(staffOnApp.statusCode).toBe(403);
    expect(staffOnApp.json().message).toMatch(/staff token/);
    const noToken = await t.call('GET', '/api/trip/apps/me');
    expect(noToken.statusCode).toBe(401);
    // A driver's token on the passenger app's routes, and a passenger's on the driver's.
    const onPassenger = await t.call('POST', '/api/trip/apps/passenger/quote', {
      token: driverToken,
      body: { pickup: { lat: -1.29, lng: 36.82 }, dropoff: { lat: -1.26, lng: 36.8 } },
    });
    expect(onPassenger.statusCode).toBe(403);
    expect(onPassenger.json().message).toBe('This route is for the passenger app');
    const [p] = await activePassengers(t, 1);
    const passengerToken = await appSignIn(t, 'passenger', p.phone);
    const onDriver = await t.call('POST', '/api/trip/apps/driver/online', { token: passengerToken });
    expect(onDriver.statusCode).toBe(403);
    expect(onDriver.json().message).toBe('This route is for the driver app');
  });

  it('documents every app route under the "apps" tag, with the driver socket’s contract', async () => {
    const docs = (await t.call('GET', '/api/docs/json')).json() as {
      tags?: { name: string; description: string }[];
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const appPaths = Object.keys(docs.paths).filter((p) => p.startsWith('/api/trip/apps/'));
    expect(appPaths).toEqual(
      expect.arrayContaining([
        '/api/trip/apps/driver/sign-in',
        '/api/trip/apps/passenger/sign-in',
        '/api/trip/apps/driver/online',
        '/api/trip/apps/driver/offline',
        '/api/trip/apps/driver/offers/{id}/accept',
        '/api/trip/apps/driver/offers/{id}/decline',
        '/api/trip/apps/driver/trips/{id}/arrived',
        '/api/trip/apps/driver/trips/{id}/started',
        '/api/trip/apps/driver/trips/{id}/completed',
        '/api/trip/apps/passenger/quote',
        '/api/trip/apps/passenger/trips',
        '/api/trip/apps/passenger/trips/{id}/cancel',
        '/api/trip/apps/passenger/trips/{id}/rate',
      ]),
    );
    for (const path of appPaths)
      for (const [method, operation] of Object.entries(docs.paths[path]))
        expect(operation.tags, `${method.toUpperCase()} ${path}`).toEqual(['apps']);
    const tag = docs.tags?.find((x) => x.name === 'apps');
    expect(tag?.description).toContain('`/drivers`');
    expect(tag?.description).toContain('`position` `{lat, lng, heading, speed, at}`');
    expect(tag?.description).toContain('`offer`');
  });

  it('ends the session on sign-out', async () => {
    const [, d] = await approvedDrivers(t, 2);
    const token = await appSignIn(t, 'driver', d.phone);
    expect((await t.call('POST', '/api/trip/apps/sign-out', { token })).statusCode).toBe(200);
    const after = await t.call('GET', '/api/trip/apps/me', { token });
    expect(after.statusCode).toBe(401);
  });

  it('limits code requests per phone', async () => {
    const strict = await startApp({ rateLimits: { loginPerIp: 1000, perEmail: 2, windowMs: 60_000, global: 0 } });
    try {
      const [p] = await activePassengers(strict, 1);
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push(
          (await strict.call('POST', '/api/trip/apps/passenger/request-code', { body: { phone: p.phone } })).statusCode,
        );
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await strict.close();
    }
  });
});
