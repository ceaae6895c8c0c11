import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { createDb, type DbHandle } from '../../server/db/index.js';
import { ADMIN, seededDb } from './harness.js';
import { appSignIn, approvedDrivers } from './appsHelpers.js';
import { sleep } from './sockets.js';

/**
 * Issue 25, section 2, across processes: a driver connected to one instance is suspended through
 * the other; one PostgreSQL database, one Redis. Runs under `npm run test:pg`.
 */
if (!process.env.REDIS_URL || !process.env.DATABASE_URL)
  throw new Error('driverBarred-redis.pg.test.ts needs DATABASE_URL and REDIS_URL (npm run test:pg)');

const handles: DbHandle[] = [];
let a: FastifyInstance;
let b: FastifyInstance;
let baseB: string;
beforeAll(async () => {
  const first = await seededDb();
  const second = await createDb({ databaseUrl: first.url!, poolSize: 5 });
  handles.push(first, second);
  const config = testConfig({
    redisUrl: process.env.REDIS_URL,
    rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 },
  });
  a = await buildApp(config, { db: first });
  b = await buildApp(config, { db: second });
  await a.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
  baseB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
  const deadline = Date.now() + 10_000;
  while ((await a.io.of('/drivers').adapter.serverCount()) < 2) {
    if (Date.now() > deadline) throw new Error('the two instances never saw each other through Redis');
    await sleep(50);
  }
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  for (const h of handles) await h.close();
});

describe('suspension across two instances (PostgreSQL + Redis)', () => {
  it("closes the driver's socket on the other instance and removes it from the shared live store", async () => {
    const tb = { app: b, db: handles[1].db, call: undefined } as never;
    const [d] = await approvedDrivers(tb, 1);
    const token = await appSignIn(
      {
        app: b,
        call: (method: string, url: string, opts: { body?: unknown; token?: string } = {}) =>
          b.inject({
            method: method as 'POST',
            url,
            payload: opts.body as object,
            headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
          }),
      } as never,
      'driver',
      d.phone,
    );
    expect(
      (
        await b.inject({
          method: 'POST',
          url: '/api/trip/apps/driver/online',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
    const socket = connectClient(`${baseB}/drivers`, {
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
        socket.emit(
          'position',
          { lat: -1.2841, lng: 36.8233, heading: 0, speed: 20, at: new Date().toISOString() },
          resolve,
        ),
      );
      expect(ack).toEqual({ ok: true });
      expect(await a.services.live.store.get(d.id)).toBeDefined();
      let closed = false;
      socket.on('disconnect', () => (closed = true));

      const login = await a.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { email: ADMIN.email, password: ADMIN.password },
      });
      const suspended = await a.inject({
        method: 'POST',
        url: `/api/user/drivers/${d.id}/suspend`,
        headers: { authorization: `Bearer ${login.json().data.accessToken}` },
        payload: { reason: 'Complaints under review' },
      });
      expect(suspended.statusCode).toBe(200);
      const deadline = Date.now() + 2000;
      while (!closed && Date.now() < deadline) await sleep(25);
      expect(closed).toBe(true);
      expect(await b.services.live.store.get(d.id)).toBeUndefined();
    } finally {
      socket.close();
    }
  });
});
