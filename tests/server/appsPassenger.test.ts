import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { activePassengers, appSignIn, approvedDrivers } from './appsHelpers.js';

const relaxed = { rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0 } };
let t: TestApp;
let vehicleTypeId: number;
beforeAll(async () => {
  t = await startApp(relaxed);
  vehicleTypeId = (
    await t.db
      .selectFrom('vehicleTypes')
      .select('id')
      .where('active', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

const PICKUP = { lat: -1.2841, lng: 36.8233 };
const DROPOFF = { lat: -1.2906, lng: 36.7856 };
const request = (token: string, extra: object = {}) =>
  t.call('POST', '/api/trip/apps/passenger/trips', {
    token,
    body: {
      vehicleTypeId,
      pickupAddress: 'Moi Avenue',
      pickupLat: PICKUP.lat,
      pickupLng: PICKUP.lng,
      dropoffAddress: 'Kilimani',
      dropoffLat: DROPOFF.lat,
      dropoffLng: DROPOFF.lng,
      ...extra,
    },
  });
const activeTripOf = (passengerId: number) =>
  t.db
    .selectFrom('trips')
    .select('id')
    .where('passengerId', '=', passengerId)
    .where('status', 'in', ['requested', 'accepted', 'arrived', 'in_progress'])
    .executeTakeFirst();

/** An active passenger with no trip under way; `skip` passes over that many such passengers. */
async function passengerWithoutTrip(skip = 0) {
  const passengers = await activePassengers(t, 40);
  const free = await Promise.all(passengers.map(async (x) => ((await activeTripOf(x.id)) ? null : x)));
  return free.filter((x) => x !== null)[skip]!;
}

describe('the passenger app', () => {
  it('quotes every active vehicle type, then requests, sees and cancels a trip', async () => {
    const p = await passengerWithoutTrip();
    const token = await appSignIn(t, 'passenger', p.phone);
    const quotes = await t.call('POST', '/api/trip/apps/passenger/quote', {
      token,
      body: { pickup: PICKUP, dropoff: DROPOFF },
    });
    expect(quotes.statusCode, quotes.body).toBe(200);
    const active = await t.db.selectFrom('vehicleTypes').select('id').where('active', '=', true).execute();
    expect(
      (quotes.json().data as { vehicleTypeId: number; fareTotal: number }[]).map((q) => q.vehicleTypeId).sort(),
    ).toEqual(active.map((a) => a.id).sort());
    for (const q of quotes.json().data) expect(q.fareTotal).toBeGreaterThan(0);

    const created = await request(token);
    expect(created.statusCode, created.body).toBe(201);
    const trip = created.json().data;
    expect(trip).toMatchObject({ status: 'requested', passengerId: p.id, driverId: null });
    const events = await t.db
      .selectFrom('tripEvents')
      .select(['kind', 'actor'])
      .where('tripId', '=', trip.id)
      .execute();
    expect(events).toEqual([{ kind: 'requested', actor: 'passenger' }]);

    const twice = await request(token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`You already have trip ${trip.id} under way`);

    const seen = await t.call('GET', `/api/trip/apps/passenger/trips/${trip.id}`, { token });
    expect(seen.json().data).toMatchObject({ id: trip.id, driver: null });

    const noReason = await t.call('POST', `/api/trip/apps/passenger/trips/${trip.id}/cancel`, { token, body: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe('Give the reason for the cancellation');
    const cancelled = await t.call('POST', `/api/trip/apps/passenger/trips/${trip.id}/cancel`, {
      token,
      body: { reason: 'Changed my plans' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled_by_passenger');
  });

  it('refuses a pickup outside the area and an inactive type with field errors, storing nothing', async () => {
    // Without a trip under way (the seed's live trips follow the hour), so nothing else refuses it.
    const p = await passengerWithoutTrip(1);
    const token = await appSignIn(t, 'passenger', p.phone);
    const before = (await t.db.selectFrom('trips').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    const outside = await request(token, { pickupLat: -4.05, pickupLng: 39.66 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.pickupLat).toBe('The pickup is outside the service area');
    const other = await t.db
      .selectFrom('vehicleTypes')
      .select('id')
      .where('id', '<>', vehicleTypeId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('vehicleTypes').set({ active: false }).where('id', '=', other.id).execute();
    try {
      const res = await request(token, { vehicleTypeId: other.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.vehicleTypeId).toBe('This vehicle type is not active');
    } finally {
      await t.db.updateTable('vehicleTypes').set({ active: true }).where('id', '=', other.id).execute();
    }
    const expired = await request(token, { discountCode: 'NO-SUCH-CODE' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors.discountCode).toBeDefined();
    const after = (await t.db.selectFrom('trips').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    expect(after).toBe(before);
    const quote = await t.call('POST', '/api/trip/apps/passenger/quote', {
      token,
      body: { pickup: { lat: 0, lng: 0 }, dropoff: DROPOFF },
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().errors.pickup).toMatch(/outside the service area/);
  });

  it('rates the driver of a completed trip once, and only its own', async () => {
    const trip = await t.db
      .selectFrom('trips')
      .select(['id', 'passengerId', 'driverId'])
      .where('status', '=', 'completed')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('reviews').select('reviews.id').whereRef('reviews.tripId', '=', 'trips.id'))),
      )
      .executeTakeFirstOrThrow();
    const p = await t.db
      .selectFrom('passengers')
      .select(['phone', 'status'])
      .where('id', '=', trip.passengerId)
      .executeTakeFirstOrThrow();
    if (p.status !== 'active')
      await t.db.updateTable('passengers').set({ status: 'active' }).where('id', '=', trip.passengerId).execute();
    const token = await appSignIn(t, 'passenger', p.phone);
    const bad = await t.call('POST', `/api/trip/apps/passenger/trips/${trip.id}/rate`, { token, body: { rating: 9 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.rating).toBe('rating must be a whole number from 1 to 5');
    const ok = await t.call('POST', `/api/trip/apps/passenger/trips/${trip.id}/rate`, {
      token,
      body: { rating: 2, comment: 'Rude' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const again = await t.call('POST', `/api/trip/apps/passenger/trips/${trip.id}/rate`, {
      token,
      body: { rating: 5 },
    });
    expect(again.statusCode).toBe(409);
    const other = await t.db
      .selectFrom('trips')
      .select('id')
      .where('passengerId', '<>', trip.passengerId)
      .executeTakeFirstOrThrow();
    expect(
      (await t.call('POST', `/api/trip/apps/passenger/trips/${other.id}/rate`, { token, body: { rating: 5 } }))
        .statusCode,
    ).toBe(404);
  });

  it('opens an issue for a rating below 3 in the same transaction, and none for a good one', async () => {
    const unrated = (n: number) =>
      t.db
        .selectFrom('trips')
        .select(['id', 'passengerId', 'driverId'])
        .where('status', '=', 'completed')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('reviews').select('reviews.id').whereRef('reviews.tripId', '=', 'trips.id'))),
        )
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('issues').select('issues.id').whereRef('issues.tripId', '=', 'trips.id'))),
        )
        .orderBy('id', 'desc')
        .limit(n)
        .execute();
    const [low, good] = await unrated(2);
    const tokenOf = async (passengerId: number) => {
      const p = await t.db
        .selectFrom('passengers')
        .select('phone')
        .where('id', '=', passengerId)
        .executeTakeFirstOrThrow();
      await t.db.updateTable('passengers').set({ status: 'active' }).where('id', '=', passengerId).execute();
      return appSignIn(t, 'passenger', p.phone);
    };
    const issuesOf = (tripId: number) => t.db.selectFrom('issues').selectAll().where('tripId', '=', tripId).execute();

    const token = await tokenOf(low.passengerId);
    // Bad input: nothing stored, no issue.
    const bad = await t.call('POST', `/api/trip/apps/passenger/trips/${low.id}/rate`, {
      token,
      body: { rating: 0, comment: 'speeding' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await issuesOf(low.id)).toEqual([]);

    const res = await t.call('POST', `/api/trip/apps/passenger/trips/${low.id}/rate`, {
      token,
      body: { rating: 1, comment: 'He was speeding and on the phone' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toMatch(/support team will look into this trip/);
    const [issue] = await issuesOf(low.id);
    expect(issue).toMatchObject({
      tripId: low.id,
      reporterKind: 'passenger',
      reporterId: low.passengerId,
      category: 'safety',
      priority: 'urgent',
      status: 'open',
      description: 'The passenger rated the driver 1/5: “He was speeding and on the phone”.',
    });
    const steps = await t.db.selectFrom('issueEvents').selectAll().where('issueId', '=', issue.id).execute();
    expect(steps.map((e) => [e.kind, e.toValue, e.staffId])).toEqual([['opened', 'open', null]]);
    // The desk sees it like any other issue.
    const admin = await t.login();
    const desk = await t.call('GET', `/api/trip/issues/${issue.id}`, { token: admin });
    expect(desk.statusCode, desk.body).toBe(200);

    const goodToken = await tokenOf(good.passengerId);
    const fine = await t.call('POST', `/api/trip/apps/passenger/trips/${good.id}/rate`, {
      token: goodToken,
      body: { rating: 3, comment: 'ok' },
    });
    expect(fine.statusCode).toBe(201);
    expect(fine.json().message).toBe('Thank you for your rating');
    expect(await issuesOf(good.id)).toEqual([]);
  });

  it('raises an SOS with the app token only on its own trip', async () => {
    const trip = await t.db
      .selectFrom('trips')
      .select(['id', 'passengerId', 'driverId'])
      .where('status', '=', 'in_progress')
      .executeTakeFirstOrThrow();
    const d = await t.db
      .selectFrom('drivers')
      .select('phone')
      .where('id', '=', trip.driverId!)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('drivers').set({ approvalStatus: 'approved' }).where('id', '=', trip.driverId!).execute();
    const token = await appSignIn(t, 'driver', d.phone);
    const body = { tripId: trip.id, caller: 'driver', lat: PICKUP.lat, lng: PICKUP.lng };
    const ok = await t.call('POST', '/api/trip/sos/report', { token, body });
    expect(ok.statusCode, ok.body).toBe(201);
    const [other] = await approvedDrivers(t, 1);
    const otherToken = await appSignIn(t, 'driver', other.phone);
    const notMine = await t.call('POST', '/api/trip/sos/report', { token: otherToken, body });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe('This trip is not yours');
  });
});
