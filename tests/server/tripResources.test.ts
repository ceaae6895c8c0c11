import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, listQuery, loginRole, startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
let dispatcher: string;
let support: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
  support = await loginRole(t, 'Support Agent');
});
afterAll(() => t?.close());

type Q = Parameters<typeof listQuery>[0];
const list = (resource: string, q: Q = {}, token = admin) =>
  t.call('GET', `/api/trip/${resource}`, { token, query: listQuery(q) });
const rows = async (resource: string, q: Q = {}) => {
  const res = await list(resource, q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const total = (res: { headers: Record<string, unknown> }) => Number(String(res.headers['content-range']).split('/')[1]);
const post = (resource: string, body: unknown, token = admin) =>
  t.call('POST', `/api/trip/${resource}`, { token, body });
const put = (resource: string, id: number, body: unknown, token = admin) =>
  t.call('PUT', `/api/trip/${resource}/${id}`, { token, body });
const del = (resource: string, id: number, token = admin) => t.call('DELETE', `/api/trip/${resource}/${id}`, { token });
const sorted = (values: (string | number)[], dir: 'ASC' | 'DESC') => {
  const copy = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return dir === 'ASC' ? copy : copy.reverse();
};

describe('permissions: a dispatcher (trips, passengers, the dispatcher page) is refused the rest', () => {
  it.each([
    ['GET', 'vehicle-types', 'view-VehicleType'],
    ['GET', 'price-settings', 'view-PriceSettings'],
    ['GET', 'payment-gateways', 'view-Gateway'],
    ['GET', 'discounts', 'view-Discount'],
    ['GET', 'issues', 'view-Issue'],
    ['GET', 'sos-contacts', 'view-SosContacts'],
    ['GET', 'sos-call-logs', 'view-SosContacts'],
    ['GET', 'driver-transactions', 'view-Driver'],
    ['POST', 'vehicle-types', 'create-VehicleType'],
    ['POST', 'price-settings', 'create-PriceSettings'],
    ['POST', 'payment-gateways', 'create-Gateway'],
    ['POST', 'discounts', 'create-Discount'],
    ['POST', 'issues', 'create-Issue'],
    ['POST', 'sos-contacts', 'create-SosContacts'],
    ['POST', 'sos-call-logs/1/acknowledge', 'update-SosContacts'],
    ['GET', 'sos/ack-stats', 'view-SosContacts'],
    ['DELETE', 'reviews/1', 'delete-Trip'],
    ['POST', 'driver-transactions/credit-topup', 'update-DriverPayoutDetails'],
  ] as const)('%s %s needs %s', async (method, path, permission) => {
    const res = await t.call(method, `/api/trip/${path}`, {
      token: dispatcher,
      body: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`Missing permission ${permission}`);
  });

  it.each([
    ['POST', 'trips', 'create-Trip'],
    ['POST', 'reviews', 'create-Trip'],
    ['PUT', 'trips/1', 'update-Trip'],
  ] as const)('a support agent (no trip writes): %s %s needs %s', async (method, path, permission) => {
    const res = await t.call(method, `/api/trip/${path}`, { token: support, body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`Missing permission ${permission}`);
  });

  it('lets the dispatcher read trips and reviews, and refuses without a token', async () => {
    expect((await list('trips', { range: [0, 4] }, dispatcher)).statusCode).toBe(200);
    expect((await list('reviews', { range: [0, 4] }, dispatcher)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/trip/trips')).statusCode).toBe(401);
  });

  it('offers no writes on driver transactions through the engine', async () => {
    expect((await post('driver-transactions', { driverId: 1, kind: 'adjustment', amount: 5 })).statusCode).toBe(404);
    expect((await put('driver-transactions', 1, { amount: 5 })).statusCode).toBe(404);
    expect((await del('driver-transactions', 1)).statusCode).toBe(404);
  });
});

describe('trips', () => {
  it('lets whoever may see a trip read its driver’s and passenger’s phone and the vehicle, without view-Driver', async () => {
    const trip = await t.db
      .selectFrom('trips')
      .innerJoin('drivers', 'drivers.id', 'trips.driverId')
      .innerJoin('passengers', 'passengers.id', 'trips.passengerId')
      .select([
        'trips.id',
        'drivers.phone as driverPhone',
        'drivers.vehiclePlate',
        'drivers.vehicleMake',
        'passengers.phone as passengerPhone',
      ])
      .where('drivers.vehiclePlate', 'is not', null)
      .orderBy('trips.id')
      .executeTakeFirstOrThrow();
    expect((await t.call('GET', '/api/user/drivers', { token: dispatcher })).statusCode).toBe(403);
    const res = await t.call('GET', '/api/trip/trips', {
      token: dispatcher,
      query: {
        ...listQuery({ filter: { id: trip.id } }),
        fields: 'passengerPhone,driverPhone,driverVehicle,driverPlate',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json();
    expect(row).toMatchObject({
      id: trip.id,
      passengerPhone: trip.passengerPhone,
      driverPhone: trip.driverPhone,
      driverPlate: trip.vehiclePlate,
    });
    expect(row.driverVehicle).toContain(trip.vehicleMake);
  });

  it('pages the newest first with an exact total', async () => {
    const res = await list('trips', { range: [0, 24] });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toHaveLength(25);
    const { n } = await t.db
      .selectFrom('trips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(res.headers['content-range']).toBe(`trips 0-24/${n}`);
    expect(n).toBeGreaterThanOrEqual(30_000);
    const times = page.map((r: { requestedAt: string }) => r.requestedAt);
    expect(times).toEqual(sorted(times, 'DESC'));
    expect(page[0]).toMatchObject({
      passengerName: expect.any(String),
      vehicleTypeName: expect.any(String),
      routePolyline: expect.any(String),
    });
  });

  it('filters by status (one or several) with counts that match the rows', async () => {
    for (const status of ['completed', 'no_driver_found', ['cancelled_by_passenger', 'cancelled_by_driver']]) {
      const res = await list('trips', { filter: { status }, range: [0, 99] });
      const wanted = Array.isArray(status) ? status : [status];
      expect(res.json().every((r: { status: string }) => wanted.includes(r.status))).toBe(true);
      const { n } = await t.db
        .selectFrom('trips')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', wanted)
        .executeTakeFirstOrThrow();
      expect(total(res)).toBe(Number(n));
    }
    const combined = await list('trips', { filter: { status: 'completed', paymentMethod: 'card', vehicleTypeId: 3 } });
    const { n } = await t.db
      .selectFrom('trips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'completed')
      .where('paymentMethod', '=', 'card')
      .where('vehicleTypeId', '=', 3)
      .executeTakeFirstOrThrow();
    expect(total(combined)).toBe(Number(n));
  });

  it('filters by time range and driver, passenger, vehicle type and payment method', async () => {
    const [sample] = await rows('trips', { filter: { status: 'completed' }, range: [100, 100] });
    const from = new Date(new Date(sample.requestedAt).getTime() - 30 * 86400_000).toISOString();
    const to = sample.requestedAt;
    const page = await list('trips', {
      filter: { driverId: sample.driverId, requestedAt_gte: from, requestedAt_lte: to },
      range: [0, 499],
    });
    const res = page.json() as (typeof sample)[];
    const { n } = await t.db
      .selectFrom('trips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('driverId', '=', sample.driverId)
      .where('requestedAt', '>=', new Date(from))
      .where('requestedAt', '<=', new Date(to))
      .executeTakeFirstOrThrow();
    expect(total(page)).toBe(Number(n));
    expect(res.length).toBeGreaterThan(0);
    expect(res.every((r) => r.driverId === sample.driverId && r.requestedAt >= from && r.requestedAt <= to)).toBe(true);
    expect(res.some((r) => r.id === sample.id)).toBe(true);
    for (const [key, value] of [
      ['passengerId', sample.passengerId],
      ['vehicleTypeId', sample.vehicleTypeId],
      ['paymentMethod', sample.paymentMethod],
    ] as const) {
      const got = await rows('trips', { filter: { [key]: value }, range: [0, 49] });
      expect(got.length).toBeGreaterThan(0);
      expect(got.every((r) => r[key] === value)).toBe(true);
    }
  });

  it('searches q in addresses and by trip id, and filters active trips', async () => {
    const byAddress = await rows('trips', { filter: { q: 'sarit centre' }, range: [0, 49] });
    expect(byAddress.length).toBeGreaterThan(0);
    expect(byAddress.every((r) => /Sarit Centre/.test(r.pickupAddress + r.dropoffAddress))).toBe(true);
    const byId = await rows('trips', { filter: { q: '1234' }, range: [0, 49] });
    expect(byId.some((r) => r.id === 1234)).toBe(true);
    const active = await rows('trips', { filter: { active: true } });
    expect(active.every((r) => ['requested', 'accepted', 'arrived', 'in_progress'].includes(r.status))).toBe(true);
  });

  it('sorts by fare and distance both ways', async () => {
    for (const field of ['fareTotal', 'distanceKm'] as const) {
      for (const dir of ['ASC', 'DESC'] as const) {
        const got = (await rows('trips', { sort: [field, dir], range: [0, 9] })).map((r) => r[field]);
        expect(got).toEqual(sorted(got, dir));
      }
    }
  });

  it.each([
    [
      { filter: { status: 'lost' } },
      'Filter "status" must be one of: requested, accepted, arrived, in_progress, completed, cancelled_by_passenger, cancelled_by_driver, no_driver_found, scheduled',
    ],
    [{ filter: { requestedAt_gte: 'yesterday' } }, 'Filter "requestedAt_gte" must be a date'],
    [{ filter: { routePolyline: 'x' } }, 'Unknown filter "routePolyline"'],
    [{ sort: ['pickupAddress', 'ASC'] }, 'Cannot sort by "pickupAddress"'],
  ])('refuses %j', async (q, message) => {
    const res = await list('trips', q as Q);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('validates a phone booking with a message per field', async () => {
    const res = await post('trips', {
      passengerId: 0,
      pickupLat: 100,
      dropoffLat: -1.3,
      dropoffLng: 36.8,
      paymentMethod: 'cheque',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      passengerId: 'Choose a passenger',
      vehicleTypeId: 'Choose a vehicle type',
      pickupAddress: 'Pickup address is required',
      pickupLat: 'Latitude must be between -90 and 90',
      pickupLng: 'Pickup longitude is required',
      dropoffAddress: 'Drop-off address is required',
      paymentMethod: 'Payment method must be one of: cash, card, wallet',
    });
    const outside = await post('trips', {
      passengerId: 2,
      vehicleTypeId: 3,
      pickupAddress: 'Thika',
      pickupLat: -1.03,
      pickupLng: 37.07,
      dropoffAddress: 'CBD',
      dropoffLat: -1.284,
      dropoffLng: 36.822,
      discountCode: 'NOPE',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual({
      pickupLat: 'The pickup is outside the service area',
      discountCode: 'No discount with this code',
    });
  });
});

describe('vehicle types', () => {
  it('lists with filters and sort, and counts drivers', async () => {
    const all = await rows('vehicle-types', { sort: ['baseFare', 'ASC'] });
    expect(all.map((v) => v.name)).toEqual(['Boda', 'Tuk-Tuk', 'Economy', 'Comfort', 'XL', 'Executive']);
    expect(all.find((v) => v.name === 'Economy')!.driverCount).toBeGreaterThan(10);
    const inactive = await rows('vehicle-types', { filter: { active: false } });
    expect(inactive.map((v) => v.name)).toEqual(['Executive']);
    const seats = await rows('vehicle-types', { filter: { seats_gte: 4 }, sort: ['seats', 'DESC'] });
    expect(seats.map((v) => v.seats)).toEqual(
      sorted(
        seats.map((v) => v.seats),
        'DESC',
      ),
    );
    expect(seats.every((v) => v.seats >= 4)).toBe(true);
  });

  it('validates, creates with a case-insensitive unique name, updates, and refuses to delete one in use', async () => {
    const bad = await post('vehicle-types', {
      name: '',
      seats: 0,
      baseFare: -1,
      pricePerKm: 'a',
      commissionPercent: 120,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: 'Name is required',
      seats: 'Seats must be at least 1',
      baseFare: 'Base fare cannot be negative',
      pricePerKm: 'Price per km must be a number',
      pricePerMinute: 'Price per minute is required',
      minimumFare: 'Minimum fare is required',
      commissionPercent: 'Commission must be at most 100',
    });
    const body = { name: 'Green', seats: 4, baseFare: 120, pricePerKm: 38, pricePerMinute: 4, minimumFare: 260 };
    const created = await post('vehicle-types', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      ...body,
      cancellationFee: 0,
      commissionPercent: null,
      active: true,
      driverCount: 0,
    });
    const dup = await post('vehicle-types', { ...body, name: 'GREEN' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ name: 'This name is already in use' });
    const updated = await put('vehicle-types', created.json().id, { commissionPercent: 12.5 });
    expect(updated.json().commissionPercent).toBe(12.5);
    expect((await del('vehicle-types', created.json().id)).statusCode).toBe(200);
    const economy = (await rows('vehicle-types', { filter: { name: 'Economy' } }))[0];
    const inUse = await del('vehicle-types', economy.id);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/in use by \d+ drivers and by past trips/);
  });
});

describe('price settings', () => {
  it('has one default row and per-type rows, filterable', async () => {
    const all = await rows('price-settings');
    expect(all.filter((p) => p.isDefault)).toHaveLength(1);
    const def = all.find((p) => p.isDefault)!;
    expect(def).toMatchObject({ vehicleTypeId: null, commissionPercent: 18, bidPercent: 20 });
    expect(def.surgeRules).toHaveLength(3);
    const own = await rows('price-settings', { filter: { isDefault: false }, sort: ['name', 'DESC'] });
    expect(own.map((p) => p.vehicleTypeName)).toEqual(['XL', 'Boda']);
  });

  it('validates surge windows field by field', async () => {
    const res = await post('price-settings', {
      name: 'Comfort',
      bidPercent: 150,
      surgeRules: [
        { days: [], from: '25:00', to: '08:00', multiplier: 0.5 },
        { days: [1, 1], from: '08:00', to: '08:00', multiplier: 2 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      vehicleTypeId: 'Choose a vehicle type: the default settings already exist',
      bidPercent: 'Bid percentage must be at most 100',
      'surgeRules[0].days': 'Choose at least one day',
      'surgeRules[0].from': 'Start time must be a time such as 07:30',
      'surgeRules[0].multiplier': 'Multiplier must be at least 1',
      'surgeRules[1].days': 'A day is listed twice',
      'surgeRules[1].to': 'The window is empty: end equals start',
    });
  });

  it('creates one row per vehicle type, keeps the default complete and undeletable', async () => {
    const types = await rows('vehicle-types', { filter: { name: 'Comfort' } });
    const body = {
      name: 'Comfort pricing',
      vehicleTypeId: types[0].id,
      bidPercent: 5,
      surgeRules: [{ label: 'Sunday brunch', days: [0], from: '10:00', to: '13:00', multiplier: 1.25 }],
    };
    const created = await post('price-settings', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...body, commissionPercent: null, active: true, isDefault: false });
    const again = await post('price-settings', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ vehicleTypeId: 'This vehicle type already has its own price settings' });
    const def = (await rows('price-settings', { filter: { isDefault: true } }))[0];
    const emptied = await put('price-settings', def.id, { commissionPercent: null, active: false });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors).toEqual({
      commissionPercent: 'The default settings need a value',
      active: 'The default settings are always in force',
    });
    expect((await del('price-settings', def.id)).statusCode).toBe(409);
    expect((await del('price-settings', created.json().id)).statusCode).toBe(200);
  });
});

describe('payment gateways', () => {
  it('masks secret settings in lists, reads and the audit log', async () => {
    const all = await rows('payment-gateways', { sort: ['name', 'ASC'] });
    expect(all.map((g) => g.name)).toEqual(['Flutterwave', 'M-Pesa (Daraja)', 'Pesapal', 'Stripe cards']);
    const stored = await t.db
      .selectFrom('paymentGateways')
      .select(['id', 'secretSettings'])
      .where('name', '=', 'M-Pesa (Daraja)')
      .executeTakeFirstOrThrow();
    const mpesa = all.find((g) => g.name === 'M-Pesa (Daraja)')!;
    for (const [key, value] of Object.entries(stored.secretSettings)) {
      expect(mpesa.secretSettings[key]).toBe(`••••${String(value).slice(-4)}`);
      expect(JSON.stringify(all)).not.toContain(String(value));
    }
    expect(mpesa.publicSettings.shortcode).toBe('4123789');
    const one = await t.call('GET', `/api/trip/payment-gateways/${stored.id}`, { token: admin });
    expect(one.json().secretSettings).toEqual(mpesa.secretSettings);
  });

  it('keeps a secret sent back masked or left out, replaces a changed one, clears one sent as null', async () => {
    const created = await post('payment-gateways', {
      name: 'Paystack',
      provider: 'paystack',
      secretSettings: { secretKey: 'sk_live_abcdef123456', webhookSecret: 'whsec_zz9999' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const g = created.json();
    expect(g).toMatchObject({
      mode: 'test',
      enabled: false,
      publicSettings: {},
      secretSettings: { secretKey: '••••3456', webhookSecret: '••••9999' },
    });
    const updated = await put('payment-gateways', g.id, {
      ...g,
      mode: 'live',
      secretSettings: { secretKey: '••••3456', webhookSecret: 'whsec_new_7777' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().secretSettings).toEqual({ secretKey: '••••3456', webhookSecret: '••••7777' });
    const row = await t.db
      .selectFrom('paymentGateways')
      .select('secretSettings')
      .where('id', '=', g.id)
      .executeTakeFirstOrThrow();
    expect(row.secretSettings).toEqual({ secretKey: 'sk_live_abcdef123456', webhookSecret: 'whsec_new_7777' });
    await put('payment-gateways', g.id, { secretSettings: { secretKey: '••••3456' } });
    const kept = await t.db
      .selectFrom('paymentGateways')
      .select('secretSettings')
      .where('id', '=', g.id)
      .executeTakeFirstOrThrow();
    expect(kept.secretSettings).toEqual({ secretKey: 'sk_live_abcdef123456', webhookSecret: 'whsec_new_7777' });
    await put('payment-gateways', g.id, { secretSettings: { webhookSecret: null } });
    const after = await t.db
      .selectFrom('paymentGateways')
      .select('secretSettings')
      .where('id', '=', g.id)
      .executeTakeFirstOrThrow();
    expect(after.secretSettings).toEqual({ secretKey: 'sk_live_abcdef123456' });
    const logs = await t.db
      .selectFrom('auditLogs')
      .select(['before', 'after'])
      .where('resource', '=', 'payment-gateways')
      .where('recordId', '=', String(g.id))
      .execute();
    expect(JSON.stringify(logs)).not.toMatch(/abcdef123456|whsec_new_7777|whsec_zz9999/);
  });

  it('validates provider, mode and settings, and filters by them', async () => {
    const bad = await post('payment-gateways', {
      name: '',
      provider: 'bank',
      mode: 'prod',
      secretSettings: { key: 42 },
      publicSettings: ['x'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: 'Name is required',
      provider: expect.stringMatching(/^Provider must be one of: mpesa, stripe/),
      mode: 'Mode must be one of: test, live',
      secretSettings: expect.stringMatching(/^Secret settings must be an object of text \(or null to clear\) values/),
      publicSettings: expect.stringMatching(/^Public settings must be an object/),
    });
    const live = await rows('payment-gateways', { filter: { mode: 'live', enabled: true } });
    expect(live.map((g) => g.name)).toEqual(['M-Pesa (Daraja)']);
  });
});

describe('discounts', () => {
  it('answers a duplicate code in any case as a conflict naming the code', async () => {
    const dup = await post('discounts', { code: 'karibu', name: 'Again', kind: 'fixed', value: 50 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ code: 'This code is already in use' });
    const created = await post('discounts', { code: 'Pwani-5', name: 'Coast', kind: 'percent', value: 5 });
    expect(created.statusCode).toBe(201);
    expect(created.json().code).toBe('PWANI-5');
    const clash = await put('discounts', created.json().id, { code: 'SHULE20' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ code: 'This code is already in use' });
  });

  it('validates fields and their combinations', async () => {
    const bad = await post('discounts', { code: 'a b', kind: 'percent', value: 0, usageLimit: 0, validFrom: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      code: 'Use 3 to 30 letters, digits, - or _',
      name: 'Name is required',
      value: 'A percentage must be from 1 to 100',
      usageLimit: 'Usage limit must be at least 1',
      validFrom: 'Valid from must be a date and time',
    });
    const combo = await post('discounts', {
      code: 'BIGONE',
      name: 'x',
      kind: 'percent',
      value: 120,
      validFrom: '2026-02-01T00:00:00Z',
      validTo: '2026-01-01T00:00:00Z',
    });
    expect(combo.json().errors).toEqual({
      value: 'A percentage must be from 1 to 100',
      validTo: 'Valid to must be after valid from',
    });
  });

  it('filters by state, kind and code, searches q, and sorts by use', async () => {
    const used = await rows('discounts', { sort: ['timesUsed', 'DESC'] });
    expect(used.map((d) => d.timesUsed)).toEqual(
      sorted(
        used.map((d) => d.timesUsed),
        'DESC',
      ),
    );
    const usedUp = await rows('discounts', { filter: { state: 'used_up' } });
    expect(usedUp.map((d) => d.code)).toEqual(['SHULE20']);
    expect(usedUp[0].timesUsed).toBe(usedUp[0].usageLimit);
    expect((await rows('discounts', { filter: { state: 'scheduled' } })).map((d) => d.code)).toEqual(['NEWYEAR']);
    const fixed = await rows('discounts', { filter: { kind: 'fixed' } });
    expect(fixed.every((d) => d.kind === 'fixed')).toBe(true);
    expect((await rows('discounts', { filter: { q: 'weekend' } })).map((d) => d.code)).toEqual(['WIKENDI10']);
  });
});

describe('issues', () => {
  it('filters by status and priority and sorts by creation', async () => {
    for (const status of ['open', 'in_progress', 'resolved', 'closed']) {
      const got = await rows('issues', { filter: { status } });
      expect(got.length).toBeGreaterThan(0);
      expect(got.every((i) => i.status === status)).toBe(true);
    }
    const urgent = await rows('issues', { filter: { priority: 'urgent' }, sort: ['createdAt', 'ASC'] });
    expect(urgent.every((i) => i.priority === 'urgent')).toBe(true);
    expect(urgent.map((i) => i.createdAt)).toEqual(
      sorted(
        urgent.map((i) => i.createdAt),
        'ASC',
      ),
    );
    const closed = await rows('issues', { filter: { status: 'closed' } });
    expect(closed.every((i) => i.resolutionNote && i.resolvedAt)).toBe(true);
  });

  it('takes the reporter from the trip and needs a note to resolve', async () => {
    const [trip] = await rows('trips', { filter: { status: 'completed' }, range: [5, 5] });
    const bad = await post('issues', {
      tripId: trip.id,
      reporterKind: 'rider',
      category: 'noise',
      description: 'bad',
      status: 'resolved',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      reporterKind: 'Reporter must be one of: passenger, driver',
      category: expect.stringMatching(/^Category must be one of: lost_item/),
      description: 'Describe the issue in at least 5 characters',
    });
    const created = await post('issues', {
      tripId: trip.id,
      reporterKind: 'driver',
      category: 'passenger_behaviour',
      description: 'Passenger left without paying the cash fare.',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      reporterId: trip.driverId,
      reporterName: trip.driverName,
      status: 'open',
      priority: 'medium',
      resolvedAt: null,
    });
    const noNote = await put('issues', created.json().id, { status: 'resolved' });
    expect(noNote.json().errors).toEqual({ resolutionNote: 'Say how the issue was resolved' });
    const resolved = await put('issues', created.json().id, {
      status: 'resolved',
      resolutionNote: 'Fare recovered from the passenger wallet.',
      assigneeId: 1,
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      assigneeName: 'Amara Okafor',
      resolvedAt: expect.any(String),
    });
    const reopened = await put('issues', created.json().id, { status: 'open' });
    expect(reopened.json().resolvedAt).toBeNull();
  });
});

describe('SOS contacts and call logs', () => {
  it('lists contacts, validates and writes them', async () => {
    const active = await rows('sos-contacts', { filter: { active: true }, sort: ['name', 'ASC'] });
    expect(active.map((c) => c.phone)).toContain('999');
    const bad = await post('sos-contacts', { name: '', phone: 'call me' });
    expect(bad.json().errors).toEqual({
      name: 'Name is required',
      phone: 'Enter a short code such as 999 or a phone number with its country code',
    });
    const created = await post('sos-contacts', { name: 'Tourist police', phone: '+254 20 341 1012' });
    expect(created.statusCode).toBe(201);
    expect((await put('sos-contacts', created.json().id, { active: false })).json().active).toBe(false);
    expect((await del('sos-contacts', created.json().id)).statusCode).toBe(200);
  });

  it('filters call logs by status; alarms move on only through their actions, which record who handled them', async () => {
    const fresh = await rows('sos-call-logs', { filter: { status: 'new' }, sort: ['calledAt', 'DESC'] });
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((l) => l.status === 'new' && l.handledBy === null)).toBe(true);
    expect(fresh[0]).toMatchObject({ callerName: expect.any(String), callerPhone: expect.any(String) });
    const settled = await rows('sos-call-logs', { filter: { status: ['resolved', 'false_alarm'] } });
    expect(
      settled.every((l) => l.handledBy !== null && l.notes && l.ackSeconds !== null && l.resolvedBy !== null),
    ).toBe(true);
    expect((await put('sos-call-logs', fresh[0].id, { status: 'acknowledged' })).statusCode).toBe(404);
    const ack = await t.call('POST', `/api/trip/sos-call-logs/${fresh[0].id}/acknowledge`, { token: admin, body: {} });
    expect(ack.statusCode).toBe(200);
    expect(ack.json().data).toMatchObject({
      status: 'acknowledged',
      handledBy: 1,
      handledByName: 'Amara Okafor',
      handledAt: expect.any(String),
      ackSeconds: expect.any(Number),
    });
    expect((await post('sos-call-logs', { tripId: 1 })).statusCode).toBe(404);
  });
});

describe('driver transactions', () => {
  it('filters by driver and kind, with balances that add up', async () => {
    const [someone] = await rows('driver-transactions', { filter: { kind: 'payout' }, range: [0, 0] });
    expect(someone.amount).toBeLessThan(0);
    const ledger = await rows('driver-transactions', {
      filter: { driverId: someone.driverId },
      sort: ['createdAt', 'ASC'],
      range: [0, 499],
    });
    expect(ledger.every((x) => x.driverId === someone.driverId)).toBe(true);
    let balance = 0;
    for (const x of ledger) {
      balance = Math.round((balance + x.amount) * 100) / 100;
      expect(x.balanceAfter).toBe(balance);
    }
    const topups = await rows('driver-transactions', { filter: { driverId: someone.driverId, kind: 'credit_topup' } });
    expect(topups.length).toBeGreaterThan(0);
    expect(topups.every((x) => x.kind === 'credit_topup' && x.amount > 0 && x.staffName)).toBe(true);
    const bad = await list('driver-transactions', { filter: { kind: 'bonus' } });
    expect(bad.json().message).toBe('Filter "kind" must be one of: credit_topup, commission, payout, adjustment');
  });
});

describe('reviews', () => {
  it('filters by driver, passenger and rating', async () => {
    const [first] = await rows('reviews', { filter: { direction: 'passenger_to_driver' }, range: [0, 0] });
    const mine = await rows('reviews', {
      filter: { driverId: first.driverId, direction: 'passenger_to_driver' },
      range: [0, 499],
    });
    expect(mine.every((r) => r.driverId === first.driverId)).toBe(true);
    const driver = await t.call('GET', `/api/user/drivers/${first.driverId}`, { token: admin });
    const mean = Math.round((mine.reduce((s, r) => s + r.rating, 0) / mine.length) * 100) / 100;
    expect(driver.json().rating).toBeCloseTo(mean, 2);
    const low = await rows('reviews', { filter: { rating_lte: 2 }, sort: ['rating', 'ASC'], range: [0, 99] });
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((r) => r.rating <= 2)).toBe(true);
    const byPassenger = await rows('reviews', { filter: { passengerId: first.passengerId } });
    expect(byPassenger.every((r) => r.passengerId === first.passengerId)).toBe(true);
  });

  it('validates, refuses a second review of the same direction and refreshes the rating', async () => {
    const bad = await post('reviews', { tripId: 1, direction: 'both', rating: 6 });
    expect(bad.json().errors).toEqual({
      direction: 'Direction must be one of: passenger_to_driver, driver_to_passenger',
      rating: 'Rating must be 1 to 5',
    });
    const trip = await t.db
      .selectFrom('trips')
      .select(['id', 'driverId', 'passengerId'])
      .where('status', '=', 'completed')
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('reviews').select('reviews.id').whereRef('reviews.tripId', '=', 'trips.id'))),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const created = await post('reviews', {
      tripId: trip.id,
      direction: 'driver_to_passenger',
      rating: 1,
      comment: 'Refused to wear a seat belt',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ driverId: trip.driverId, passengerId: trip.passengerId });
    const again = await post('reviews', { tripId: trip.id, direction: 'driver_to_passenger', rating: 5 });
    expect(again.statusCode).toBe(409);
    const { avg } = await t.db
      .selectFrom('reviews')
      .select((eb) => eb.fn.avg<number>('rating').as('avg'))
      .where('passengerId', '=', trip.passengerId)
      .where('direction', '=', 'driver_to_passenger')
      .executeTakeFirstOrThrow();
    const passenger = await t.db
      .selectFrom('passengers')
      .select('rating')
      .where('id', '=', trip.passengerId)
      .executeTakeFirstOrThrow();
    expect(passenger.rating).toBeCloseTo(Number(avg), 2);
    const cancelled = await t.db
      .selectFrom('trips')
      .select('id')
      .where('status', '=', 'no_driver_found')
      .executeTakeFirstOrThrow();
    const notDone = await post('reviews', { tripId: cancelled.id, direction: 'passenger_to_driver', rating: 4 });
    expect(notDone.json().errors).toEqual({ tripId: 'Only a completed trip can be reviewed' });
    expect((await del('reviews', created.json().id)).statusCode).toBe(200);
  });
});
