import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, loginRole, startApp, type TestApp } from './harness.js';
import { SEED_STAFF_PASSWORD } from '../../server/db/seed/demoAccounts.js';
import { placeIndexOf } from '../../server/trip/booking/places.js';
import { dispatcherFixtures, OUTSIDE, SARIT, YAYA } from './dispatcherFixtures.js';

let t: TestApp;
let admin: string;
let dispatcher: string;
let types: Record<string, number>;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
  const rows = await t.db.selectFrom('vehicleTypes').select(['id', 'name']).execute();
  types = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});
afterAll(() => t?.close());

const fx = dispatcherFixtures(
  () => t,
  () => dispatcher,
);
const { get, post, activePassenger } = fx;
const booking = (over: Record<string, unknown> = {}) => fx.booking(types.Economy, over);

const counts = async () => {
  const n = async (table: 'trips' | 'passengers' | 'auditLogs') =>
    (
      await t.db
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  return { trips: await n('trips'), passengers: await n('passengers'), audits: await n('auditLogs') };
};

/** A staff member whose role books trips but may not create passengers. */
async function bookerWithoutPassengers(): Promise<string> {
  const role = await t.db
    .insertInto('roles')
    .values({ name: 'Booker only', description: 'create-Trip without create-Passenger' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into role_permissions (role_id, permission_id) select ${role.id}, id from permissions where name in ('view-Trip', 'create-Trip', 'view-DispatcherPage')`.execute(
    t.db,
  );
  const staff = await t.db
    .selectFrom('staffs')
    .innerJoin('roles', 'roles.id', 'staffs.roleId')
    .select(['staffs.id', 'staffs.email'])
    .where('roles.name', '=', 'Finance')
    .where('staffs.status', '=', 'active')
    .orderBy('staffs.id')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('staffs').set({ roleId: role.id }).where('id', '=', staff.id).execute();
  return t.login(staff.email, SEED_STAFF_PASSWORD);
}

describe('phone booking by the dispatcher', () => {
  it('books an existing passenger with a note for the driver, and assigns a driver', async () => {
    const p = await activePassenger();
    const res = await post('trips', booking({ passengerId: p.id, driverNote: 'Gate B, blue door' }));
    expect(res.statusCode, res.body).toBe(201);
    const trip = res.json().data ?? res.json();
    expect(trip).toMatchObject({
      passengerId: p.id,
      status: 'requested',
      driverNote: 'Gate B, blue door',
      bookedBy: expect.any(Number),
      vehicleTypeId: types.Economy,
    });
    const driver = await t.db
      .selectFrom('drivers')
      .select('id')
      .where('approvalStatus', '=', 'approved')
      .where('vehicleTypeId', '=', types.Economy)
      .where(
        sql<boolean>`not exists (select 1 from trips where trips.driver_id = drivers.id and trips.status in ('accepted', 'arrived', 'in_progress'))`,
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const assigned = await post(`trips/${trip.id}/assign`, { driverId: driver.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({ status: 'accepted', driverId: driver.id });
  });

  it('creates a new caller with the trip, in one transaction with an audit row each', async () => {
    const before = await counts();
    const res = await post(
      'trips',
      booking({ passenger: { firstName: 'Wanjiru', lastName: 'Kamau', phone: '+254 799 000 111' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const trip = res.json().data ?? res.json();
    const passenger = await t.db
      .selectFrom('passengers')
      .selectAll()
      .where('id', '=', trip.passengerId)
      .executeTakeFirstOrThrow();
    expect(passenger).toMatchObject({
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      phone: '+254799000111',
      status: 'active',
    });
    expect(await counts()).toEqual({
      trips: before.trips + 1,
      passengers: before.passengers + 1,
      audits: before.audits + 2,
    });
    const audit = await t.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('resource', '=', 'passengers')
      .where('recordId', '=', String(passenger.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'create' });
  });

  it('refuses a new caller whose phone another passenger has, and stores nothing', async () => {
    const p = await activePassenger();
    const before = await counts();
    const res = await post('trips', booking({ passenger: { firstName: 'Ann', lastName: 'Other', phone: p.phone } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'passenger.phone': 'Another passenger has this phone number' });
    expect(await counts()).toEqual(before);
  });

  it('asks for a passenger, and checks the new caller’s fields', async () => {
    const none = await post('trips', booking());
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toMatchObject({ passengerId: 'Choose a passenger' });
    const bad = await post('trips', booking({ passenger: { firstName: '', lastName: 'K', phone: '12' } }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['passenger.firstName', 'passenger.phone']));
  });

  it('refuses a pickup outside the area, an inactive type and an expired code together, and stores nothing (new caller included)', async () => {
    const before = await counts();
    const res = await post(
      'trips',
      booking({
        passenger: { firstName: 'Otieno', lastName: 'Odhiambo', phone: '+254 799 000 222' },
        pickupLat: OUTSIDE.lat,
        pickupLng: OUTSIDE.lng,
        vehicleTypeId: types.Executive,
        discountCode: 'SAFARI200',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please correct the highlighted fields',
      code: 'highlighted',
      params: {},
      errors: {
        pickupLat: 'The pickup is outside the service area',
        vehicleTypeId: 'This vehicle type is not active',
        discountCode: 'This discount code has expired',
      },
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a blocked passenger with the reason', async () => {
    const p = await activePassenger();
    await t.db
      .updateTable('passengers')
      .set({ status: 'blocked', statusReason: 'Abusive to drivers' })
      .where('id', '=', p.id)
      .execute();
    const before = await counts();
    const res = await post('trips', booking({ passengerId: p.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ passengerId: 'This passenger is blocked: Abusive to drivers' });
    expect(await counts()).toEqual(before);
    await t.db.updateTable('passengers').set({ status: 'active', statusReason: null }).where('id', '=', p.id).execute();
  });

  it('needs create-Trip, and create-Passenger for a new caller', async () => {
    const before = await counts();
    const support = await loginRole(t, 'Support Agent');
    const p = await activePassenger();
    const refused = await post('trips', booking({ passengerId: p.id }), support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Missing permission create-Trip');
    const booker = await bookerWithoutPassengers();
    const caller = await post(
      'trips',
      booking({ passenger: { firstName: 'Baraka', lastName: 'Mwangi', phone: '+254 799 000 333' } }),
      booker,
    );
    expect(caller.statusCode).toBe(403);
    expect(caller.json().message).toBe('Missing permission create-Passenger');
    expect(await counts()).toEqual(before);
    // The same role books an existing passenger.
    expect((await post('trips', booking({ passengerId: p.id }), booker)).statusCode).toBe(201);
  });
});

describe('POST /api/trip/fare-estimates: every active vehicle type at once', () => {
  it('quotes each active type, by name, the same as the one-type estimate', async () => {
    const res = await post('fare-estimates', { pickup: YAYA, dropoff: SARIT });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { vehicleTypeId: number; vehicleTypeName: string; total: number }[];
    const active = await t.db
      .selectFrom('vehicleTypes')
      .select('name')
      .where('active', '=', true)
      .orderBy('name')
      .execute();
    expect(data.map((d) => d.vehicleTypeName)).toEqual(active.map((a) => a.name));
    expect(data.map((d) => d.vehicleTypeName)).not.toContain('Executive');
    const economy = data.find((d) => d.vehicleTypeId === types.Economy)!;
    const one = await post('fare-estimate', { vehicleTypeId: types.Economy, pickup: YAYA, dropoff: SARIT });
    expect(economy.total).toBe(one.json().data.total);
  });

  it('suggests the caller’s last vehicle type, else the most booked one (not the first by name)', async () => {
    const counts = await t.db
      .selectFrom('tripCounts')
      .innerJoin('vehicleTypes', 'vehicleTypes.id', 'tripCounts.vehicleTypeId')
      .select(['tripCounts.vehicleTypeId', sql<number>`sum(n)::int`.as('n')])
      .where('vehicleTypes.active', '=', true)
      .groupBy('tripCounts.vehicleTypeId')
      .orderBy('n', 'desc')
      .orderBy('tripCounts.vehicleTypeId')
      .execute();
    const anyone = (await post('fare-estimates', { pickup: YAYA, dropoff: SARIT })).json();
    expect(anyone.suggestedVehicleTypeId).toBe(counts[0].vehicleTypeId);
    expect(anyone.suggestedVehicleTypeId).not.toBe(types.Boda);

    const passenger = await activePassenger();
    const last = await t.db
      .selectFrom('trips')
      .select(['id'])
      .where('passengerId', '=', passenger.id)
      .orderBy('requestedAt', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (last) await t.db.updateTable('trips').set({ vehicleTypeId: types.Comfort }).where('id', '=', last.id).execute();
    else
      await sql`insert into trips (passenger_id, vehicle_type_id, status, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng, requested_at)
        select ${passenger.id}, ${types.Comfort}, 'cancelled_by_passenger', 'a', -1.29, 36.8, 'b', -1.28, 36.8, now()`.execute(
        t.db,
      );
    const caller = (await post('fare-estimates', { pickup: YAYA, dropoff: SARIT, passengerId: passenger.id })).json();
    expect(caller.suggestedVehicleTypeId).toBe(types.Comfort);
  });

  it('applies a discount code to every type, and refuses an unusable one with the reason', async () => {
    const plain = (await post('fare-estimates', { pickup: YAYA, dropoff: SARIT })).json().data;
    const discounted = await post('fare-estimates', { pickup: YAYA, dropoff: SARIT, discountCode: 'karibu' });
    expect(discounted.statusCode, discounted.body).toBe(200);
    const economy = discounted.json().data.find((d: { vehicleTypeId: number }) => d.vehicleTypeId === types.Economy);
    const before = plain.find((d: { vehicleTypeId: number }) => d.vehicleTypeId === types.Economy);
    expect(economy.discount).toBeGreaterThan(0);
    expect(economy.total).toBeLessThan(before.total);
    for (const [code, problem] of [
      ['SAFARI200', 'This discount code has expired'],
      ['NOSUCHCODE', 'No discount with this code'],
    ]) {
      const res = await post('fare-estimates', { pickup: YAYA, dropoff: SARIT, discountCode: code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please correct the highlighted fields',
        code: 'highlighted',
        params: {},
        errors: { discountCode: problem },
      });
    }
  });

  it('refuses points outside the area and needs view-Trip', async () => {
    const res = await post('fare-estimates', { pickup: OUTSIDE, dropoff: SARIT });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ pickup: 'The pickup is outside the service area (Nairobi)' });
    expect(
      (await t.call('POST', '/api/trip/fare-estimates', { body: { pickup: YAYA, dropoff: SARIT } })).statusCode,
    ).toBe(401);
  });
});

describe('places for a booking', () => {
  const search = async (q: string, limit?: number) => {
    const res = await get('places', { q, ...(limit ? { limit: String(limit) } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { address: string; name: string; uses: number; lat: number; lng: number }[];
  };

  it('finds seeded places by the start of any word, ignoring case and accents', async () => {
    expect((await search('yaya'))[0]).toMatchObject({ address: 'Yaya Centre, Kilimani', name: 'Yaya Centre' });
    expect((await search('YÁYA kil'))[0].address).toBe('Yaya Centre, Kilimani');
    const westlands = await search('westl');
    expect(westlands.length).toBeGreaterThan(1);
    expect(westlands.every((p) => /westlands/i.test(p.address))).toBe(true);
    // Ranked by use within a kind of match.
    const uses = westlands.map((p) => p.uses);
    expect(uses).toEqual([...uses].sort((a, b) => b - a));
    expect(await search('zzzz-no-such-place')).toEqual([]);
  });

  it('learns the addresses of new trips, ranked by use', async () => {
    const p = await activePassenger();
    for (let i = 0; i < 3; i++)
      expect(
        (await post('trips', booking({ passengerId: p.id, pickupAddress: 'Kirichwa Gardens, Kilimani' }))).statusCode,
      ).toBe(201);
    await placeIndexOf(t.app.services).refresh();
    const found = await search('kirichwa');
    expect(found[0]).toMatchObject({ address: 'Kirichwa Gardens, Kilimani', uses: 3, lat: YAYA.lat, lng: YAYA.lng });
    // An empty query: the most used places.
    const top = await search('', 5);
    expect(top).toHaveLength(5);
    expect(top.map((x) => x.uses)).toEqual([...top.map((x) => x.uses)].sort((a, b) => b - a));
  });

  it('answers a search in well under 30 ms', async () => {
    const { PlaceIndex } = await import('../../server/trip/booking/places.js');
    const trips = (await counts()).trips;
    const loadStarted = performance.now();
    await new PlaceIndex(t.app.services).places();
    console.log(`place list built from ${trips} trips in ${(performance.now() - loadStarted).toFixed(0)} ms`);
    const index = await placeIndexOf(t.app.services).places();
    const { searchPlaces } = await import('../../src/domain/placeSearch.js');
    const started = performance.now();
    const n = 2000;
    for (let i = 0; i < n; i++) searchPlaces(index, ['ya', 'west', 'mall k', 'road'][i % 4], 8);
    const perSearch = (performance.now() - started) / n;
    console.log(`place search: ${index.length} places, ${perSearch.toFixed(3)} ms per search (in memory)`);
    const http = performance.now();
    for (let i = 0; i < 50; i++) await get('places', { q: 'sarit' });
    console.log(`place search over HTTP (inject): ${((performance.now() - http) / 50).toFixed(2)} ms per request`);
    expect(index.length).toBeGreaterThan(50);
  });

  it('names a clicked point after the nearest place', async () => {
    const at = await get('place-near', { lat: String(YAYA.lat), lng: String(YAYA.lng) });
    expect(at.json().data).toMatchObject({ address: 'Yaya Centre, Kilimani', label: 'Yaya Centre' });
    const near = await get('place-near', { lat: String(YAYA.lat + 0.002), lng: String(YAYA.lng) });
    expect(near.json().data).toMatchObject({
      address: 'near Yaya Centre, Kilimani',
      label: 'near Yaya Centre',
      place: 'Yaya Centre, Kilimani',
    });
    expect(near.json().data.distanceKm).toBeCloseTo(0.222, 2);
  });

  it('refuses bad parameters and staff without the dispatcher page', async () => {
    const outside = await get('place-near', { lat: String(OUTSIDE.lat), lng: String(OUTSIDE.lng) });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual({ lat: 'This point is outside the service area (Nairobi)' });
    expect((await get('place-near', { lat: 'x', lng: '36.8' })).statusCode).toBe(400);
    expect((await get('places', { q: 'a', limit: '500' })).statusCode).toBe(400);
    expect((await get('places', { q: 'a'.repeat(101) })).statusCode).toBe(400);
    const finance = await loginRole(t, 'Finance');
    expect((await get('places', { q: 'yaya' }, finance)).statusCode).toBe(403);
    expect((await get('places', { q: 'yaya' }, admin)).statusCode).toBe(200);
  });
});
