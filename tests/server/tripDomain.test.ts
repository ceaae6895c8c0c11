import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
let types: Record<string, number>;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  const rows = await t.db.selectFrom('vehicleTypes').select(['id', 'name']).execute();
  types = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});
afterAll(() => t?.close());

const post = (url: string, body: unknown, token: string | undefined = admin) =>
  t.call('POST', `/api/trip/${url}`, { token, body });
const put = (url: string, body: unknown) => t.call('PUT', `/api/trip/${url}`, { token: admin, body });
const estimate = (body: object) => post('fare-estimate', body);
const topUp = (body: object) => post('driver-transactions/credit-topup', body);

// 0.01° and 0.1° of latitude due north: 1.45 km / 4 min and 14.46 km / 40 min (see tests/unit/fare.test.ts).
const A = { lat: -1.3, lng: 36.8 };
const B = { lat: -1.29, lng: 36.8 };
const C = { lat: -1.2, lng: 36.8 };
// On the Nairobi clock (UTC+3): Sunday noon, Wednesday 18:00, Saturday 23:00.
const SUNDAY_NOON = '2026-03-08T09:00:00Z';
const WEDNESDAY_1800 = '2026-03-04T15:00:00Z';
const SATURDAY_2300 = '2026-03-07T20:00:00Z';

