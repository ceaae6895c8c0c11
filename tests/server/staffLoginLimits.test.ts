import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords.js';
import { ADMIN, DISPATCHER, startApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  // The shipped limits (RATE_LIMIT_LOGIN_PER_IP 20, RATE_LIMIT_PER_EMAIL 5, AUTH_ACCOUNT_FAILURES_PER_HOUR 100).
  t = await startApp({
    // A cost at which the hash, not the database, is most of a sign-in's time (the last test compares them).
    scryptN: 2 ** 15,
    rateLimits: { loginPerIp: 20, perEmail: 5, windowMs: 60_000, global: 0 },
    authLimits: {
      codeFailuresPerPhone: 10,
      phoneLockMs: 3_600_000,
      smsPerPhoneHour: 5,
      smsPerPhoneDay: 10,
      accountFailuresPerHour: 100,
    },
  });
});
afterAll(() => t?.close());

const login = (email: string, password: string, ip: string, device?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: device ? { cookie: `ride_device=${device}` } : {},
  });
/** The device token a successful sign-in set. */
const deviceCookieOf = (res: { headers: Record<string, unknown> }) =>
  /ride_device=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;

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
  });

  it('100 failures from 20 addresses lock the account for unknown browsers, not for the owner’s browser with its device token (issue 43)', async () => {
    await t.db.deleteFrom('authCounters').execute(); // the first test's failures
    // The owner signed in from this browser before: it holds the device cookie.
    const first = await login(ADMIN.email, ADMIN.password, '10.0.3.1');
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(first.headers['set-cookie']).toMatch(/; Path=\/api\/user\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    // 5 wrong passwords from each of 20 addresses (the most the per-address limit lets through).
    for (let a = 0; a < 20; a++) {
      const codes = await Promise.all(
        Array.from({ length: 5 }, () => login(ADMIN.email, 'wrong', `10.0.4.${a}`).then((r) => r.statusCode)),
      );
      expect(codes).toEqual([401, 401, 401, 401, 401]);
    }
    // A browser that never signed in is refused, even with the right password...
    const stranger = await login(ADMIN.email, ADMIN.password, '10.0.5.1');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/^Too many failed sign-ins for this account\. Please wait \d+ minutes/);
    // ...and so is one with a forged or another account's token.
    expect((await login(ADMIN.email, ADMIN.password, '10.0.5.2', `${cookie.slice(0, -3)}AAA`)).statusCode).toBe(429);
    const dispatcherBrowser = deviceCookieOf(await login(DISPATCHER.email, DISPATCHER.password, '10.0.5.3'));
    expect((await login(ADMIN.email, ADMIN.password, '10.0.5.3', dispatcherBrowser)).statusCode).toBe(429);
    // The owner's browser, from a fresh address, signs in.
    const owner = await login(ADMIN.email, ADMIN.password, '10.0.5.4', cookie);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().data.accessToken).toEqual(expect.any(String));
    // Other accounts are untouched.
    expect((await login(DISPATCHER.email, DISPATCHER.password, '10.0.5.5')).statusCode).toBe(200);
  });

  it('a known browser’s wrong passwords are counted apart and refuse only that browser after 10', async () => {
    const browser = deviceCookieOf(await login(DISPATCHER.email, DISPATCHER.password, '10.0.6.1'));
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await login(DISPATCHER.email, 'wrong', `10.0.6.${10 + i}`, browser)).statusCode);
    expect(codes).toEqual([...Array(10).fill(401), 429]);
    const refused = await login(DISPATCHER.email, DISPATCHER.password, '10.0.6.99', browser);
    expect(refused.json().message).toMatch(/^Too many failed sign-ins from this browser/);
    // The account itself is not locked: another browser signs in.
    expect((await login(DISPATCHER.email, DISPATCHER.password, '10.0.6.98')).statusCode).toBe(200);
  });

  it('an unknown email costs a password hash as a known one does', async () => {
    // The seed hashed at the suites' cost; the account's hash is made at this app's, as a sign-in would.
    await t.db
      .updateTable('staffs')
      .set({ passwordHash: await hashPassword(DISPATCHER.password, t.config.scryptN) })
      .where('email', '=', DISPATCHER.email)
      .execute();
    let n = 0;
    const time = async (email: string) => {
      const started = performance.now();
      expect((await login(email, 'wrong', `10.0.7.${n++}`)).statusCode).toBe(401);
      return performance.now() - started;
    };
    await time('nobody-warmup@example.com');
    // Interleaved, the fastest of three each: a burst of load elsewhere slows both kinds alike.
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await time(`nobody${i}@example.com`));
      known.push(await time(DISPATCHER.email));
    }
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) / 3);
  });
});
