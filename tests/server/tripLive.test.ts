import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED_STAFF_PASSWORD } from '../../server/db/seed/demoAccounts.js';
import type { TripUpdatedEvent } from '../../server/trip/trips/events.js';
import { ADMIN, DISPATCHER, listQuery, loginRole, startApp, type TestApp } from './harness.js';
import { tripFixtures } from './tripFixtures.js';
import { sleep } from './sockets.js';

let t: TestApp;
let base: string;
let admin: string;
const relaxed = { rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } };
beforeAll(async () => {
  t = await startApp(relaxed);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login();
});
afterAll(() => t?.close());

const opened: Socket[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

/** A connected socket that records every tripUpdated it receives. */
async function listener(token: string): Promise<Socket & { trips: TripUpdatedEvent[] }> {
  const socket = connectClient(base, {
    path: '/socket.io',
    forceNew: true,
    reconnection: false,
    transports: ['websocket'],
    auth: { token },
  }) as Socket & { trips: TripUpdatedEvent[] };
  socket.trips = [];
  socket.on('tripUpdated', (e: TripUpdatedEvent) => socket.trips.push(e));
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (e) => reject(e));
  });
  return socket;
}

/** Waits until `socket` has received an event for the trip with the given status. */
async function received(socket: { trips: TripUpdatedEvent[] }, id: number, status: string, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const found = socket.trips.find((e) => e.id === id && e.status === status);
    if (found) return found;
    await sleep(20);
  }
  throw new Error(`no tripUpdated ${id} ${status}`);
}

const { act, freeDrivers, bookTrip } = tripFixtures(
  () => t,
  () => admin,
);

