import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { testConfig, type AuthLimits, type Config } from '../../server/config.js';
import { PhoneGuard } from '../../server/apps/phoneGuard.js';
import { maskPhone } from '../../server/auth/counters.js';
import { seededDb } from './harness.js';
import { activePassengers, approvedDrivers, lastCode } from './appsHelpers.js';
import type { DbHandle } from '../../server/db/index.js';

/**
 * Issue 25, section 1: the apps' SMS sign-in cannot be brute-forced. Two apps share one database
 * here, as two processes of a deployment do.
 */
const LIMITS: AuthLimits = {
  codeFailuresPerPhone: 10,
  phoneLockMs: 3_600_000,
  smsPerPhoneHour: 5,
  smsPerPhoneDay: 10,
  accountFailuresPerHour: 100,
};
let handle: DbHandle;
let one: FastifyInstance;
let two: FastifyInstance;
const build = (overrides: Partial<Config>) =>
  buildApp(testConfig({ redisUrl: process.env.REDIS_URL, authLimits: LIMITS, ...overrides }), { db: handle });
beforeAll(async () => {
  handle = await seededDb();
  // The shipped per-minute limit per phone (RATE_LIMIT_PER_EMAIL 5); per IP, generous.
  one = await build({ rateLimits: { loginPerIp: 1000, perEmail: 5, windowMs: 60_000, global: 0, appsPerIp: 1000 } });
  two = await build({ rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0, appsPerIp: 1000 } });
  await one.ready();
  await two.ready();
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await handle?.close();
});

