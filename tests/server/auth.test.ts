import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../server/auth/tokens.js';
import { testConfig } from '../../server/config.js';
import { ADMIN, DISPATCHER, startApp, type TestApp } from './harness.js';

let t: TestApp;
const relaxed = { rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } };
beforeAll(async () => {
  t = await startApp(relaxed);
});
afterAll(() => t?.close());

interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
}
async function latestCode(to: string): Promise<string> {
  const outbox = (await t.call('GET', '/api/dev/outbox')).json() as OutboxEntry[];
  const mail = outbox.find((m) => m.to === to);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('login, me and logout', () => {
  it('signs in and answers the profile with role and permission names, without password material', async () => {
    const token = await t.login();
    const me = await t.call('GET', '/api/user/auth/me', { token });
    expect(me.statusCode).toBe(200);
    const profile = me.json().data;
    expect(profile).toMatchObject({
      id: 1,
      firstName: 'Amara',
      lastName: 'Okafor',
      email: ADMIN.email,
      sex: 'female',
      role: { name: 'Super Admin' },
    });
    expect(profile.role.permissions).toContainEqual({ name: 'view-Staff' });
    expect(profile.role.permissions).toContainEqual({ name: 'view-DispatcherPage' });
    expect(JSON.stringify(profile)).not.toMatch(/password|scrypt/i);
  });

  it('answers the token with the same profile as auth/me, so the panel needs no second round trip', async () => {
    const res = await t.call('POST', '/api/user/auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
    const { accessToken, profile } = res.json().data;
    const me = (await t.call('GET', '/api/user/auth/me', { token: accessToken })).json().data;
    expect(profile).toEqual(me);
    expect(JSON.stringify(res.json())).not.toMatch(/password|scrypt/i);
  });

  it('hashes a password again at the configured cost when it signs in with a hash of another cost', async () => {
    const costlier = await startApp({ ...relaxed, scryptN: 2 ** 14 });
    try {
      const hashOf = async () =>
        (
          await costlier.db
            .selectFrom('staffs')
            .select('passwordHash')
            .where('email', '=', DISPATCHER.email)
            .executeTakeFirstOrThrow()
        ).passwordHash!;
      const before = await hashOf();
      expect(before.split('$')[1]).toBe(String(testConfig().scryptN)); // the seed's hash, at the suites' cost
      const login = () =>
        costlier.call('POST', '/api/user/auth/login', {
          body: { email: DISPATCHER.email, password: DISPATCHER.password },
        });
      expect((await login()).statusCode).toBe(200);
      await expect.poll(async () => (await hashOf()).split('$')[1], { timeout: 10_000 }).toBe(String(2 ** 14));
      const after = await hashOf();
      // The new hash still opens the account, and is left alone from then on.
      expect((await login()).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await hashOf()).toBe(after);
      expect(
        (
          await costlier.call('POST', '/api/user/auth/login', {
            body: { email: DISPATCHER.email, password: 'Wrong@1234' },
          })
        ).statusCode,
      ).toBe(401);
    } finally {
      await costlier.close();
    }
  });

  it('gives the same 401 message for a wrong password and an unknown email', async () => {
    const wrong = await t.call('POST', '/api/user/auth/login', {
      body: { email: ADMIN.email, password: 'Wrong@1234' },
    });
    const unknown = await t.call('POST', '/api/user/auth/login', {
      body: { email: 'nobody@example.com', password: 'Wrong@1234' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'invalidCredentials', params: {} });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a malformed login body with a 400', async () => {
    const res = await t.call('POST', '/api/user/auth/login', { body: { email: ADMIN.email } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('password');
  });

  it('answers 401 UnAuthenticated without a token, with a bad one, and after logout', async () => {
    expect((await t.call('GET', '/api/user/auth/me')).json()).toEqual({
      message: 'UnAuthenticated',
      code: 'unauthenticated',
      params: {},
    });
    const bad = await t.call('GET', '/api/user/auth/me', { token: 'not.a.token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('UnAuthenticated');
    const token = await t.login();
    expect((await t.call('POST', '/api/user/auth/logout', { token })).statusCode).toBe(200);
    const after = await t.call('GET', '/api/user/auth/me', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('UnAuthenticated');
  });

  it('answers 401 Login Timeout for an expired token and UnAuthenticated for a forged one', async () => {
    const tokens = new TokenService(t.config.jwtSecret, 60);
    const { token } = await tokens.sign({ staffId: 1, sessionId: 'whatever' }, new Date(Date.now() - 3600_000));
    const res = await t.call('GET', '/api/user/auth/me', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Login Timeout');
    const forged = await new TokenService('another-secret-of-at-least-32-characters!!', 60).sign({
      staffId: 1,
      sessionId: 'x',
    });
    expect((await t.call('GET', '/api/user/auth/me', { token: forged.token })).json().message).toBe('UnAuthenticated');
  });

  it('ends every session of a deactivated staff member at once', async () => {
    const admin = await t.login();
    const staff = (
      await t.call('GET', '/api/user/staffs', {
        token: admin,
        query: { filter: JSON.stringify({ q: 'dispatcher@example.com' }) },
      })
    ).json()[0];
    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    const off = await t.call('PUT', `/api/user/staffs/${staff.id}`, { token: admin, body: { status: 'inactive' } });
    expect(off.statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/auth/me', { token: dispatcher })).statusCode).toBe(401);
    const again = await t.call('POST', '/api/user/auth/login', {
      body: { email: DISPATCHER.email, password: DISPATCHER.password },
    });
    expect(again.statusCode).toBe(403);
    await t.call('PUT', `/api/user/staffs/${staff.id}`, { token: admin, body: { status: 'active' } });
    expect(
      (await t.call('GET', '/api/user/auth/me', { token: await t.login(DISPATCHER.email, DISPATCHER.password) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('forgot and reset password', () => {
  const email = 'dispatcher@example.com';

  it('answers the same whether or not the account exists, and mails a code only to a real account', async () => {
    const known = await t.call('POST', '/api/user/auth/forgot_password', { body: { email } });
    const unknown = await t.call('POST', '/api/user/auth/forgot_password', { body: { email: 'ghost@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(JSON.stringify(known.json())).not.toMatch(/\d{6}/);
    expect(await latestCode(email)).toMatch(/^\d{6}$/);
    await expect(latestCode('ghost@example.com')).rejects.toThrow();
  });

  it('refuses a wrong code with "Incorrect verification code", then resets with the right one exactly once', async () => {
    await t.call('POST', '/api/user/auth/forgot_password', { body: { email } });
    const code = await latestCode(email);
    const wrong = await t.call('POST', '/api/user/auth/verify_email', {
      body: { email, otp: wrongCode(code), getToken: 0 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Incorrect verification code');
    const right = await t.call('POST', '/api/user/auth/verify_email', { body: { email, otp: code, getToken: 0 } });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.accessToken).toBeUndefined();

    const weak = await t.call('POST', '/api/user/auth/reset_password', {
      body: { email, otp: code, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBe('must be at least 8 characters');

    const reset = await t.call('POST', '/api/user/auth/reset_password', {
      body: { email, otp: code, password: 'Newpass@123' },
    });
    expect(reset.statusCode).toBe(200);
    const token = reset.json().data.accessToken;
    expect((await t.call('GET', '/api/user/auth/me', { token })).json().data.email).toBe(email);
    const reused = await t.call('POST', '/api/user/auth/reset_password', {
      body: { email, otp: code, password: 'Other@1234' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Incorrect verification code');
    expect(
      (await t.call('POST', '/api/user/auth/login', { body: { email, password: 'Newpass@123' } })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired code', async () => {
    await t.call('POST', '/api/user/auth/forgot_password', { body: { email } });
    const code = await latestCode(email);
    await t.db
      .updateTable('codes')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .where('consumedAt', 'is', null)
      .execute();
    const res = await t.call('POST', '/api/user/auth/reset_password', {
      body: { email, otp: code, password: 'Newpass@456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This verification code has expired. Please request a new one.');
  });

  it('locks a code after five wrong tries, even for the right code', async () => {
    await t.call('POST', '/api/user/auth/forgot_password', { body: { email } });
    const code = await latestCode(email);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await t.call('POST', '/api/user/auth/verify_email', { body: { email, otp: wrongCode(code), getToken: 0 } })
        ).json().message,
      ).toBe('Incorrect verification code');
    }
    const locked = await t.call('POST', '/api/user/auth/verify_email', { body: { email, otp: code, getToken: 0 } });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe('Too many wrong attempts. Please request a new code.');
  });

  it('stores codes hashed, never in clear', async () => {
    await t.call('POST', '/api/user/auth/forgot_password', { body: { email } });
    const code = await latestCode(email);
    const rows = await t.db.selectFrom('codes').select('codeHash').execute();
    expect(rows.every((r) => !r.codeHash.includes(code))).toBe(true);
  });
});

describe('invitation: verify email and set the first password', () => {
  it('lets a new staff member verify and create a password with the mailed code, once', async () => {
    const admin = await t.login();
    const created = await t.call('POST', '/api/user/staffs', {
      token: admin,
      body: { firstName: 'Neema', lastName: 'Achieng', email: 'neema@example.com', roleId: 2, sex: 'female' },
    });
    expect(created.statusCode).toBe(201);
    const code = await latestCode('neema@example.com');
    const verify = await t.call('POST', '/api/user/auth/verify_email', {
      body: { email: 'neema@example.com', otp: code, getToken: 1 },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data).toMatchObject({ setPassword: true });
    expect(verify.json().data.accessToken).toBeUndefined();
    const noCode = await t.call('POST', '/api/user/auth/set_password', {
      body: { email: 'neema@example.com', password: 'Neema@2026', otp: '' },
    });
    expect(noCode.statusCode).toBe(400);
    const set = await t.call('POST', '/api/user/auth/set_password', {
      body: { email: 'neema@example.com', password: 'Neema@2026', otp: code },
    });
    expect(set.statusCode).toBe(200);
    expect(
      (await t.call('GET', '/api/user/auth/me', { token: set.json().data.accessToken })).json().data.role.name,
    ).toBe('Dispatcher');
    const again = await t.call('POST', '/api/user/auth/set_password', {
      body: { email: 'neema@example.com', password: 'Other@2026', otp: code },
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  it('answers 429 with a message after too many logins for one email, and per IP', async () => {
    const strict = await startApp({ rateLimits: { loginPerIp: 7, perEmail: 3, windowMs: 60_000, global: 0 } });
    try {
      const attempt = (email: string) =>
        strict.call('POST', '/api/user/auth/login', { body: { email, password: 'Wrong@1234' } });
      for (let i = 0; i < 3; i++) expect((await attempt('a@example.com')).statusCode).toBe(401);
      const limited = await attempt('a@example.com');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many attempts for this account/);
      for (let i = 0; i < 3; i++) expect((await attempt(`b${i}@example.com`)).statusCode).toBe(401);
      const ip = await attempt('c@example.com');
      expect(ip.statusCode).toBe(429);
      expect(ip.json().message).toMatch(/^Too many requests/);
      const forgot = (n: number) =>
        strict.call('POST', '/api/user/auth/forgot_password', {
          body: { email: 'z@example.com' },
          headers: { 'x-n': String(n) },
        });
      for (let i = 0; i < 3; i++) expect((await forgot(i)).statusCode).toBe(200);
      expect((await forgot(4)).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe('files', () => {
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  const multipart = (name: string, bytes: Buffer, type: string) => {
    const boundary = '----rideadmin';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('stores an image checked from its bytes and serves it back with its type to a signed-in caller', async () => {
    const token = await t.login();
    const up = multipart('photo.png', PNG, 'image/png');
    const res = await t.call('POST', '/api/user/files', { token, body: up.body, headers: up.headers });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    const down = await t.call('GET', `/api/user/files/${id}`, { token });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('image/png');
    expect(down.rawPayload.equals(PNG)).toBe(true);
    expect((await t.call('GET', `/api/user/files/${id}`)).statusCode).toBe(401);
  });

  it('refuses a file whose bytes are not an allowed type, whatever its name says, and an oversized one', async () => {
    const token = await t.login();
    const before = (
      await t.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const fake = multipart('evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    const res = await t.call('POST', '/api/user/files', { token, body: fake.body, headers: fake.headers });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only PNG, JPEG, WebP, GIF images and PDF documents can be uploaded');
    const big = multipart('big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'image/png');
    const tooBig = await t.call('POST', '/api/user/files', { token, body: big.body, headers: big.headers });
    expect(tooBig.statusCode).toBe(413);
    const after = (
      await t.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(after).toBe(before);
  });

  it('refuses a renamed executable (a PE and an ELF named as a PDF or PNG) and stores nothing, on disk or in the table', async () => {
    // A files directory of its own (the tests' usual one is shared by every run): it must stay empty.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-files-'));
    const own = await startApp({ filesDir: dir });
    try {
      const token = await own.login();
      const rows = async () =>
        Number(
          (
            await own.db
              .selectFrom('files')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const rowsBefore = await rows();
      // The first bytes of a Windows executable (MZ … PE header) and of this machine's node binary (ELF).
      const pe = Buffer.alloc(512);
      pe.write('MZ', 0, 'latin1');
      pe.writeUInt32LE(0x80, 0x3c);
      pe.write('PE\0\0', 0x80, 'latin1');
      const elf = fs.readFileSync(process.execPath).subarray(0, 4096);
      for (const [name, bytes, type] of [
        ['licence.pdf', pe, 'application/pdf'],
        ['photo.png', elf, 'image/png'],
      ] as const) {
        const up = multipart(name, bytes, type);
        const res = await own.call('POST', '/api/user/files', { token, body: up.body, headers: up.headers });
        expect(res.statusCode, name).toBe(415);
        expect(res.json()).toMatchObject({
          message: 'Only PNG, JPEG, WebP, GIF images and PDF documents can be uploaded',
          errors: { file: 'Unsupported file type' },
        });
      }
      expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
      expect(await rows()).toBe(rowsBefore);
      // The same directory takes a real image: the check above could have seen a write.
      const png = multipart('photo.png', PNG, 'image/png');
      expect(
        (await own.call('POST', '/api/user/files', { token, body: png.body, headers: png.headers })).statusCode,
      ).toBe(201);
      expect(fs.readdirSync(dir)).toHaveLength(1);
    } finally {
      await own.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
