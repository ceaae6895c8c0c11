import polyline from '@mapbox/polyline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatcherFixtures, SARIT, YAYA } from './dispatcherFixtures.js';
import { DISPATCHER, loginRole, startApp, type TestApp } from './harness.js';

let t: TestApp;
let dispatcher: string;
beforeAll(async () => {
  t = await startApp();
  dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
});
afterAll(() => t?.close());

const { get, post, booking, activePassenger } = dispatcherFixtures(
  () => t,
  () => dispatcher,
);

describe('GET dispatcher/driver-cards', () => {
  it('gives the Dispatcher role (no view-Driver) the names, vehicles and ratings of the asked drivers, in order', async () => {
    // The Dispatcher role may not read the drivers resource itself.
    expect((await t.call('GET', '/api/user/drivers/1', { token: dispatcher })).statusCode).toBe(403);
    const rows = await t.db
      .selectFrom('drivers')
      .innerJoin('vehicleTypes', 'vehicleTypes.id', 'drivers.vehicleTypeId')
      .select([
        'drivers.id',
        'drivers.firstName',
        'drivers.lastName',
        'drivers.vehiclePlate',
        'drivers.vehicleMake',
        'drivers.vehicleModel',
        'drivers.vehicleColour',
        'drivers.rating',
        'drivers.phone',
        'vehicleTypes.name as typeName',
      ])
      .where('drivers.vehicleMake', 'is not', null)
      .orderBy('drivers.id')
      .limit(3)
      .execute();
    expect(rows).toHaveLength(3);
    const ids = [rows[2].id, rows[0].id, 99_999_999, rows[1].id];
    const res = await get('driver-cards', { ids: ids.join(',') });
    expect(res.statusCode, res.body).toBe(200);
    const cards = res.json().data as Record<string, unknown>[];
    // Unknown ids are left out; the rest keep the asked order.
    expect(cards.map((c) => c.id)).toEqual([rows[2].id, rows[0].id, rows[1].id]);
    const first = rows[2];
    expect(cards[0]).toEqual({
      id: first.id,
      name: `${first.firstName} ${first.lastName}`,
      phone: first.phone,
      vehiclePlate: first.vehiclePlate,
      vehicle: [[first.vehicleMake, first.vehicleModel].join(' '), first.vehicleColour].filter(Boolean).join(' · '),
      vehicleTypeName: first.typeName,
      rating: Number(first.rating),
    });
  });

  it('is refused (403) to a role without view-DispatcherPage', async () => {
    const finance = await loginRole(t, 'Finance');
    const res = await get('driver-cards', { ids: '1,2' }, finance);
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toBeUndefined();
    expect((await get('driver-cards', { ids: '1' }, '')).statusCode).toBe(401);
  });

  it('refuses ids that are not a short list of whole numbers', async () => {
    const message = '"ids" must be 1 to 100 driver ids, comma separated';
    for (const ids of ['', 'x', '1,,2', '1;2', '-3', '0', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const res = await get('driver-cards', { ids });
      expect(res.statusCode, ids).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { ids: message } });
    }
    expect((await t.call('GET', '/api/trip/dispatcher/driver-cards', { token: dispatcher })).statusCode).toBe(400);
  });
});

describe('GET dispatcher/route', () => {
  it('answers the route shape a booked trip gets, from the pickup to the drop-off', async () => {
    const res = await get('route', { from: `${YAYA.lat},${YAYA.lng}`, to: `${SARIT.lat},${SARIT.lng}` });
    expect(res.statusCode, res.body).toBe(200);
    const { coordinates, polyline: encoded } = res.json().data as { coordinates: number[][]; polyline: string };
    // Not a straight line: several points, and at least one off the straight segment.
    expect(coordinates.length).toBeGreaterThan(3);
    expect(coordinates[0]).toEqual([YAYA.lng, YAYA.lat]);
    expect(coordinates.at(-1)).toEqual([SARIT.lng, SARIT.lat]);
    const offLine = coordinates.some(([lng, lat]) => {
      const t = (lat - YAYA.lat) / (SARIT.lat - YAYA.lat);
      return Math.abs(YAYA.lng + t * (SARIT.lng - YAYA.lng) - lng) > 1e-4;
    });
    expect(offLine).toBe(true);
    // The polyline decodes to the same points (precision 5).
    const decoded = polyline.decode(encoded, 5);
    expect(decoded).toHaveLength(coordinates.length);
    decoded.forEach(([lat, lng], i) => {
      expect(lat).toBeCloseTo(coordinates[i][1], 4);
      expect(lng).toBeCloseTo(coordinates[i][0], 4);
    });
  });

  it('is the shape stored on a trip booked between the same points', async () => {
    const passenger = await activePassenger();
    const type = await t.db
      .selectFrom('vehicleTypes')
      .select('id')
      .where('active', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const booked = await post('trips', booking(type.id, { passengerId: passenger.id }));
    expect(booked.statusCode, booked.body).toBe(201);
    const trip = await t.db
      .selectFrom('trips')
      .select('routePolyline')
      .where('id', '=', (booked.json().data ?? booked.json()).id)
      .executeTakeFirstOrThrow();
    const res = await get('route', { from: `${YAYA.lat},${YAYA.lng}`, to: `${SARIT.lat},${SARIT.lng}` });
    expect(res.json().data.polyline).toBe(trip.routePolyline);
  });

  it('refuses points outside the service area or malformed, and a role without the page', async () => {
    const outside = await get('route', { from: '-1.5,36.8', to: `${SARIT.lat},${SARIT.lng}` });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual({ from: '"from" must be "lat,lng" inside the service area (Nairobi)' });
    for (const to of ['', 'x,y', '-1.26', '-1.26,36.8,1', ',36.8'])
      expect((await get('route', { from: `${YAYA.lat},${YAYA.lng}`, to })).statusCode, to).toBe(400);
    const finance = await loginRole(t, 'Finance');
    expect(
      (await get('route', { from: `${YAYA.lat},${YAYA.lng}`, to: `${SARIT.lat},${SARIT.lng}` }, finance)).statusCode,
    ).toBe(403);
  });
});

describe('GET dispatcher/nearest-drivers by point', () => {
  it('tells the vehicle of each driver (make, model, colour) for the booking’s nearest list', async () => {
    const type = await t.db
      .selectFrom('drivers')
      .select('vehicleTypeId')
      .where('online', '=', true)
      .where('approvalStatus', '=', 'approved')
      .where('lastLat', 'is not', null)
      .groupBy('vehicleTypeId')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();
    const res = await get('nearest-drivers', {
      lat: String(YAYA.lat),
      lng: String(YAYA.lng),
      vehicleTypeId: String(type.vehicleTypeId),
      limit: '5',
    });
    expect(res.statusCode, res.body).toBe(200);
    const drivers = res.json().data as { id: number; vehicle: string | null }[];
    expect(drivers.length).toBeGreaterThan(0);
    const row = await t.db
      .selectFrom('drivers')
      .select(['vehicleMake', 'vehicleModel', 'vehicleColour'])
      .where('id', '=', drivers[0].id)
      .executeTakeFirstOrThrow();
    const makeModel = [row.vehicleMake, row.vehicleModel].filter(Boolean).join(' ');
    expect(drivers[0].vehicle).toBe([makeModel, row.vehicleColour].filter(Boolean).join(' · ') || null);
  });
});