describe('POST /api/trip/fare-estimate', () => {
  it('raises a short Economy trip to the minimum fare (no surge on Sunday noon)', async () => {
    const res = await estimate({ vehicleTypeId: types.Economy, pickup: A, dropoff: B, at: SUNDAY_NOON });
    expect(res.statusCode, res.body).toBe(200);
    // 100 + 35 × 1.45 = 50.75 + 4 × 4 = 16 → 166.75; minimum 250 → top-up 83.25; default commission 18 % → 45
    expect(res.json().data).toMatchObject({
      vehicleTypeName: 'Economy',
      currency: 'KES',
      distanceKm: 1.45,
      durationMin: 4,
      surgeMultiplier: 1,
      base: 100,
      distance: 50.75,
      time: 16,
      surge: 0,
      minimumTopUp: 83.25,
      discount: 0,
      total: 250,
      commissionPercent: 18,
      commission: 45,
      bidPercent: 20,
      bid: { min: 200, max: 300 },
    });
  });

  it('applies the weekday evening surge of the default settings', async () => {
    const res = await estimate({ vehicleTypeId: types.Economy, pickup: A, dropoff: C, at: WEDNESDAY_1800 });
    // 100 + 35 × 14.46 = 506.10 + 4 × 40 = 160 → 766.10; × 0.5 → 383.05; total 1149.15; 18 % = 206.847 → 206.85
    expect(res.json().data).toMatchObject({
      distanceKm: 14.46,
      durationMin: 40,
      surgeMultiplier: 1.5,
      distance: 506.1,
      time: 160,
      surge: 383.05,
      minimumTopUp: 0,
      total: 1149.15,
      commission: 206.85,
      bid: { min: 920, max: 1378 },
    });
  });

  it("uses a vehicle type's own surge and bid, and its own commission", async () => {
    const res = await estimate({ vehicleTypeId: types.Boda, pickup: A, dropoff: C, at: WEDNESDAY_1800 });
    // 50 + 18 × 14.46 = 260.28 + 2 × 40 = 80 → 390.28; Boda surge 1.2 → 78.056 → 78.06; total 468.34; 15 % = 70.251 → 70.25; bid 10 %
    expect(res.json().data).toMatchObject({
      surgeMultiplier: 1.2,
      base: 50,
      distance: 260.28,
      time: 80,
      surge: 78.06,
      total: 468.34,
      commissionPercent: 15,
      commission: 70.25,
      bidPercent: 10,
      bid: { min: 422, max: 515 },
    });
  });

  it('inherits the default surge where a vehicle type sets none (weekend night, past midnight rule)', async () => {
    const res = await estimate({ vehicleTypeId: types.XL, pickup: A, dropoff: C, at: SATURDAY_2300 });
    // 200 + 55 × 14.46 = 795.30 + 6 × 40 = 240 → 1235.30; × 0.4 → 494.12; total 1729.42; 20 % = 345.884 → 345.88; bid 15 %
    expect(res.json().data).toMatchObject({
      surgeMultiplier: 1.4,
      surge: 494.12,
      total: 1729.42,
      commission: 345.88,
      bidPercent: 15,
    });
  });

  it('takes a discount code, case-insensitively', async () => {
    const res = await estimate({
      vehicleTypeId: types.Economy,
      pickup: A,
      dropoff: C,
      at: WEDNESDAY_1800,
      discountCode: 'karibu',
    });
    // KARIBU: 25 % of 1149.15 = 287.29, capped at 250 → 899.15; commission 18 % = 161.847 → 161.85
    expect(res.json().data).toMatchObject({ discount: 250, total: 899.15, commission: 161.85 });
  });

  it('refuses a code booking would refuse, with the same field error', async () => {
    const quoteWith = (discountCode: string, passengerId?: number) =>
      estimate({ vehicleTypeId: types.Economy, pickup: A, dropoff: C, discountCode, passengerId });
    const book = (discountCode: string, passengerId: number) =>
      post('trips', {
        passengerId,
        vehicleTypeId: types.Economy,
        pickupAddress: 'Kenyatta Avenue',
        pickupLat: A.lat,
        pickupLng: A.lng,
        dropoffAddress: 'Westlands',
        dropoffLat: C.lat,
        dropoffLng: C.lng,
        discountCode,
      });
    const activePassenger = await t.db
      .selectFrom('passengers')
      .select('id')
      .where('status', '=', 'active')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('discounts').set({ timesUsed: 80 }).where('code', '=', 'SHULE20').execute();
    const tripsBefore = await t.db
      .selectFrom('trips')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    for (const [code, problem] of [
      ['STAFF50', 'This discount code is not active'],
      ['SAFARI200', 'This discount code has expired'],
      ['NEWYEAR', 'This discount code is not valid yet'],
      ['SHULE20', 'This discount code has been used up'],
      ['NOSUCHCODE', 'No discount with this code'],
    ]) {
      const quoted = await quoteWith(code);
      expect(quoted.statusCode, code).toBe(400);
      expect(quoted.json()).toEqual({
        message: 'Please correct the highlighted fields',
        code: 'highlighted',
        params: {},
        errors: { discountCode: problem },
      });
      const booked = await book(code, activePassenger.id);
      expect(booked.statusCode, code).toBe(400);
      expect(booked.json().errors).toEqual({ discountCode: problem });
    }
    const tripsAfter = await t.db
      .selectFrom('trips')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(tripsAfter.n).toBe(tripsBefore.n);
    // The passenger's own limit applies when the estimate names the passenger.
    const karibuUser = await t.db
      .selectFrom('trips')
      .select('passengerId')
      .where('discountCode', '=', 'KARIBU')
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    expect((await quoteWith('KARIBU', karibuUser.passengerId)).json().errors).toEqual({
      discountCode: 'This passenger has already used this discount code',
    });
    expect((await quoteWith('KARIBU')).statusCode).toBe(200);
  });

  it('follows price settings changed through the API', async () => {
    const def = await t.db
      .selectFrom('priceSettings')
      .select('id')
      .where('vehicleTypeId', 'is', null)
      .executeTakeFirstOrThrow();
    const saved = await put(`price-settings/${def.id}`, {
      surgeRules: [{ days: [0], from: '11:00', to: '14:00', multiplier: 2 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await estimate({ vehicleTypeId: types.Economy, pickup: A, dropoff: C, at: SUNDAY_NOON });
    expect(res.json().data).toMatchObject({ surgeMultiplier: 2, surge: 766.1, total: 1532.2 });
  });

  it('validates its input with a message per field', async () => {
    const res = await estimate({ vehicleTypeId: 'x', pickup: { lat: -1.03, lng: 37.07 }, at: 'later' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      vehicleTypeId: 'Choose a vehicle type',
      pickup: 'The pickup is outside the service area (Nairobi)',
      dropoff: 'Drop-off is required',
      at: 'Time must be a date and time',
    });
    const inactive = await estimate({ vehicleTypeId: types.Executive, pickup: A, dropoff: B });
    expect(inactive.json().errors).toEqual({ vehicleTypeId: 'This vehicle type is not active' });
    expect(
      (await t.call('POST', '/api/trip/fare-estimate', { body: { vehicleTypeId: 1, pickup: A, dropoff: B } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /api/trip/driver-transactions/credit-topup', () => {
  it('keeps the balance exact under 50 concurrent top-ups', async () => {
    const driverId = 7;
    const before = await t.db
      .selectFrom('drivers')
      .select('creditBalance')
      .where('id', '=', driverId)
      .executeTakeFirstOrThrow();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => topUp({ driverId, amount: 10.01, note: `Top-up ${i}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const after = await t.db
      .selectFrom('drivers')
      .select('creditBalance')
      .where('id', '=', driverId)
      .executeTakeFirstOrThrow();
    expect(after.creditBalance).toBeCloseTo(before.creditBalance + 500.5, 2);
    const mine = await t.db
      .selectFrom('driverTransactions')
      .select(['amount', 'balanceAfter', 'staffId'])
      .where('driverId', '=', driverId)
      .where('note', 'like', 'Top-up %')
      .orderBy('id')
      .execute();
    expect(mine).toHaveLength(50);
    expect(mine.map((x) => x.balanceAfter)).toEqual(
      mine.map((_, i) => Math.round((before.creditBalance + 10.01 * (i + 1)) * 100) / 100),
    );
    expect(mine.every((x) => x.staffId === 1)).toBe(true);
    const { sum } = await t.db
      .selectFrom('driverTransactions')
      .select(sql<number>`sum(amount)`.as('sum'))
      .where('driverId', '=', driverId)
      .executeTakeFirstOrThrow();
    expect(Number(sum)).toBeCloseTo(after.creditBalance, 2);
    expect(answers[0].json()).toMatchObject({
      data: { transaction: { kind: 'credit_topup', amount: 10.01 } },
      message: expect.stringMatching(/^KES 10\.01 credited/),
    });
  });

  it('refuses a top-up of zero, a negative, a non-numeric one and one over the limit as a field error, the balance unchanged', async () => {
    const driverId = 5;
    const state = async () => ({
      balance: (
        await t.db.selectFrom('drivers').select('creditBalance').where('id', '=', driverId).executeTakeFirstOrThrow()
      ).creditBalance,
      entries: (await t.db.selectFrom('driverTransactions').select('id').where('driverId', '=', driverId).execute())
        .length,
    });
    const before = await state();
    for (const [amount, message] of [
      [0, 'Amount must be more than 0'],
      [-50, 'Amount must be more than 0'],
      ['abc', 'Amount must be a number'],
      ['', 'Amount must be a number'],
      [1_000_000.01, 'Amount must be at most 1,000,000'],
      [5_000_000, 'Amount must be at most 1,000,000'],
    ] as const) {
      const res = await topUp({ driverId, amount, note: 'Cash paid in' });
      expect(res.statusCode, `amount ${amount}`).toBe(400);
      expect(res.json().errors, `amount ${amount}`).toEqual({ amount: message });
    }
    expect(await state()).toEqual(before);
    // The limit itself is allowed.
    expect((await topUp({ driverId, amount: 1_000_000, note: 'Fleet float' })).statusCode).toBe(201);
  });

  it('validates the amount, refuses an unknown driver and writes the audit log', async () => {
    const bad = await topUp({ driverId: 3, amount: -5, note: 'x'.repeat(400) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      amount: 'Amount must be more than 0',
      note: 'Note must be at most 300 characters',
    });
    expect((await topUp({ driverId: 3, amount: 1.005, note: 'Cash paid in' })).json().errors).toEqual({
      amount: 'Amount may have at most 2 decimals',
    });
    expect((await topUp({ driverId: 3 })).json().errors).toEqual({
      amount: 'Amount is required',
      note: 'Say why the credit is added',
    });
    expect((await topUp({ driverId: 99999, amount: 100, note: 'Cash paid in' })).statusCode).toBe(404);
    const ok = await topUp({ driverId: 3, amount: 1250, note: 'Cash paid in' });
    expect(ok.json().message).toMatch(/^KES 1,250\.00 credited\. New balance: KES -?[\d,]+\.\d\d$/);
    const audit = await t.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('resource', '=', 'driver-transactions')
      .where('recordId', '=', String(ok.json().data.transaction.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ staffId: 1, action: 'credit-topup', before: null });
    expect(audit.after).toMatchObject({ driverId: 3, kind: 'credit_topup', amount: 1250, staffId: 1 });
  });
});

describe('POST /api/trip/sos/report', () => {
  const activeTrip = () =>
    t.db
      .selectFrom('trips')
      .select(['id', 'passengerId', 'driverId'])
      .where('status', 'in', ['accepted', 'arrived', 'in_progress'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('records the call log and an sos notification for staff with view-SosContacts, sent after commit', async () => {
    const trip = await activeTrip();
    // The seed may have raised an alarm on this very trip moments ago: a report then merges into it
    // (200, no new notification), which is another test's case. Close it first.
    await t.db
      .updateTable('sosCallLogs')
      .set({ status: 'resolved' })
      .where('tripId', '=', trip.id)
      .where('status', 'in', ['new', 'acknowledged'])
      .execute();
    const deliver = vi.fn();
    t.app.services.notifier.setDelivery(deliver);
    const res = await t.call('POST', '/api/trip/sos/report', {
      body: { tripId: trip.id, caller: 'passenger', lat: -1.29, lng: 36.82 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, contacts } = res.json().data;
    expect(contacts.map((c: { phone: string }) => c.phone)).toContain('999');
    const log = await t.db.selectFrom('sosCallLogs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      tripId: trip.id,
      callerKind: 'passenger',
      callerId: trip.passengerId,
      lat: -1.29,
      lng: 36.82,
      status: 'new',
      handledBy: null,
    });
    const note = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('subjectType', '=', 'sos-call-log')
      .where('subjectId', '=', id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({
      type: 'sos',
      permission: 'view-SosContacts',
      title: expect.stringMatching(new RegExp(`^SOS from passenger .+ on trip #${trip.id}$`)),
    });
    // The notification (bell, toast, sound) and the boards' sosUpdated.
    expect(deliver.mock.calls.map(([, event]) => event).sort()).toEqual(['newNotification', 'sosUpdated']);
    const [staffIds, event, payload] = deliver.mock.calls.find(([, e]) => e === 'newNotification')!;
    expect(event).toBe('newNotification');
    expect(payload).toMatchObject({ id: note.id, type: 'sos', subjectType: 'sos-call-log', subjectId: id });
    expect(staffIds).toContain(1); // Super Admin
    expect(staffIds).not.toContain(2); // the dispatcher lacks view-SosContacts
    const bell = await t.call('GET', '/api/user/notifications', { token: admin, query: { page: '1', perPage: '10' } });
    expect(JSON.stringify(bell.json())).toContain(`on trip #${trip.id}`);
  });

  it('accepts a driver caller, and a trip that ended within the hour, but not an old one', async () => {
    const trip = await activeTrip();
    const res = await t.call('POST', '/api/trip/sos/report', {
      body: { tripId: trip.id, caller: 'driver', lat: -1.3, lng: 36.8 },
    });
    expect(res.statusCode).toBe(201);
    const log = await t.db
      .selectFrom('sosCallLogs')
      .select(['callerId'])
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(log.callerId).toBe(trip.driverId);
    const old = await t.db
      .selectFrom('trips')
      .select('id')
      .where('status', '=', 'completed')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const refused = await t.call('POST', '/api/trip/sos/report', {
      body: { tripId: old.id, caller: 'passenger', lat: -1.3, lng: 36.8 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('SOS is available during a trip and for an hour after it ends');
    await t.db
      .updateTable('trips')
      .set({ completedAt: new Date(Date.now() - 30 * 60_000) })
      .where('id', '=', old.id)
      .execute();
    expect(
      (
        await t.call('POST', '/api/trip/sos/report', {
          body: { tripId: old.id, caller: 'passenger', lat: -1.3, lng: 36.8 },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('validates the report', async () => {
    const res = await t.call('POST', '/api/trip/sos/report', {
      body: { tripId: 999999, caller: 'bystander', lat: 91 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      caller: 'caller must be passenger or driver',
      lat: 'Latitude must be between -90 and 90',
      lng: 'lng is required',
    });
    const unknown = await t.call('POST', '/api/trip/sos/report', {
      body: { tripId: 999999, caller: 'passenger', lat: -1.3, lng: 36.8 },
    });
    expect(unknown.json().errors).toEqual({ tripId: 'No trip with this id' });
    const noDriver = await t.db
      .selectFrom('trips')
      .select('id')
      .where('driverId', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('trips').set({ cancelledAt: new Date() }).where('id', '=', noDriver.id).execute();
    const res2 = await t.call('POST', '/api/trip/sos/report', {
      body: { tripId: noDriver.id, caller: 'driver', lat: -1.3, lng: 36.8 },
    });
    expect(res2.json().errors).toEqual({ caller: 'This trip has no driver' });
  });

  it('limits reports per IP address', async () => {
    const trip = await activeTrip();
    const codes = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trip/sos/report',
        remoteAddress: '10.9.8.7',
        payload: { tripId: trip.id, caller: 'passenger', lat: -1.3, lng: 36.8 },
      });
      codes.push(res.statusCode);
    }
    // The repeated reports merge into the open alarm (200) but count against the limit all the same.
    expect(codes.slice(0, 10).every((c) => c === 200 || c === 201)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
  });
});

describe('trips: phone booking and lifecycle', () => {
  const total = async (filter: object = {}) => {
    const res = await t.call('GET', '/api/trip/trips', {
      token: admin,
      query: { range: '[0,0]', filter: JSON.stringify(filter) },
    });
    return Number(String(res.headers['content-range']).split('/')[1]);
  };

  it('books, assigns, drives and completes a trip with its fare, ledger and discount use', async () => {
    const [allBefore, requestedBefore] = [await total(), await total({ status: 'requested' })];
    const passenger = await t.db
      .selectFrom('passengers')
      .select('id')
      .where('status', '=', 'active')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('trips')
              .select('trips.id')
              .whereRef('trips.passengerId', '=', 'passengers.id')
              .where('discountCode', '=', 'KARIBU'),
          ),
        ),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const booking = {
      passengerId: passenger.id,
      vehicleTypeId: types.Economy,
      paymentMethod: 'card',
      discountCode: 'Karibu',
      pickupAddress: 'Yaya Centre, Kilimani',
      pickupLat: A.lat,
      pickupLng: A.lng,
      dropoffAddress: 'Two Rivers Mall',
      dropoffLat: C.lat,
      dropoffLng: C.lng,
    };
    const created = await t.call('POST', '/api/trip/trips', { token: admin, body: booking });
    expect(created.statusCode, created.body).toBe(201);
    const trip = created.json();
    expect(trip).toMatchObject({
      status: 'requested',
      bookedBy: 1,
      bookedByName: 'Amara Okafor',
      driverId: null,
      distanceKm: 14.46,
      durationMin: 40,
      fareBase: 100,
      fareDistance: 506.1,
      fareTime: 160,
      discountCode: 'KARIBU',
      routePolyline: expect.any(String),
    });
    const quotedGross = trip.fareBase + trip.fareDistance + trip.fareTime + trip.fareSurge + trip.fareMinimumTopUp;
    expect(trip.fareDiscount).toBeCloseTo(Math.min(250, Math.round(quotedGross * 25) / 100), 2);
    expect(quotedGross - trip.fareDiscount).toBeCloseTo(trip.fareTotal, 2);
    expect(await total()).toBe(allBefore + 1);
    expect(await total({ status: 'requested' })).toBe(requestedBefore + 1);

    const busy = await t.db
      .selectFrom('trips')
      .select('driverId')
      .where('status', 'in', ['accepted', 'arrived', 'in_progress'])
      .where('vehicleTypeId', '=', types.Economy)
      .executeTakeFirst();
    const free = await t.db
      .selectFrom('drivers')
      .select(['id', 'creditBalance'])
      .where('approvalStatus', '=', 'approved')
      .where('vehicleTypeId', '=', types.Economy)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('trips')
              .select('trips.id')
              .whereRef('trips.driverId', '=', 'drivers.id')
              .where('status', 'in', ['accepted', 'arrived', 'in_progress']),
          ),
        ),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const boda = await t.db
      .selectFrom('drivers')
      .select('id')
      .where('approvalStatus', '=', 'approved')
      .where('vehicleTypeId', '=', types.Boda)
      .executeTakeFirstOrThrow();
    expect((await put(`trips/${trip.id}`, { status: 'accepted', driverId: boda.id })).json().errors).toEqual({
      driverId: "This driver's vehicle is of another type",
    });
    if (busy?.driverId)
      expect(
        (await put(`trips/${trip.id}`, { status: 'accepted', driverId: busy.driverId })).json().errors.driverId,
      ).toMatch(/^This driver is busy with trip #\d+$/);
    expect((await put(`trips/${trip.id}`, { status: 'accepted' })).json().errors).toEqual({
      driverId: 'Choose the driver who accepts the trip',
    });
    expect((await put(`trips/${trip.id}`, { status: 'completed' })).json().errors).toEqual({
      status: 'A requested trip can only become: accepted, cancelled_by_passenger, no_driver_found',
    });

    const accepted = await put(`trips/${trip.id}`, { status: 'accepted', driverId: free.id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', driverId: free.id, acceptedAt: expect.any(String) });
    expect((await put(`trips/${trip.id}`, { status: 'arrived' })).json().arrivedAt).toEqual(expect.any(String));
    expect((await put(`trips/${trip.id}`, { status: 'in_progress' })).json().startedAt).toEqual(expect.any(String));
    const usedBefore = (
      await t.db.selectFrom('discounts').select('timesUsed').where('code', '=', 'KARIBU').executeTakeFirstOrThrow()
    ).timesUsed;
    const done = await put(`trips/${trip.id}`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    const final = done.json();
    // Metered: 1 minute at the quoted surge.
    expect(final).toMatchObject({ status: 'completed', durationMin: 1, completedAt: expect.any(String) });
    const surge = trip.surgeMultiplier;
    const subtotal = 100 + 506.1 + 4;
    const gross = Math.round(subtotal * surge * 100) / 100;
    expect(final.fareTotal).toBeCloseTo(gross - Math.min(250, Math.round(gross * 25) / 100), 2);
    expect(final.commission).toBeCloseTo(Math.round(final.fareTotal * 18) / 100, 2);
    const tx = await t.db
      .selectFrom('driverTransactions')
      .selectAll()
      .where('tripId', '=', trip.id)
      .executeTakeFirstOrThrow();
    expect(tx).toMatchObject({ driverId: free.id, kind: 'commission', staffId: 1 });
    expect(tx.amount).toBeCloseTo(final.fareTotal - final.commission, 2);
    const driverAfter = await t.db
      .selectFrom('drivers')
      .select('creditBalance')
      .where('id', '=', free.id)
      .executeTakeFirstOrThrow();
    expect(driverAfter.creditBalance).toBeCloseTo(free.creditBalance + tx.amount, 2);
    expect(
      (await t.db.selectFrom('discounts').select('timesUsed').where('code', '=', 'KARIBU').executeTakeFirstOrThrow())
        .timesUsed,
    ).toBe(usedBefore + 1);
    expect((await put(`trips/${trip.id}`, { status: 'cancelled_by_driver' })).json().errors).toEqual({
      status: 'This trip is completed and cannot change',
    });
    // KARIBU is once per passenger.
    const again = await t.call('POST', '/api/trip/trips', { token: admin, body: booking });
    expect(again.json().errors).toEqual({ discountCode: 'This passenger has already used this discount code' });
  });

  it('does not attach a code that takes nothing off (fare below its minimum)', async () => {
    const passenger = await t.db
      .selectFrom('passengers')
      .select('id')
      .where('status', '=', 'active')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('trips')
              .select('trips.id')
              .whereRef('trips.passengerId', '=', 'passengers.id')
              .where('discountCode', '=', 'WIKENDI10'),
          ),
        ),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await t.call('POST', '/api/trip/trips', {
      token: admin,
      body: {
        passengerId: passenger.id,
        vehicleTypeId: types.Economy,
        discountCode: 'WIKENDI10',
        pickupAddress: 'A',
        pickupLat: A.lat,
        pickupLng: A.lng,
        dropoffAddress: 'B',
        dropoffLat: B.lat,
        dropoffLng: B.lng,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ discountId: null, discountCode: null, fareDiscount: 0, paymentMethod: 'cash' });
  });

  it('charges the cancellation fee to a card payer who cancels after the driver arrived', async () => {
    const arrivedTrip = await t.call('POST', '/api/trip/trips', {
      token: admin,
      body: {
        passengerId: 10,
        vehicleTypeId: types.Comfort,
        paymentMethod: 'wallet',
        pickupAddress: 'KICC',
        pickupLat: -1.2884,
        pickupLng: 36.8233,
        dropoffAddress: 'Westgate',
        dropoffLat: -1.2569,
        dropoffLng: 36.8033,
      },
    });
    expect(arrivedTrip.statusCode, arrivedTrip.body).toBe(201);
    const id = arrivedTrip.json().id;
    const driver = await t.db
      .selectFrom('drivers')
      .select('id')
      .where('approvalStatus', '=', 'approved')
      .where('vehicleTypeId', '=', types.Comfort)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('trips')
              .select('trips.id')
              .whereRef('trips.driverId', '=', 'drivers.id')
              .where('status', 'in', ['accepted', 'arrived', 'in_progress']),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    await put(`trips/${id}`, { status: 'accepted', driverId: driver.id });
    await put(`trips/${id}`, { status: 'arrived' });
    expect((await put(`trips/${id}`, { status: 'cancelled_by_passenger' })).json().errors).toEqual({
      cancellationReason: 'Give the reason for the cancellation',
    });
    const cancelled = await put(`trips/${id}`, {
      status: 'cancelled_by_passenger',
      cancellationReason: 'Changed my plans',
    });
    // Comfort: fee 150, commission 20 % = 30; the wallet payer's fee credits the driver 120.
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled_by_passenger',
      cancellationFee: 150,
      commission: 30,
      cancelledAt: expect.any(String),
    });
    const tx = await t.db
      .selectFrom('driverTransactions')
      .select(['amount', 'kind'])
      .where('tripId', '=', id)
      .executeTakeFirstOrThrow();
    expect(tx).toEqual({ amount: 120, kind: 'commission' });
  });
});
