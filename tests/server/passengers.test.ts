import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, listQuery, startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
let dispatcher: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
});
afterAll(() => t?.close());

const BASE = '/api/user/passengers';
const act = (id: number, action: 'block' | 'unblock', body: object, token = admin) =>
  t.call('POST', `${BASE}/${id}/${action}`, { token, body });
const row = (id: number) => t.db.selectFrom('passengers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const audits = (id: number) =>
  t.db
    .selectFrom('auditLogs')
    .selectAll()
    .where('resource', '=', 'passengers')
    .where('recordId', '=', String(id))
    .orderBy('id')
    .execute();
const activePassenger = async (offset = 0) =>
  t.db
    .selectFrom('passengers')
    .selectAll()
    .where('status', '=', 'active')
    .orderBy('id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();

/** A phone booking (the dispatcher's form posts the same). */
async function book(passengerId: number, token: string) {
  const vehicleType = await t.db
    .selectFrom('vehicleTypes')
    .select('id')
    .where('active', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return t.call('POST', '/api/trip/trips', {
    token,
    body: {
      passengerId,
      vehicleTypeId: vehicleType.id,
      pickupAddress: 'Moi Avenue',
      pickupLat: -1.2841,
      pickupLng: 36.8233,
      dropoffAddress: 'Kilimani',
      dropoffLat: -1.2906,
      dropoffLng: 36.7856,
    },
  });
}

describe('block and unblock a passenger', () => {
  it('refuses without update-Passenger and changes nothing', async () => {
    const p = await activePassenger();
    const res = await act(p.id, 'block', { reason: 'Abusive to drivers' }, dispatcher);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Missing permission update-Passenger');
    expect((await row(p.id)).status).toBe('active');
    expect(await audits(p.id)).toHaveLength(0);
  });

  it('needs a reason', async () => {
    const p = await activePassenger();
    for (const body of [{}, { reason: '  ' }, { reason: 'x' }]) {
      const res = await act(p.id, 'block', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.reason).toMatch(/^Give the reason/);
    }
    expect((await row(p.id)).status).toBe('active');
    expect(await audits(p.id)).toHaveLength(0);
  });

  it('blocks with the reason, audit-logged; a booking for them is refused; unblocking allows it again', async () => {
    const p = await activePassenger(1);
    const res = await act(p.id, 'block', { reason: 'Repeated no-shows at pickup' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`${p.firstName} ${p.lastName} is blocked`);
    expect(res.json().data).toMatchObject({
      id: p.id,
      status: 'blocked',
      statusReason: 'Repeated no-shows at pickup',
      statusChangedBy: 1,
      statusChangedByName: 'Amara Okafor',
    });
    const [audit] = await audits(p.id);
    expect(audit).toMatchObject({ action: 'block', staffId: 1 });
    expect(audit.before).toMatchObject({ status: 'active' });
    expect(audit.after).toMatchObject({ status: 'blocked', statusReason: 'Repeated no-shows at pickup' });

    const tripsBefore = (await row(p.id)).tripsCount;
    const refused = await book(p.id, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ passengerId: 'This passenger is blocked: Repeated no-shows at pickup' });
    expect((await row(p.id)).tripsCount).toBe(tripsBefore);

    const again = await act(p.id, 'block', { reason: 'Twice' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.reason).toBe('This passenger is already blocked');

    const unblocked = await act(p.id, 'unblock', { reason: 'Apologised by phone' });
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json().data).toMatchObject({ status: 'active', statusReason: 'Apologised by phone' });
    expect((await audits(p.id)).map((a) => a.action)).toEqual(['block', 'unblock']);
    const booked = await book(p.id, admin);
    expect(booked.statusCode, booked.body).toBe(201);
    // The trip triggers keep the passenger's statistics in the same transaction.
    const after = await row(p.id);
    expect(after.tripsCount).toBe(tripsBefore + 1);
    expect(new Date(after.lastTripAt!).getTime()).toBe(new Date(booked.json().requestedAt).getTime());
  });

  it('unblocking an active passenger is refused', async () => {
    const p = await activePassenger();
    const res = await act(p.id, 'unblock', { reason: 'Nothing to lift' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.reason).toBe('This passenger is not blocked');
  });

  it('a plain update cannot change the status; an unchanged one is ignored', async () => {
    const p = await activePassenger(2);
    const res = await t.call('PUT', `${BASE}/${p.id}`, { token: admin, body: { status: 'blocked' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.status).toMatch(/Block or unblock/);
    expect((await row(p.id)).status).toBe('active');
    const same = await t.call('PUT', `${BASE}/${p.id}`, {
      token: admin,
      body: { status: 'active', firstName: 'Renamed' },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ status: 'active', firstName: 'Renamed' });
  });
});

describe('passenger create and edit', () => {
  it('creates a phone-in passenger (dispatcher) with the phone in E.164, active', async () => {
    const res = await t.call('POST', BASE, {
      token: dispatcher,
      body: { firstName: 'Wanjiru', lastName: 'Kamau', phone: '+254 799 000 111', email: '', status: 'blocked' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ phone: '+254799000111', email: null, status: 'active', tripsCount: 0 });
  });

  it('takes a number in the national format (0712…) and stores it in E.164, for passengers, drivers and staff', async () => {
    const created = await t.call('POST', BASE, {
      token: dispatcher,
      body: { firstName: 'Achieng', lastName: 'Odhiambo', phone: '0799 000 222' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().phone).toBe('+254799000222');
    const driver = await t.db.selectFrom('drivers').select('id').orderBy('id').executeTakeFirstOrThrow();
    const driverEdit = await t.call('PUT', `/api/user/drivers/${driver.id}`, {
      token: admin,
      body: { phone: '0799-000-333' },
    });
    expect(driverEdit.statusCode, driverEdit.body).toBe(200);
    expect(driverEdit.json().phone).toBe('+254799000333');
    const staff = await t.db.selectFrom('staffs').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const staffEdit = await t.call('PUT', `/api/user/staffs/${staff.id}`, {
      token: admin,
      body: { phone: '0799000444' },
    });
    expect(staffEdit.statusCode, staffEdit.body).toBe(200);
    expect(staffEdit.json().phone).toBe('+254799000444');
  });

  it('refuses a malformed phone with the shared rule message', async () => {
    const res = await t.call('POST', BASE, {
      token: admin,
      body: { firstName: 'A', lastName: 'B', phone: '0712 345' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.phone).toBe('Enter a phone number, such as 0712 345 678 or +254 712 345 678');
  });

  it('refuses a duplicate phone as a field error (400) and leaves the data unchanged', async () => {
    const [a, b] = await t.db.selectFrom('passengers').selectAll().orderBy('id').limit(2).execute();
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('passengers')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const created = await t.call('POST', BASE, {
      token: admin,
      body: { firstName: 'Copy', lastName: 'Cat', phone: a.phone },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      message: 'Please correct the highlighted fields',
      code: 'highlighted',
      params: {},
      errors: { phone: 'Another passenger has this phone number' },
    });
    expect(await count()).toBe(before);

    const edited = await t.call('PUT', `${BASE}/${b.id}`, { token: admin, body: { phone: a.phone, lastName: 'X' } });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors).toEqual({ phone: 'Another passenger has this phone number' });
    const unchanged = await row(b.id);
    expect(unchanged.phone).toBe(b.phone);
    expect(unchanged.lastName).toBe(b.lastName);

    // Keeping one's own phone is not a duplicate.
    const own = await t.call('PUT', `${BASE}/${b.id}`, { token: admin, body: { phone: b.phone } });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses an edit without update-Passenger', async () => {
    const p = await activePassenger();
    const res = await t.call('PUT', `${BASE}/${p.id}`, { token: dispatcher, body: { firstName: 'No' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('passenger statistics and filters', () => {
  it('lists the statistics kept by the trip triggers, equal to an aggregate over trips', async () => {
    const res = await t.call('GET', BASE, {
      token: admin,
      query: listQuery({ sort: ['completedTrips', 'DESC'], range: [0, 9] }),
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Record<string, number>[];
    expect(rows).toHaveLength(10);
    for (const p of rows) {
      const agg = await sql<{ n: number; completed: number; cancelled: number; spent: number; last: Date | null }>`
        select count(*)::int as n, (count(*) filter (where status = 'completed'))::int as completed,
          (count(*) filter (where status = 'cancelled_by_passenger'))::int as cancelled,
          coalesce(sum(case when status = 'completed' then fare_total else 0 end + cancellation_fee), 0)::float8 as spent,
          max(requested_at) as last
        from trips where passenger_id = ${p.id}`.execute(t.db);
      const s = agg.rows[0];
      expect(p).toMatchObject({ tripsCount: s.n, completedTrips: s.completed, passengerCancellations: s.cancelled });
      expect(p.totalSpent).toBeCloseTo(s.spent, 2);
      expect(p.cancellationRate).toBeCloseTo(s.n ? s.cancelled / s.n : 0, 3);
    }
    expect(rows[0].completedTrips).toBeGreaterThan(0);
    expect(rows.map((r) => r.completedTrips)).toEqual([...rows.map((r) => r.completedTrips)].sort((x, y) => y - x));
  });

  it('filters by status, joined range, open issue and q', async () => {
    const list = async (filter: object) => {
      const res = await t.call('GET', BASE, { token: admin, query: listQuery({ filter, range: [0, 499] }) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number; status: string; createdAt: string; hasOpenIssue: boolean; phone: string }[];
    };
    const blocked = await list({ status: 'blocked' });
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked.every((p) => p.status === 'blocked')).toBe(true);

    const withIssue = await list({ hasOpenIssue: true });
    const expected = await t.db
      .selectFrom('issues')
      .select('reporterId')
      .distinct()
      .where('reporterKind', '=', 'passenger')
      .where('status', 'in', ['open', 'in_progress'])
      .execute();
    expect(withIssue.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      expected.map((r) => r.reporterId).sort((a, b) => a - b),
    );
    expect(withIssue.every((p) => p.hasOpenIssue)).toBe(true);

    const from = '2020-01-01T00:00:00Z';
    const joined = await list({ createdAt_gte: from, createdAt_lte: new Date().toISOString() });
    expect(joined.length).toBeGreaterThan(0);

    const one = (await list({}))[3];
    const byPhone = await list({ q: one.phone.slice(-6) });
    expect(byPhone.map((p) => p.id)).toContain(one.id);

    const bad = await t.call('GET', BASE, { token: admin, query: listQuery({ filter: { hasOpenIssue: 'maybe' } }) });
    expect(bad.statusCode).toBe(400);
  });

  it('finds by any part of a name, phone or email, in any case, from trigram indexes', async () => {
    const one = await activePassenger(5);
    /** Whether `q` finds this passenger (and how many it finds in all). */
    const search = async (q: string) => {
      const res = await t.call('GET', BASE, {
        token: admin,
        query: listQuery({ filter: { q, id: [one.id] } }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }[]).map((p) => p.id);
    };
    expect(await search(one.lastName.slice(1, 5).toUpperCase())).toEqual([one.id]);
    expect(await search(one.firstName.toLowerCase())).toEqual([one.id]);
    expect(await search(one.phone.slice(4, 10))).toEqual([one.id]);
    if (one.email) expect(await search(one.email.slice(2, 9).toUpperCase())).toEqual([one.id]);
    expect(await search('zzqqxx')).toEqual([]);
    // The same condition the engine writes can be answered from the indexes (the demo city is small
    // enough for the planner to read the table instead, so sequential scans are turned off here).
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const p = '%wanj%';
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select id from passengers
        where first_name ilike ${p} or last_name ilike ${p} or phone ilike ${p} or email ilike ${p}`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    for (const column of ['first_name', 'last_name', 'phone', 'email'])
      expect(plan).toContain(`Bitmap Index Scan on passengers_${column}_trgm_idx`);
  });

  it('exports the filtered passengers as CSV', async () => {
    const res = await t.call('GET', `${BASE}/export`, {
      token: admin,
      query: { format: 'csv', filter: JSON.stringify({ status: 'blocked' }) },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toContain('Trips completed');
    expect(lines.length).toBeGreaterThan(1);
  });
});
