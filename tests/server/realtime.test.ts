import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../server/auth/tokens.js';
import { SUBSCRIBED } from '../../src/domain/realtimeEvents.js';
import { openSession, revokeSessions } from '../../server/user/auth/sessions.js';
import { SEED_STAFF_PASSWORD } from '../../server/db/seed/demoAccounts.js';
import { ADMIN, DISPATCHER, listQuery, startApp, type TestApp } from './harness.js';
import { disconnected, sleep, uniquePhone } from './sockets.js';
import type { NotificationMessage as NotificationEvent } from '../../server/user/notifications/notifier.js';

interface Listed extends NotificationEvent {
  seen: boolean;
}

let t: TestApp;
let base: string;
const relaxed = { rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } };
beforeAll(async () => {
  t = await startApp(relaxed);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

/** Every socket a test opened; closed after each test so none outlives it. */
const opened: Socket[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

interface ConnectOptions {
  token?: string;
  staffId?: number | string;
  /** Send the token as the spec's `staff-token` header over long-polling instead of `auth`. */
  header?: string;
  /** More handshake query parameters. */
  query?: Record<string, string>;
}

/** A socket, not yet connected, that records every newNotification it receives. */
function socketFor(opts: ConnectOptions): Socket & { received: NotificationEvent[] } {
  const socket = connectClient(base, {
    path: '/socket.io',
    forceNew: true,
    reconnection: false,
    autoConnect: false,
    timeout: 5000,
    ...(opts.header !== undefined
      ? { transports: ['polling'], extraHeaders: { 'staff-token': opts.header } }
      : { transports: ['websocket'], auth: opts.token === undefined ? {} : { token: opts.token } }),
    query: { ...(opts.staffId === undefined ? {} : { staffId: String(opts.staffId) }), ...opts.query },
  }) as Socket & { received: NotificationEvent[] };
  socket.received = [];
  socket.on('newNotification', (n: NotificationEvent) => socket.received.push(n));
  opened.push(socket);
  return socket;
}

/**
 * Connects, resolving with the socket once the server says it is in its rooms (`subscribed`: a
 * notification sent after that reaches it), or rejecting with the connect_error message.
 */
function connect(opts: ConnectOptions) {
  const socket = socketFor(opts);
  return new Promise<typeof socket>((resolve, reject) => {
    socket.once(SUBSCRIBED, () => resolve(socket));
    socket.once('connect_error', (e) => reject(new Error(e.message)));
    socket.connect();
  });
}

/** The connect_error message a connection attempt ends with (fails the test if it connects). */
async function refusal(opts: ConnectOptions): Promise<string> {
  try {
    await connect(opts);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('the socket connected');
}

const nextNotification = (socket: Socket, timeoutMs = 5000) =>
  new Promise<NotificationEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no newNotification arrived')), timeoutMs);
    socket.once('newNotification', (n: NotificationEvent) => {
      clearTimeout(timer);
      resolve(n);
    });
  });

/** Registers a driver through the public sign-up; answers the new driver's id. */
async function registerDriver(firstName = 'Wanjiru', lastName = 'Kamau'): Promise<number> {
  const phone = uniquePhone();
  const res = await t.call('POST', '/api/user/drivers/register', {
    body: { firstName, lastName, phone, email: `rt-${phone.slice(1)}@example.com` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function whoAmI(token: string): Promise<number> {
  const me = await t.call('GET', '/api/user/auth/me', { token });
  expect(me.statusCode).toBe(200);
  return me.json().data.id as number;
}

async function notificationsPage(token: string, page = 1, perPage?: number) {
  const query: Record<string, string> = { page: String(page) };
  if (perPage) query.perPage = String(perPage);
  const res = await t.call('GET', '/api/user/notifications', { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { notifications: Listed[]; unseenCount: number };
    meta: { totalPages: number; total: number };
  };
}

interface StaffRow {
  id: number;
  email: string;
  status: string;
  roleId: number;
  roleName: string;
}
async function staffList(token: string, filter: object): Promise<StaffRow[]> {
  const res = await t.call('GET', '/api/user/staffs', {
    token,
    query: listQuery({ filter, range: [0, 99], sort: ['id', 'ASC'] }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StaffRow[];
}

describe('who may connect', () => {
  it('refuses a handshake without a token, with a bad one, an expired one and a revoked one, saying why', async () => {
    expect(await refusal({})).toBe('UnAuthenticated');
    expect(await refusal({ token: 'not.a.token' })).toBe('UnAuthenticated');
    const forged = await new TokenService('another-secret-of-at-least-32-characters!!', 60).sign({
      staffId: 1,
      sessionId: 'x',
    });
    expect(await refusal({ token: forged.token })).toBe('UnAuthenticated');

    const expired = await new TokenService(t.config.jwtSecret, 60).sign(
      { staffId: 1, sessionId: 'whatever' },
      new Date(Date.now() - 3600_000),
    );
    expect(await refusal({ token: expired.token, staffId: 1 })).toBe('Login Timeout');

    const token = await t.login();
    const id = await whoAmI(token);
    expect((await t.call('POST', '/api/user/auth/logout', { token })).statusCode).toBe(200);
    expect(await refusal({ token, staffId: id })).toBe('UnAuthenticated');
  });

  it('refuses a staffId that is not the token’s, and accepts the matching one', async () => {
    const token = await t.login();
    const id = await whoAmI(token);
    expect(await refusal({ token, staffId: id + 1 })).toBe('staffId does not match the access token');
    expect(await refusal({ token, staffId: 'abc' })).toBe('staffId does not match the access token');
    const socket = await connect({ token, staffId: id });
    expect(socket.connected).toBe(true);
  });

  it('takes the token from the staff-token header over long-polling, and receives events there', async () => {
    const token = await t.login();
    const id = await whoAmI(token);
    expect(await refusal({ header: 'not.a.token', staffId: id })).toBe('UnAuthenticated');
    expect(await refusal({ header: '', staffId: id })).toBe('UnAuthenticated');

    const socket = await connect({ header: token, staffId: id });
    expect(socket.io.engine.transport.name).toBe('polling');
    const bearer = await connect({ header: `Bearer ${token}`, staffId: id });
    expect(bearer.io.engine.transport.name).toBe('polling');

    const arriving = Promise.all([nextNotification(socket), nextNotification(bearer)]);
    const driverId = await registerDriver('Polling', 'Header');
    const [a, b] = await arriving;
    expect(a).toMatchObject({ type: 'DRIVER_REGISTRATION', subjectType: 'driver', subjectId: driverId });
    expect(b.id).toBe(a.id);
  });

  it('drops a socket when its session expires', async () => {
    const shortLived = new TokenService(t.config.jwtSecret, 2);
    const token = await openSession(t.db, shortLived, 1);
    const socket = await connect({ token, staffId: 1 });
    const started = Date.now();
    expect(await disconnected(socket, 6000)).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await refusal({ token, staffId: 1 })).toBe('Login Timeout');
  });
});

describe('who receives a notification', () => {
  it('sends a driver registration to staff holding view-Driver and not to the dispatcher', async () => {
    const adminToken = await t.login();
    const dispatcherToken = await t.login(DISPATCHER.email, DISPATCHER.password);
    const adminId = await whoAmI(adminToken);
    const dispatcherId = await whoAmI(dispatcherToken);
    const admin = await connect({ token: adminToken, staffId: adminId });
    const adminElsewhere = await connect({ token: await t.login(), staffId: adminId });
    const dispatcher = await connect({ token: dispatcherToken, staffId: dispatcherId });

    const arriving = Promise.all([nextNotification(admin), nextNotification(adminElsewhere)]);
    const before = Date.now();
    const driverId = await registerDriver('Achieng', 'Otieno');
    const [event, elsewhere] = await arriving;

    expect(event).toEqual({
      id: expect.any(Number),
      title: 'New driver registration: Achieng Otieno',
      // The title's code and parameters, for each staff member's language.
      titleCode: 'driverRegistration',
      titleParams: { name: 'Achieng Otieno' },
      createdAt: expect.any(String),
      type: 'DRIVER_REGISTRATION',
      subjectType: 'driver',
      subjectId: driverId,
    });
    expect(Math.abs(new Date(event.createdAt).getTime() - before)).toBeLessThan(60_000);
    expect(elsewhere).toEqual(event);

    // The listing shows the same notification first, unseen.
    const listed = await notificationsPage(adminToken);
    expect(listed.data.notifications[0]).toMatchObject({ ...event, seen: false });

    // Both sockets of the admin got it at once; the dispatcher's had the same chance and got nothing.
    await sleep(300);
    expect(admin.received).toHaveLength(1);
    expect(dispatcher.received).toEqual([]);
    const theirs = await notificationsPage(dispatcherToken);
    expect(theirs.data).toEqual({ notifications: [], unseenCount: 0 });
    expect(theirs.meta.totalPages).toBe(0);
  });

  it('keeps seen state per staff member', async () => {
    const adminToken = await t.login();
    const adminId = await whoAmI(adminToken);
    const superAdmins = await staffList(adminToken, { roleId: 1, status: 'active' });
    expect(superAdmins.every((s) => s.roleName === 'Super Admin')).toBe(true);
    const other = superAdmins.find((s) => s.id !== adminId && s.email !== ADMIN.email);
    expect(other, 'the seed has a second active Super Admin').toBeDefined();
    const otherToken = await t.login(other!.email, SEED_STAFF_PASSWORD);

    await registerDriver('Seen', 'State');
    const otherBefore = await notificationsPage(otherToken);
    expect(otherBefore.data.unseenCount).toBeGreaterThan(0);

    const marked = await t.call('PUT', '/api/user/notifications/markAllAsSeen', {
      token: adminToken,
      body: { markAllAsSeen: true },
    });
    expect(marked.statusCode).toBe(200);
    const adminAfter = await notificationsPage(adminToken);
    expect(adminAfter.data.unseenCount).toBe(0);
    expect(adminAfter.data.notifications.every((n) => n.seen)).toBe(true);

    // The other Super Admin sees the same notifications, still unseen for them.
    const otherAfter = await notificationsPage(otherToken);
    expect(otherAfter.data.unseenCount).toBe(otherBefore.data.unseenCount);
    expect(otherAfter.data.notifications.map((n) => n.id)).toEqual(adminAfter.data.notifications.map((n) => n.id));
    expect(otherAfter.data.notifications[0].seen).toBe(false);

    // A new one is unseen for both.
    const socket = await connect({ token: otherToken, staffId: other!.id });
    const arriving = nextNotification(socket);
    await registerDriver('After', 'Marking');
    const fresh = await arriving;
    const adminLater = await notificationsPage(adminToken);
    expect(adminLater.data.unseenCount).toBe(1);
    expect(adminLater.data.notifications[0]).toMatchObject({ id: fresh.id, seen: false });
    expect(adminLater.data.notifications[1].seen).toBe(true);
    expect((await notificationsPage(otherToken)).data.unseenCount).toBe(otherBefore.data.unseenCount + 1);
  });

  it('pages ten at a time, newest first, with a partial last page', async () => {
    const token = await t.login();
    let first = await notificationsPage(token);
    if (first.meta.total % 10 === 0) {
      await registerDriver('Partial', 'Page');
      first = await notificationsPage(token);
    }
    const { total, totalPages } = first.meta;
    expect(total).toBeGreaterThan(10);
    expect(totalPages).toBe(Math.ceil(total / 10));
    expect(first.data.notifications).toHaveLength(10);

    const all: Listed[] = [];
    for (let page = 1; page <= totalPages; page++) {
      const res = await notificationsPage(token, page);
      expect(res.meta.totalPages).toBe(totalPages);
      expect(res.data.notifications).toHaveLength(page < totalPages ? 10 : total - 10 * (totalPages - 1));
      all.push(...res.data.notifications);
    }
    expect(total % 10).not.toBe(0);
    expect(all).toHaveLength(total);
    const ids = all.map((n) => n.id);
    expect(new Set(ids).size).toBe(total);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await notificationsPage(token, totalPages + 1)).data.notifications).toEqual([]);

    // The newest registration heads page one.
    const newest = await registerDriver('Newest', 'First');
    const top = (await notificationsPage(token)).data.notifications[0];
    expect(top.subjectId).toBe(newest);
    expect(new Date(top.createdAt).getTime()).toBeGreaterThanOrEqual(
      Math.max(...all.map((n) => new Date(n.createdAt).getTime())),
    );

    // perPage is honoured and bounded.
    expect((await notificationsPage(token, 1, 3)).data.notifications).toHaveLength(3);
    expect((await t.call('GET', '/api/user/notifications', { token, query: { perPage: '500' } })).statusCode).toBe(400);
  });
});

describe('when a session ends', () => {
  it('disconnects the socket of a session that logs out, and only that one', async () => {
    const tokenA = await t.login();
    const tokenB = await t.login();
    const id = await whoAmI(tokenA);
    const a = await connect({ token: tokenA, staffId: id });
    const b = await connect({ token: tokenB, staffId: id });
    const gone = disconnected(a);
    expect((await t.call('POST', '/api/user/auth/logout', { token: tokenA })).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');

    expect(b.connected).toBe(true);
    const arriving = nextNotification(b);
    await registerDriver('Still', 'Listening');
    await arriving;
    expect(a.received).toEqual([]);
    expect(await refusal({ token: tokenA, staffId: id })).toBe('UnAuthenticated');
  });

  it('disconnects every socket of a staff member who is deactivated', async () => {
    const adminToken = await t.login();
    const candidates = await staffList(adminToken, { status: 'active' });
    const target = candidates.find(
      (s) => s.email !== ADMIN.email && s.email !== DISPATCHER.email && s.roleName !== 'Super Admin',
    );
    expect(target, 'the seed has an active staff member to deactivate').toBeDefined();
    const token = await t.login(target!.email, SEED_STAFF_PASSWORD);
    const first = await connect({ token, staffId: target!.id });
    const second = await connect({ header: token, staffId: target!.id });
    const gone = Promise.all([disconnected(first), disconnected(second)]);

    const off = await t.call('PUT', `/api/user/staffs/${target!.id}`, {
      token: adminToken,
      body: { status: 'inactive' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await refusal({ token, staffId: target!.id })).toBe('UnAuthenticated');
  });

  it('does not keep a socket whose session ends while its handshake is being admitted', async () => {
    // Runs after the auth check and before the socket joins its rooms: the window a logout could fall into.
    t.app.io.use((socket, next) => {
      if (socket.handshake.query.revokeDuringHandshake !== 'yes') return next();
      const { sessionId } = (socket.data as { staff: { sessionId: string } }).staff;
      revokeSessions(t.app.services, { sessionId }).then(() => next(), next);
    });
    const token = await t.login();
    const id = await whoAmI(token);
    const socket = socketFor({ token, staffId: id, query: { revokeDuringHandshake: 'yes' } });
    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    let subscribed = false;
    socket.once(SUBSCRIBED, () => (subscribed = true));
    socket.connect();
    expect(await Promise.race([ended, sleep(5000).then(() => 'still connected')])).toBe('io server disconnect');
    // It was never told that events would reach it.
    expect(subscribed).toBe(false);
  });
});
