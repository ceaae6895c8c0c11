import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { createDb, type DbHandle } from '../../server/db/index.js';
import { SEED_STAFF_PASSWORD } from '../../server/db/seed/demoAccounts.js';
import { ADMIN, DISPATCHER, listQuery, seededDb } from './harness.js';
import { disconnected, sleep, uniquePhone } from './sockets.js';
import { SUBSCRIBED } from '../../src/domain/realtimeEvents.js';
import type { NotificationMessage as NotificationEvent } from '../../server/user/notifications/notifier.js';

/**
 * Two instances of the API, as behind a load balancer: one PostgreSQL database,
 * one Redis. Runs under `npm run test:pg` (DATABASE_URL and REDIS_URL set).
 */
// Only `npm run test:pg` includes this file (see vitest.config.ts); it needs both services.
if (!process.env.REDIS_URL || !process.env.DATABASE_URL)
  throw new Error('realtime-redis.pg.test.ts needs DATABASE_URL and REDIS_URL (npm run test:pg)');

type Instance = { app: FastifyInstance; base: string };

describe('realtime across two instances (PostgreSQL + Redis)', () => {
  const handles: DbHandle[] = [];
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const first = await seededDb();
    if (!first.url) throw new Error('seededDb() did not give a PostgreSQL url');
    const second = await createDb({ databaseUrl: first.url, poolSize: 5 });
    handles.push(first, second);
    const config = testConfig({
      redisUrl: process.env.REDIS_URL,
      rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 },
    });
    const start = async (db: DbHandle): Promise<Instance> => {
      const app = await buildApp(config, { db });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
    };
    a = await start(first);
    b = await start(second);
    // Both adapters subscribed to the same channel before anything is published.
    const deadline = Date.now() + 10_000;
    while ((await a.app.io.of('/').adapter.serverCount()) < 2) {
      if (Date.now() > deadline) throw new Error('the two instances never saw each other through Redis');
      await sleep(50);
    }
  });
  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.app.close()]);
    for (const h of handles) await h.close();
  });

  const opened: Socket[] = [];
  afterEach(() => {
    for (const s of opened.splice(0)) s.close();
  });

  const call = (
    on: Instance,
    method: InjectOptions['method'],
    url: string,
    opts: { token?: string; body?: unknown; query?: Record<string, string> } = {},
  ) =>
    on.app.inject({
      method,
      url,
      query: opts.query,
      payload: opts.body as InjectOptions['payload'],
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    });

  const login = async (on: Instance, email: string = ADMIN.email, password: string = ADMIN.password) => {
    const res = await call(on, 'POST', '/api/user/auth/login', { body: { email, password } });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.accessToken as string;
    const me = await call(on, 'GET', '/api/user/auth/me', { token });
    return { token, id: me.json().data.id as number };
  };

  const connect = (on: Instance, token: string, staffId: number) => {
    const socket = connectClient(on.base, {
      forceNew: true,
      reconnection: false,
      transports: ['websocket'],
      auth: { token },
      query: { staffId: String(staffId) },
    });
    const received: NotificationEvent[] = [];
    socket.on('newNotification', (n: NotificationEvent) => received.push(n));
    opened.push(socket);
    return new Promise<{ socket: Socket; received: NotificationEvent[] }>((resolve, reject) => {
      // Once the server has it in its rooms (on both processes, through Redis): an event sent later reaches it.
      socket.once(SUBSCRIBED, () => resolve({ socket, received }));
      socket.once('connect_error', (e) => reject(new Error(e.message)));
    });
  };

  const until = async (check: () => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await sleep(20);
    }
  };

  const register = async (on: Instance, firstName: string, lastName: string) => {
    const res = await call(on, 'POST', '/api/user/drivers/register', {
      body: { firstName, lastName, phone: uniquePhone() },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };

  it('delivers a driver registered through instance A to a socket connected to instance B, and only to entitled staff', async () => {
    const admin = await login(a);
    const dispatcher = await login(b, DISPATCHER.email, DISPATCHER.password);
    const onB = await connect(b, admin.token, admin.id);
    const onA = await connect(a, (await login(a)).token, admin.id);
    const dispatcherOnB = await connect(b, dispatcher.token, dispatcher.id);

    const driverId = await register(a, 'Njeri', 'Wambui');
    await until(() => onB.received.length > 0 && onA.received.length > 0);
    expect(onB.received).toEqual([
      {
        id: expect.any(Number),
        title: 'New driver registration: Njeri Wambui',
        // The title's code and parameters, for each staff member's language.
        titleCode: 'driverRegistration',
        titleParams: { name: 'Njeri Wambui' },
        createdAt: expect.any(String),
        type: 'DRIVER_REGISTRATION',
        subjectType: 'driver',
        subjectId: driverId,
      },
    ]);
    expect(onA.received).toEqual(onB.received);
    // The listing on B (same database) agrees with what B's socket received.
    const listed = await call(b, 'GET', '/api/user/notifications', { token: admin.token });
    expect(listed.json().data.notifications[0].id).toBe(onB.received[0].id);

    await sleep(300);
    expect(dispatcherOnB.received).toEqual([]);
    expect(onB.received).toHaveLength(1);
  });

  it('disconnects a socket on instance B when its session logs out through instance A', async () => {
    const admin = await login(a);
    const { socket } = await connect(b, admin.token, admin.id);
    const gone = disconnected(socket);
    expect((await call(a, 'POST', '/api/user/auth/logout', { token: admin.token })).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('disconnects a deactivated staff member’s socket on instance B when A deactivates them', async () => {
    const admin = await login(a);
    const res = await call(a, 'GET', '/api/user/staffs', {
      token: admin.token,
      query: listQuery({ filter: { status: 'active' }, range: [0, 99], sort: ['id', 'ASC'] }),
    });
    const target = (res.json() as { id: number; email: string; roleName: string }[]).find(
      (s) => s.email !== ADMIN.email && s.email !== DISPATCHER.email && s.roleName !== 'Super Admin',
    );
    expect(target).toBeDefined();
    const them = await login(b, target!.email, SEED_STAFF_PASSWORD);
    const { socket } = await connect(b, them.token, them.id);
    const gone = disconnected(socket);
    const off = await call(a, 'PUT', `/api/user/staffs/${target!.id}`, {
      token: admin.token,
      body: { status: 'inactive' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('applies a logout and a role change made on instance A to the next request on instance B (shared principal cache invalidation)', async () => {
    const admin = await login(a);
    const dispatcher = await login(b, DISPATCHER.email, DISPATCHER.password);
    // Warm B's cache for both sessions.
    expect((await call(b, 'GET', '/api/user/auth/me', { token: dispatcher.token })).statusCode).toBe(200);
    expect((await call(b, 'GET', '/api/user/drivers', { token: dispatcher.token })).statusCode).toBe(403);
    const role = (
      await call(a, 'GET', '/api/user/roles', {
        token: admin.token,
        query: { filter: JSON.stringify({ name: 'Dispatcher' }) },
      })
    ).json()[0];
    await call(a, 'PUT', `/api/user/roles/${role.id}`, {
      token: admin.token,
      body: { permissions: [...role.permissions, 'view-Driver'] },
    });
    await sleep(200);
    expect((await call(b, 'GET', '/api/user/drivers', { token: dispatcher.token })).statusCode).toBe(200);
    await call(a, 'PUT', `/api/user/roles/${role.id}`, { token: admin.token, body: { permissions: role.permissions } });
    await sleep(200);
    expect((await call(b, 'GET', '/api/user/drivers', { token: dispatcher.token })).statusCode).toBe(403);

    expect((await call(b, 'GET', '/api/user/auth/me', { token: admin.token })).statusCode).toBe(200);
    expect((await call(a, 'POST', '/api/user/auth/logout', { token: admin.token })).statusCode).toBe(200);
    await sleep(200);
    const after = await call(b, 'GET', '/api/user/auth/me', { token: admin.token });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('UnAuthenticated');
  });
});