const tripRow = (id: number) => t.db.selectFrom('trips').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Signs in a seeded staff member moved to a role without view-Trip. */
async function staffWithoutTrips(): Promise<string> {
  const role = await t.db
    .insertInto('roles')
    .values({ name: 'No trips', description: 'Staff only' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into role_permissions (role_id, permission_id) select ${role.id}, id from permissions where name = 'view-Staff'`.execute(
    t.db,
  );
  const staff = await t.db
    .selectFrom('staffs')
    .select(['id', 'email'])
    .where('email', 'not in', [ADMIN.email, DISPATCHER.email])
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('staffs').set({ roleId: role.id }).where('id', '=', staff.id).execute();
  return t.login(staff.email, SEED_STAFF_PASSWORD);
}

describe('tripUpdated', () => {
  it('reaches staff holding view-Trip after every change, and nobody else', async () => {
    const dispatcher = await listener(await t.login(DISPATCHER.email, DISPATCHER.password));
    const outsider = await listener(await staffWithoutTrips());
    const trip = await bookTrip();
    const created = await received(dispatcher, trip.id, 'requested');
    expect(created).toEqual({
      id: trip.id,
      status: 'requested',
      previousStatus: null,
      driverId: null,
      passengerId: trip.passengerId,
      vehicleTypeId: trip.vehicleTypeId,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const [driver] = await freeDrivers(trip.vehicleTypeId);
    expect((await act(trip.id, 'assign', { driverId: driver.id })).statusCode).toBe(200);
    expect(await received(dispatcher, trip.id, 'accepted')).toMatchObject({
      previousStatus: 'requested',
      driverId: driver.id,
    });
    const moved = await t.call('PUT', `/api/trip/trips/${trip.id}`, { token: admin, body: { status: 'arrived' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await received(dispatcher, trip.id, 'arrived')).toMatchObject({ previousStatus: 'accepted' });
    expect((await act(trip.id, 'cancel', { reason: 'No show', by: 'passenger' })).statusCode).toBe(200);
    expect(await received(dispatcher, trip.id, 'cancelled_by_passenger')).toMatchObject({
      previousStatus: 'arrived',
    });
    await sleep(200);
    expect(outsider.trips).toEqual([]);
  });

  it('is not sent for a refused change', async () => {
    const socket = await listener(admin);
    const trip = await bookTrip();
    await received(socket, trip.id, 'requested');
    const bad = await t.call('PUT', `/api/trip/trips/${trip.id}`, { token: admin, body: { status: 'completed' } });
    expect(bad.statusCode).toBe(400);
    await sleep(200);
    expect(socket.trips.filter((e) => e.id === trip.id)).toHaveLength(1);
  });
});

describe('refused trip changes leave the trip unchanged', () => {
  it('names the allowed next states for a status change outside the state machine', async () => {
    const trip = await bookTrip();
    const before = await tripRow(trip.id);
    const res = await t.call('PUT', `/api/trip/trips/${trip.id}`, { token: admin, body: { status: 'in_progress' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      status: 'A requested trip can only become: accepted, cancelled_by_passenger, no_driver_found',
    });
    expect(await tripRow(trip.id)).toEqual(before);
  });

  it('refuses an unapproved, a wrong-type and a busy driver with a field error', async () => {
    const trip = await bookTrip();
    const before = await tripRow(trip.id);
    const unapproved = await t.db
      .selectFrom('drivers')
      .select('id')
      .where('approvalStatus', '<>', 'approved')
      .where('vehicleTypeId', '=', trip.vehicleTypeId)
      .executeTakeFirstOrThrow();
    const wrongType = await t.db
      .selectFrom('drivers')
      .select('id')
      .where('approvalStatus', '=', 'approved')
      .where('vehicleTypeId', '<>', trip.vehicleTypeId)
      .executeTakeFirstOrThrow();
    const [busyDriver] = await freeDrivers(trip.vehicleTypeId);
    const other = await bookTrip();
    expect((await act(other.id, 'assign', { driverId: busyDriver.id })).statusCode).toBe(200);

    const r1 = await act(trip.id, 'assign', { driverId: unapproved.id });
    expect([r1.statusCode, r1.json().errors]).toEqual([400, { driverId: 'This driver is not approved' }]);
    const r2 = await act(trip.id, 'assign', { driverId: wrongType.id });
    expect([r2.statusCode, r2.json().errors]).toEqual([400, { driverId: "This driver's vehicle is of another type" }]);
    const r3 = await act(trip.id, 'assign', { driverId: busyDriver.id });
    expect([r3.statusCode, r3.json().errors]).toEqual([
      409,
      { driverId: `This driver is busy with trip #${other.id}` },
    ]);
    expect(await tripRow(trip.id)).toEqual(before);
    const events = await t.call('GET', `/api/trip/trips/${trip.id}/events`, { token: admin });
    expect(events.json().data.map((e: { kind: string }) => e.kind)).toEqual(['requested']);
  });

  it('refuses to cancel a finished trip', async () => {
    const finished = await t.db
      .selectFrom('trips')
      .selectAll()
      .where('status', '=', 'completed')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await act(finished.id, 'cancel', { reason: 'Too late' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ status: 'This trip is completed and cannot change' });
    expect(await tripRow(finished.id)).toEqual(finished);
  });
});

describe('trip timeline events', () => {
  it('records who requested, assigned, reassigned and cancelled, with the reason', async () => {
    const trip = await bookTrip();
    const [first, second] = await freeDrivers(trip.vehicleTypeId);
    await act(trip.id, 'assign', { driverId: first.id });
    await act(trip.id, 'assign', { driverId: second.id });
    await act(trip.id, 'cancel', { reason: 'Passenger unreachable', by: 'driver' });
    const res = await t.call('GET', `/api/trip/trips/${trip.id}/events`, { token: admin });
    expect(res.statusCode).toBe(200);
    const staffName = 'Super Admin';
    const events = res.json().data as Record<string, unknown>[];
    expect(events.map((e) => [e.kind, e.status, e.actor, e.driverId, e.note])).toEqual([
      ['requested', 'requested', 'staff', null, null],
      ['assigned', 'accepted', 'staff', first.id, null],
      ['reassigned', 'accepted', 'staff', second.id, null],
      ['cancelled', 'cancelled_by_driver', 'staff', second.id, 'Passenger unreachable'],
    ]);
    expect(events[1].driverName).toBe(`${first.firstName} ${first.lastName}`);
    expect(typeof events[3].staffName).toBe('string');
    expect(staffName).toBeTruthy();
    expect((await t.call('GET', '/api/trip/trips/99999999/events', { token: admin })).statusCode).toBe(404);
  });
});