const post = (app: FastifyInstance, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/trip/apps/${url}`, payload });
const codeOf = (app: FastifyInstance, phone: string) => lastCode({ app } as never, phone);

/** `+254712345678` spelled the n-th way: separators the normaliser drops, in different places. */
function spelling(phone: string, n: number): string {
  const seps = ['-', ' ', ')', '(', '  '];
  const at = 2 + (n % (phone.length - 2));
  return `${phone.slice(0, at)}${seps[n % seps.length]}${phone.slice(at)}`;
}

describe('apps sign-in: limits on the canonical phone', () => {
  it('limits a phone per minute however its number is spelled', async () => {
    const t = { db: handle.db } as never;
    const [p] = await activePassengers(t, 1);
    const codes: number[] = [];
    for (let n = 0; n < 8; n++)
      codes.push((await post(one, 'passenger/request-code', { phone: spelling(p.phone, n) })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const signIns: number[] = [];
    for (let n = 0; n < 6; n++)
      signIns.push((await post(one, 'passenger/sign-in', { phone: spelling(p.phone, n), otp: '000000' })).statusCode);
    // Sign-ins and code requests of a phone share the minute's allowance.
    expect(signIns).toEqual([429, 429, 429, 429, 429, 429]);
  });

  it('texts at most 5 codes an hour to a phone, on every process', async () => {
    const [, p] = await activePassengers({ db: handle.db } as never, 2);
    const codes: number[] = [];
    for (let n = 0; n < 3; n++) codes.push((await post(two, 'passenger/request-code', { phone: p.phone })).statusCode);
    for (let n = 0; n < 3; n++) codes.push((await post(two, 'driver/request-code', { phone: p.phone })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await post(one, 'passenger/request-code', { phone: spelling(p.phone, 3) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many codes were sent to this number\. Please try again in \d+ minutes\.$/,
    );
  });

  it('texts at most 10 codes a day to a phone', async () => {
    const guard = new PhoneGuard(handle.db, LIMITS, one.log);
    const phone = '+254700999001';
    const start = Date.now();
    const hour = 3_600_000;
    // Five an hour for two hours, then the day's allowance is spent.
    for (let h = 0; h < 2; h++) for (let n = 0; n < 5; n++) await guard.countSms(phone, start + h * hour + n);
    await expect(guard.countSms(phone, start + 2 * hour)).rejects.toMatchObject({ statusCode: 429 });
    await expect(guard.countSms(phone, start + 23 * hour)).rejects.toMatchObject({ statusCode: 429 });
    await expect(guard.countSms(phone, start + 24 * hour + 1)).resolves.toBeUndefined();
  });

  it('locks a phone for an hour after 10 wrong codes, across processes, and logs it masked', async () => {
    const [d] = await approvedDrivers({ db: handle.db } as never, 1);
    const warn = vi.spyOn(one.log, 'warn');
    const wrong = async (app: FastifyInstance, n: number) => {
      const code = codeOf(two, d.phone)!;
      const res = await post(app, 'driver/sign-in', {
        phone: spelling(d.phone, n),
        otp: code === '000000' ? '111111' : '000000',
      });
      return res.statusCode;
    };
    // Five wrong tries on a first code (it dies), five on a second on the other process.
    expect((await post(two, 'driver/request-code', { phone: d.phone })).statusCode).toBe(200);
    const first: number[] = [];
    for (let n = 0; n < 5; n++) first.push(await wrong(two, n));
    expect(first).toEqual([400, 400, 400, 400, 400]);
    expect((await post(two, 'driver/request-code', { phone: d.phone })).statusCode).toBe(200);
    const right = codeOf(two, d.phone)!;
    const second: number[] = [];
    for (let n = 0; n < 5; n++) second.push(await wrong(one, n));
    expect(second).toEqual([400, 400, 400, 400, 400]);
    // The right code is refused now, on the first process too, and no code is texted.
    const locked = await post(two, 'driver/sign-in', { phone: spelling(d.phone, 1), otp: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many wrong codes for this number\. Sign-in is locked/);
    const asked = await post(two, 'passenger/request-code', { phone: d.phone });
    expect(asked.statusCode).toBe(429);
    expect(asked.json().message).toMatch(/^Too many wrong codes/);
    const lockLog = warn.mock.calls.find((c) => String(c[1]).includes('phone locked'));
    expect(lockLog?.[0]).toMatchObject({ phone: maskPhone(d.phone), failures: 10 });
    expect(JSON.stringify(lockLog)).not.toContain(d.phone);
    // An hour later the phone may sign in again.
    const [row] = await handle.db
      .selectFrom('authCounters')
      .select('resetAt')
      .where('key', '=', `apps-lock:${d.phone}`)
      .execute();
    expect(row.resetAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
  });
});

describe('staff codes die after 5 wrong tries', () => {
  const outboxCode = (app: FastifyInstance, to: string) =>
    (app.services.messenger.outbox ?? []).find((m) => m.to === to)?.text.match(/\b(\d{6})\b/)?.[1];
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('a password reset code, tried on reset_password', async () => {
    const email = 'dispatcher@example.com';
    expect(
      (await two.inject({ method: 'POST', url: '/api/user/auth/forgot_password', payload: { email } })).statusCode,
    ).toBe(200);
    const code = outboxCode(two, email)!;
    const reset = (otp: string) =>
      two.inject({
        method: 'POST',
        url: '/api/user/auth/reset_password',
        payload: { email, otp, password: 'Newpass@456' },
      });
    for (let i = 0; i < 5; i++) expect((await reset(wrongOf(code))).json().message).toBe('Incorrect verification code');
    const res = await reset(code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Too many wrong attempts. Please request a new code.');
  });

  it('an invitation code, tried on verify_email then set_password', async () => {
    const login = await two.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { email: 'admin@example.com', password: 'Admin@1234' },
    });
    const token = login.json().data.accessToken as string;
    const email = 'invited.issue25@example.com';
    const created = await two.inject({
      method: 'POST',
      url: '/api/user/staffs',
      headers: { authorization: `Bearer ${token}` },
      payload: { firstName: 'Imani', lastName: 'Wekesa', email, roleId: 2, sex: 'female' },
    });
    expect(created.statusCode).toBe(201);
    const code = outboxCode(two, email)!;
    for (let i = 0; i < 5; i++) {
      const res = await two.inject({
        method: 'POST',
        url: '/api/user/auth/verify_email',
        payload: { email, otp: wrongOf(code), getToken: 0 },
      });
      expect(res.json().message).toBe('Incorrect verification code');
    }
    const set = await two.inject({
      method: 'POST',
      url: '/api/user/auth/set_password',
      payload: { email, otp: code, password: 'Imani@2026' },
    });
    expect(set.statusCode).toBe(400);
    expect(set.json().message).toBe('Too many wrong attempts. Please request a new code.');
  });
});
