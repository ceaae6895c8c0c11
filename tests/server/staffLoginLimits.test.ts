import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DISPATCHER, startApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  // The shipped per-minute limits (RATE_LIMIT_LOGIN_PER_IP 20, RATE_LIMIT_PER_EMAIL 5), a low account-wide one.
  t = await startApp({
    rateLimits: { loginPerIp: 20, perEmail: 5, windowMs: 60_000, global: 0 },
    authLimits: {
      codeFailuresPerPhone: 10,
      phoneLockMs: 3_600_000,
      smsPerPhoneHour: 5,
      smsPerPhoneDay: 10,
      accountFailuresPerHour: 6,
    },
  });
});
afterAll(() => t?.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/auth/login', payload: { email, password }, remoteAddress: ip });

describe('staff sign-in limits (issue 25)', () => {
  it('ten wrong passwords from one address do not keep the owner out: the right one from another address signs in', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await login(ADMIN.email, 'wrong-password', '10.0.0.66')).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    // The attacker's own address is held back for this account...
    expect(codes.slice(5)).toEqual([429, 429, 429, 429, 429]);
    expect((await login(ADMIN.email, ADMIN.password, '10.0.0.66')).statusCode).toBe(429);
    // ...and the owner, elsewhere, is not.
    const res = await login(ADMIN.email, ADMIN.password, '10.0.0.7');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.accessToken).toEqual(expect.any(String));
  }, 90_000);

  it('many addresses together reach the slower account-wide limit, which then refuses even the right password', async () => {
    // 6 failures an hour in this test's configuration (100 shipped): 2 each from 3 addresses.
    for (const ip of ['10.0.2.1', '10.0.2.2', '10.0.2.3'])
      for (let i = 0; i < 2; i++) expect((await login(DISPATCHER.email, 'wrong', ip)).statusCode).toBe(401);
    const res = await login(DISPATCHER.email, DISPATCHER.password, '10.0.2.99');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many failed sign-ins for this account\. Please wait \d+ minutes/);
    // Other accounts are untouched.
    expect((await login(ADMIN.email, ADMIN.password, '10.0.2.99')).statusCode).toBe(200);
  }, 90_000);
});
