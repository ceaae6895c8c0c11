import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, startApp, type TestApp } from './harness.js';
import { around, dispatcherFixtures, SARIT, YAYA } from './dispatcherFixtures.js';
import { appSignIn } from './appsHelpers.js';

/** Airport-style fixed fares between two zones (issue 32): validation, then estimates, quotes and booked fares. */

let t: TestApp;
let admin: string;
let dispatcher: string;
let economy: number;
let comfort: number;
let yaya: number;
let sarit: number;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
  const types = await t.db.selectFrom('vehicleTypes').select(['id', 'name']).where('active', '=', true).execute();
  economy = types.find((v) => v.name === 'Economy')!.id;
  comfort = types.find((v) => v.name !== 'Economy')!.id;
  // A surge window all week: a fixed fare must not carry it.
  await t.db
    .updateTable('priceSettings')
    .set({
      surgeRules: JSON.stringify([
        { label: 'All day', days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '00:00', multiplier: 1.5 },
      ]),
    })
    .where('vehicleTypeId', 'is', null)
    .execute();
  await t.db.updateTable('priceSettings').set({ surgeRules: null }).where('vehicleTypeId', 'is not', null).execute();
  const zone = async (name: string, p: { lat: number; lng: number }, surgeMultiplier = 1) => {
    const res = await t.call('POST', '/api/trip/zones', {
      token: admin,
      body: { name, polygon: around(p), surgeMultiplier },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().id as number;
  };
  yaya = await zone('Yaya airport', YAYA, 1.2);
  sarit = await zone('Sarit CBD', SARIT);
});
afterAll(() => t?.close());

const fx = dispatcherFixtures(
  () => t,
  () => dispatcher,
);
const createFare = (body: Record<string, unknown>, token = admin) =>
  t.call('POST', '/api/trip/zone-fares', { token, body });
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('zoneFares')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('fixed fares between zones', () => {
  it('refuses a missing zone, an amount of 0 or a duplicate pair with a 400 naming the field, writing nothing', async () => {
    const first = await createFare({ fromZoneId: yaya, toZoneId: sarit, amount: 1800, vehicleTypeId: comfort });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      bothWays: true,
      active: true,
      amount: 1800,
      route: 'Yaya airport → Sarit CBD',
    });
    const before = await count();
    const cases: [Record<string, unknown>, string, string, string?][] = [
      [{ fromZoneId: 99999, toZoneId: sarit, amount: 100 }, 'fromZoneId', 'No zone with this id'],
      [{ fromZoneId: yaya, toZoneId: sarit, amount: 0 }, 'amount', 'Amount must be more than 0', 'moreThan'],
      [
        { fromZoneId: yaya, toZoneId: sarit, amount: 100, vehicleTypeId: 99999 },
        'vehicleTypeId',
        'No vehicle type with this id',
      ],
      // The reverse of a both-ways fare of the same vehicle type is a duplicate.
      [
        { fromZoneId: sarit, toZoneId: yaya, amount: 900, vehicleTypeId: comfort },
        'toZoneId',
        'A fixed fare between these zones exists already for this vehicle type',
        'fixedFareExists',
      ],
    ];
    for (const [input, field, message, code] of cases) {
      const res = await createFare(input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      if (code) expect(res.json().codes[field].code, JSON.stringify(input)).toBe(code);
    }
    expect(await count()).toBe(before);
    // One way back for the same type is refused too: the first fare goes both ways.
    const second = await createFare({
      fromZoneId: sarit,
      toZoneId: yaya,
      amount: 700,
      vehicleTypeId: comfort,
      bothWays: false,
    });
    expect(second.statusCode).toBe(400);
    // A dispatcher may not declare one; a zone with a fixed fare cannot be deleted.
    expect((await createFare({ fromZoneId: sarit, toZoneId: yaya, amount: 10 }, dispatcher)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/trip/zones/${yaya}`, { token: admin })).statusCode).toBe(409);
    expect((await t.call('DELETE', `/api/trip/zone-fares/${first.json().id}`, { token: admin })).statusCode).toBe(200);
  });

  it('replaces the metered fare and its surge in the estimate, the quote and the booked fare, both ways', async () => {
    const metered = (await fx.post('fare-estimate', { vehicleTypeId: economy, pickup: YAYA, dropoff: SARIT })).json()
      .data;
    expect(metered).toMatchObject({ fixedFare: null, surgeMultiplier: 1.7, zoneSurge: 0.2 });
    const fare = await createFare({ fromZoneId: yaya, toZoneId: sarit, amount: 1450, vehicleTypeId: economy });
    expect(fare.statusCode, fare.body).toBe(201);

    const estimates = (await fx.post('fare-estimates', { pickup: YAYA, dropoff: SARIT })).json().data as {
      vehicleTypeId: number;
      total: number;
      fixedFare: unknown;
    }[];
    const mine = estimates.find((e) => e.vehicleTypeId === economy)!;
    expect(mine).toMatchObject({
      total: 1450,
      base: 1450,
      distance: 0,
      time: 0,
      surge: 0,
      surgeMultiplier: 1,
      zoneSurge: 0,
      fixedFare: { id: fare.json().id, amount: 1450, name: 'Yaya airport → Sarit CBD' },
    });
    // Another vehicle type stays metered.
    expect(estimates.find((e) => e.vehicleTypeId !== economy)!.fixedFare).toBeNull();
    // Both ways (the default): the reverse trip is priced the same, named in its own direction.
    const back = (await fx.post('fare-estimate', { vehicleTypeId: economy, pickup: SARIT, dropoff: YAYA })).json().data;
    expect(back).toMatchObject({ total: 1450, fixedFare: { name: 'Sarit CBD → Yaya airport' } });

    const passenger = await fx.activePassenger();
    const app = await appSignIn(t, 'passenger', passenger.phone);
    const quotes = await t.call('POST', '/api/trip/apps/passenger/quote', {
      token: app,
      body: { pickup: YAYA, dropoff: SARIT },
    });
    expect(quotes.json().data.find((q: { vehicleTypeId: number }) => q.vehicleTypeId === economy)).toMatchObject({
      fareTotal: 1450,
      surgeMultiplier: 1,
      fixedFare: 'Yaya airport → Sarit CBD',
    });
    const booked = await fx.post('trips', fx.booking(economy, { passengerId: passenger.id }));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ fareTotal: 1450, fareBase: 1450, fareSurge: 0, surgeMultiplier: 1 });
    await t.db
      .updateTable('trips')
      .set({ status: 'cancelled_by_passenger' })
      .where('id', '=', booked.json().id)
      .execute();
  });

  it('is described in the OpenAPI document', async () => {
    const docs = (await t.call('GET', '/api/docs/json')).json();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining(['/api/trip/zone-fares', '/api/trip/zone-fares/{id}']),
    );
    expect(JSON.stringify(docs.paths['/api/trip/zone-fares'])).toContain('fixed fares between two service zones');
  });
});