describe("an active trip's driver position without the live feed", () => {
  it("answers the driver's last recorded position while the trip runs, and null once it ended", async () => {
    const trip = await bookTrip();
    const position = async (id: number, token = admin) =>
      t.call('GET', `/api/trip/trips/${id}/driver-position`, { token });
    expect((await position(trip.id)).json()).toEqual({ data: null });
    const [driver] = await freeDrivers(trip.vehicleTypeId);
    await act(trip.id, 'assign', { driverId: driver.id });
    const seen = new Date(Date.now() - 20_000);
    await t.db
      .updateTable('drivers')
      .set({ lastLat: -1.2921, lastLng: 36.8219, lastSeenAt: seen })
      .where('id', '=', driver.id)
      .execute();
    // A viewer of trips who may not read the dispatcher's feed.
    const finance = await loginRole(t, 'Finance');
    const feed = await t.call('GET', '/api/trip/dispatcher/drivers', { token: finance });
    expect(feed.statusCode).toBe(403);
    const res = await position(trip.id, finance);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { driverId: driver.id, lat: -1.2921, lng: 36.8219, at: seen.toISOString() },
    });
    await act(trip.id, 'cancel', { reason: 'Passenger unreachable', by: 'passenger' });
    expect((await position(trip.id, finance)).json()).toEqual({ data: null });
    expect((await position(99_999_999)).statusCode).toBe(404);
  });
});

