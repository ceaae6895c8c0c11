import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { DataDirLockedError, lockDataDir } from '../../server/db/lock.js';
import { readinessProblems } from '../../server/health.js';
import type { AppServices } from '../../server/services.js';
import { startApp, type TestApp } from './harness.js';

describe('configuration', () => {
  it('names every problem at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (e) {
      expect((e as Error).message).toContain('PORT must be a non-negative integer (got "eighty")');
      expect((e as Error).message).toContain('DATABASE_URL must start with postgres:// or postgresql://');
      expect((e as Error).message).toContain('JWT_SECRET must be at least 32 characters long');
    }
  });

  it('refuses the default secret and the mail outbox in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET must be set in production[\s\S]*SMTP_URL must be set in production/,
    );
    const ok = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail:25' });
    expect(ok.env).toBe('production');
  });

  it('caps sign-in codes per phone at 5 an hour and 10 a day where they are really sent, higher with the outbox', () => {
    const sent = loadConfig({ SMTP_URL: 'smtp://mail:25' }).authLimits;
    expect([sent.smsPerPhoneHour, sent.smsPerPhoneDay]).toEqual([5, 10]);
    // Every `npm start` signs the simulator's 105 drivers in again; the outbox texts nobody.
    const outbox = loadConfig({}).authLimits;
    expect([outbox.smsPerPhoneHour, outbox.smsPerPhoneDay]).toEqual([60, 500]);
    expect(loadConfig({ AUTH_SMS_PER_PHONE_DAY: '3' }).authLimits.smsPerPhoneDay).toBe(3);
  });

  it('hashes staff passwords at scrypt N=2^17 unless told otherwise, and never lower in production', () => {
    expect(loadConfig({}).scryptN).toBe(2 ** 17);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).scryptN).toBe(2 ** 12);
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail:25' };
    expect(loadConfig({ ...production, PASSWORD_HASH_COST: '18' }).scryptN).toBe(2 ** 18);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '12' })).toThrow(
      'PASSWORD_HASH_COST must be at least 17 in production (got 12)',
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: '40' })).toThrow(
      'PASSWORD_HASH_COST must be between 10 and 20 (got 40)',
    );
  });

  it('defaults to port 8080 and ./data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(path.resolve('data'));
  });
});

describe('data directory lock', () => {
  it('refuses a directory held by another live process and takes over a stale lock', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      fs.writeFileSync(path.join(dir, 'ride-admin.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(
        `The data directory ${dir} is in use by another process (pid ${holder.pid})`,
      );
    } finally {
      holder.kill();
      await new Promise((r) => holder.once('exit', r));
    }
    const release = lockDataDir(dir); // the holder is gone: its lock is stale
    expect(fs.readFileSync(path.join(dir, 'ride-admin.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'ride-admin.lock'))).toBe(false);
  });
});

describe('HTTP surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t?.close());

  it('sends a CSP and security headers with documents, only nosniff with API answers, and exposes Content-Range to the dev origin', async () => {
    const token = await t.login();
    const res = await t.call('GET', '/api/user/roles', { token, headers: { origin: 'http://localhost:5173' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const html of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy'])
      expect(res.headers[html]).toBeUndefined();
    const docs = await t.call('GET', '/api/docs/');
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    const other = await t.call('GET', '/api/user/roles', { token, headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers JSON 404 for unknown API paths and documents every route at /api/docs', async () => {
    const missing = await t.call('GET', '/api/user/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found', code: 'notFound', params: {} });
    const docs = await t.call('GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths);
    for (const p of [
      '/api/user/auth/login',
      '/api/user/staffs',
      '/api/user/staffs/{id}',
      '/api/user/notifications',
      '/api/trip/trips',
      '/api/trip/fare-estimate',
    ]) {
      expect(paths).toContain(p);
    }
    expect(docs.json().paths['/api/user/staffs'].post.requestBody).toBeDefined();
  });

  it('refuses to register an /api route that does not declare its access', async () => {
    const { default: Fastify } = await import('fastify');
    const { installAccessControl } = await import('../../server/auth/guard.js');
    const app = Fastify();
    installAccessControl(app, t.db, t.app.services.tokens);
    expect(() => app.get('/api/user/forgotten', async () => 'open')).toThrow(
      'Route GET /api/user/forgotten does not declare config.access',
    );
    await app.close();
  });
});

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('answers liveness and readiness without a token', async () => {
    const health = await t.call('GET', '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.call('GET', '/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready, and says why, when a migration is missing', async () => {
    await t.db
      .deleteFrom('kyselyMigration' as never)
      .where('name' as never, '=', '001_user_service' as never)
      .execute();
    const ready = await t.call('GET', '/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', problems: ['Migrations not applied: 001_user_service'] });
    expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
  });

  it('is not ready when the configured Redis stops answering', async () => {
    // Redis going away after start cannot be staged cheaply in-process; its client is the part replaced.
    const lostRedis = { ping: () => Promise.reject(new Error('Connection is closed.')) };
    const problems = await readinessProblems({ db: t.db, redis: lostRedis } as unknown as AppServices);
    expect(problems).toContain('Redis is not reachable: Connection is closed.');
  });
});
