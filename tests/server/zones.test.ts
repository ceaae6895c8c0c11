import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, startApp, type TestApp } from './harness.js';
import { around, dispatcherFixtures, SARIT, YAYA } from './dispatcherFixtures.js';

/** Service zones (issue 32): CRUD with polygon checks, bookings refused outside, zone surge in the fare. */

let t: TestApp;
let admin: string;
let dispatcher: string;
let economy: number;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
  economy = (await t.db.selectFrom('vehicleTypes').select('id').where('name', '=', 'Economy').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t?.close());

const fx = dispatcherFixtures(
  () => t,
  () => dispatcher,
);
const body = (res: { json(): unknown }) => {
  const b = res.json() as { data?: Record<string, unknown> } & Record<string, unknown>;
  return (b.data ?? b) as Record<string, never>;
};
const createZone = (zone: Record<string, unknown>, token = admin) =>
  t.call('POST', '/api/trip/zones', { token, body: zone });

describe('zones', () => {
  it('creates a zone with its closed polygon and bounding box, edits and deletes it, with audit rows', async () => {
    const res = await createZone({ name: 'Yaya test', polygon: around(YAYA) });
    expect(res.statusCode, res.body).toBe(201);
    const zone = body(res);
    expect(zone).toMatchObject({ kind: 'zone', pickupAllowed: true, surgeMultiplier: 1, active: true });
    expect((zone.polygon as { coordinates: number[][][] }).coordinates[0]).toHaveLength(5);
    expect(zone.minLat).toBeCloseTo(YAYA.lat - 0.01, 6);
    expect(zone.maxLng).toBeCloseTo(YAYA.lng + 0.01, 6);
    const id = zone.id as number;
    const edited = await t.call('PUT', `/api/trip/zones/${id}`, { token: admin, body: { polygon: around(SARIT) } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(body(edited).minLat).toBeCloseTo(SARIT.lat - 0.01, 6);
    const audits = await t.db
      .selectFrom('auditLogs')
      .select('action')
      .where('resource', '=', 'zones')
      .where('recordId', '=', String(id))
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expect((await t.call('DELETE', `/api/trip/zones/${id}`, { token: admin })).statusCode).toBe(200);
  });

  it('refuses a polygon that crosses itself, too few points or no polygon, and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [36.7, -1.3],
              [36.8, -1.2],
              [36.8, -1.3],
              [36.7, -1.2],
            ],
          ],
        },
        'The outline crosses itself',
      ],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [36.7, -1.3],
              [36.8, -1.2],
            ],
          ],
        },
        'Draw at least 3 points',
      ],
      [{ type: 'LineString', coordinates: [] }, 'The zone must be a GeoJSON Polygon'],
      // Issue 43: across the antimeridian, read as spanning the globe.
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [179.5, -1.3],
              [-179.5, -1.3],
              [-179.5, -1.2],
              [179.5, -1.2],
            ],
          ],
        },
        'A zone may span at most 180° of longitude (draw one across the 180° meridian as two zones)',
      ],
    ];
    for (const [polygon, message] of cases) {
      const res = await createZone({ name: 'Bad', polygon });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ polygon: message });
    }
    const missing = await createZone({ name: 'Bad' });
    expect(missing.json().errors).toEqual({ polygon: 'Draw the zone on the map' });
    expect(await t.db.selectFrom('zones').select('id').where('name', '=', 'Bad').execute()).toEqual([]);
  });

  it('is guarded by the Zone permissions: a dispatcher may not create one', async () => {
    const res = await createZone({ name: 'Not mine', polygon: around(YAYA) }, dispatcher);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a booking outside the service area or in a zone without pickups; the estimate says the same', async () => {
    const passenger = await fx.activePassenger();
    const area = body(await createZone({ name: 'Kilimani only', kind: 'service_area', polygon: around(YAYA, 0.02) }));
    try {
      // Sarit Centre is outside the area: refused, nothing stored.
      const outside = await fx.post('trips', fx.booking(economy, { passengerId: passenger.id }));
      expect(outside.statusCode).toBe(400);
      expect(outside.json().errors).toEqual({ dropoffLat: 'The drop-off is outside the service area' });
      const estimate = await fx.post('fare-estimates', { pickup: YAYA, dropoff: SARIT });
      expect(estimate.statusCode).toBe(400);
      expect(estimate.json().errors).toEqual({ dropoff: 'The drop-off is outside the service area' });
      const inside = { lat: YAYA.lat + 0.01, lng: YAYA.lng + 0.01 };
      const noPickups = body(
        await createZone({ name: 'Yaya forecourt', pickupAllowed: false, polygon: around(YAYA, 0.003) }),
      );
      const refused = await fx.post(
        'trips',
        fx.booking(economy, { passengerId: passenger.id, dropoffLat: inside.lat, dropoffLng: inside.lng }),
      );
      expect(refused.json().errors).toEqual({ pickupLat: 'Pickups are not allowed in Yaya forecourt' });
      const ok = await fx.post(
        'trips',
        fx.booking(economy, {
          passengerId: passenger.id,
          pickupLat: inside.lat,
          pickupLng: inside.lng,
          dropoffLat: YAYA.lat,
          dropoffLng: YAYA.lng,
        }),
      );
      expect(ok.statusCode, ok.body).toBe(201);
      await t.call('DELETE', `/api/trip/zones/${noPickups.id}`, { token: admin });
    } finally {
      await t.call('DELETE', `/api/trip/zones/${area.id}`, { token: admin });
    }
  });

  it("adds the pickup zone's surge to the price settings' window, in the estimate and the booked fare", async () => {
    await t.db.updateTable('priceSettings').set({ surgeRules: '[]' }).where('vehicleTypeId', 'is', null).execute();
    await t.db.updateTable('priceSettings').set({ surgeRules: null }).where('vehicleTypeId', 'is not', null).execute();
    const plain = body(
      await fx.post('fare-estimate', { vehicleTypeId: economy, pickup: YAYA, dropoff: SARIT }),
    ) as unknown as { surgeMultiplier: number; total: number };
    expect(plain.surgeMultiplier).toBe(1);
    const zone = body(await createZone({ name: 'Yaya rush', surgeMultiplier: 1.4, polygon: around(YAYA) }));
    try {
      const res = await fx.post('fare-estimate', { vehicleTypeId: economy, pickup: YAYA, dropoff: SARIT });
      const surged = res.json().data;
      expect(surged).toMatchObject({ surgeMultiplier: 1.4, zones: ['Yaya rush'], zoneSurge: 0.4 });
      expect(surged.total).toBeGreaterThan(plain.total);
      // The other way round the pickup is not in the zone.
      const back = await fx.post('fare-estimate', { vehicleTypeId: economy, pickup: SARIT, dropoff: YAYA });
      expect(back.json().data.surgeMultiplier).toBe(1);
      const passenger = await fx.activePassenger();
      const booked = body(await fx.post('trips', fx.booking(economy, { passengerId: passenger.id })));
      expect(booked).toMatchObject({ surgeMultiplier: 1.4, fareTotal: surged.total });
    } finally {
      await t.call('DELETE', `/api/trip/zones/${zone.id}`, { token: admin });
    }
  });
});