describe('field selection on lists', () => {
  const LIST_FIELDS =
    'requestedAt,passengerId,passengerName,driverId,driverName,vehicleTypeName,pickupPlace,dropoffPlace,status,fareTotal,paymentMethod,distanceKm,durationMin';

  it('answers only the fields asked for, and as compact rows a page of 25 trips under 8 KB', async () => {
    const query = listQuery({ range: [0, 24] });
    const full = await t.call('GET', '/api/trip/trips', { token: admin, query });
    const slim = await t.call('GET', '/api/trip/trips', { token: admin, query: { ...query, fields: LIST_FIELDS } });
    const compact = await t.call('GET', '/api/trip/trips', {
      token: admin,
      query: { ...query, fields: LIST_FIELDS, shape: 'rows' },
    });
    expect([slim.statusCode, compact.statusCode]).toEqual([200, 200]);
    expect(slim.headers['content-range']).toBe(full.headers['content-range']);
    expect(compact.headers['content-range']).toBe(full.headers['content-range']);
    const rows = slim.json() as Record<string, unknown>[];
    expect(rows).toHaveLength(25);
    expect(Object.keys(rows[0]).sort()).toEqual(['id', ...LIST_FIELDS.split(',')].sort());
    expect(rows.map((r) => r.id)).toEqual((full.json() as { id: number }[]).map((r) => r.id));
    // Place names are list shorthands: not part of the whole record.
    expect(full.json()[0]).not.toHaveProperty('pickupPlace');

    // The same records as compact rows: the names once, then the values in that order.
    const page = compact.json() as { fields: string[]; rows: unknown[][] };
    expect(page.fields).toEqual(['id', ...LIST_FIELDS.split(',')]);
    const asRecords = page.rows.map((values) => Object.fromEntries(page.fields.map((f, i) => [f, values[i]])));
    expect(asRecords).toEqual(rows);
    const bytes = {
      full: Buffer.byteLength(full.body),
      slim: Buffer.byteLength(slim.body),
      compact: Buffer.byteLength(compact.body),
    };
    expect(bytes.compact).toBeLessThan(8 * 1024);
    expect(bytes.slim).toBeLessThan(bytes.full / 2.5);
    console.info(`trips page of 25: ${bytes.full} B whole, ${bytes.slim} B with fields, ${bytes.compact} B as rows`);
  });

  it('refuses a shape it does not know, and rows without fields', async () => {
    const bad = await t.call('GET', '/api/trip/trips', { token: admin, query: { shape: 'csv', fields: 'status' } });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Query parameter "shape" must be rows or objects']);
    const bare = await t.call('GET', '/api/trip/trips', { token: admin, query: { shape: 'rows' } });
    expect([bare.statusCode, bare.json().message]).toEqual([400, 'Query parameter "shape=rows" needs "fields"']);
  });

  it('refuses an unknown field', async () => {
    const res = await t.call('GET', '/api/trip/trips', { token: admin, query: { fields: 'status,passwordHash' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown field in "fields": passwordHash');
  });

  it('counts active trips exactly, with or without a status', async () => {
    const count = async (filter: object) => {
      const res = await t.call('GET', '/api/trip/trips', {
        token: admin,
        query: { ...listQuery({ range: [0, 0], filter }), fields: 'status' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return Number(String(res.headers['content-range']).split('/')[1]);
    };
    const exact = async (where: string) =>
      Number((await sql.raw<{ n: number }>(`select count(*) n from trips where ${where}`).execute(t.db)).rows[0].n);
    expect(await count({ active: true })).toBe(
      await exact(`status in ('requested','accepted','arrived','in_progress')`),
    );
    expect(await count({ active: false })).toBe(
      await exact(`status not in ('requested','accepted','arrived','in_progress')`),
    );
    expect(await count({ active: true, status: ['requested', 'completed'] })).toBe(await exact(`status = 'requested'`));
  });
});

describe('nearest available drivers', () => {
  it('lists online free drivers of the trip’s type, nearest first, without the current driver', async () => {
    const trip = await bookTrip();
    // How many of the seed's drivers are online depends on the hour it ran (a fifth at night): two free
    // drivers of the type are put online near the pickup (Moi Avenue), where the drivers' app would.
    const free = await freeDrivers(trip.vehicleTypeId, 2);
    expect(free).toHaveLength(2);
    await t.db
      .updateTable('drivers')
      .set({ online: true, lastLat: -1.2845, lastLng: 36.8238, lastSeenAt: new Date() })
      .where(
        'id',
        'in',
        free.map((d) => d.id),
      )
      .execute();
    const res = await t.call('GET', '/api/trip/dispatcher/nearest-drivers', {
      token: admin,
      query: { tripId: String(trip.id), limit: '5' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const drivers = res.json().data as { id: number; distanceKm: number; name: string }[];
    expect(drivers.length).toBeGreaterThan(0);
    expect(drivers.length).toBeLessThanOrEqual(5);
    const distances = drivers.map((d) => d.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const rows = await t.db
      .selectFrom('drivers')
      .select(['id', 'approvalStatus', 'vehicleTypeId', 'online'])
      .where(
        'id',
        'in',
        drivers.map((d) => d.id),
      )
      .execute();
    for (const r of rows)
      expect(r).toMatchObject({ approvalStatus: 'approved', vehicleTypeId: trip.vehicleTypeId, online: true });

    // The nearest is assigned: it leaves the list (now the current driver and busy).
    expect((await act(trip.id, 'assign', { driverId: drivers[0].id })).statusCode).toBe(200);
    const again = await t.call('GET', '/api/trip/dispatcher/nearest-drivers', {
      token: admin,
      query: { tripId: String(trip.id), limit: '5' },
    });
    expect((again.json().data as { id: number }[]).map((d) => d.id)).not.toContain(drivers[0].id);
  });

  it('needs update-Trip, a trip that exists and sane parameters', async () => {
    const support = await loginRole(t, 'Support Agent');
    const query = (q: Record<string, string>, token = admin) =>
      t.call('GET', '/api/trip/dispatcher/nearest-drivers', { token, query: q });
    expect((await query({ tripId: '1' }, support)).statusCode).toBe(403);
    expect((await query({ tripId: '99999999' })).statusCode).toBe(404);
    expect((await query({ tripId: 'x' })).json().message).toBe('"tripId" must be a whole number from 1 to 2147483647');
    expect((await query({ tripId: '1', limit: '500' })).statusCode).toBe(400);
  });
});
