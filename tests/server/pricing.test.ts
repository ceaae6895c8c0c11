import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountState, type DiscountFacts } from '../../src/domain/discounts.js';
import { listQuery, startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

type Q = Parameters<typeof listQuery>[0];
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (resource: string, q: Q = {}): Promise<Row[]> => {
  const res = await t.call('GET', `/api/trip/${resource}`, { token: admin, query: listQuery(q) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Row[];
};
const one = async (resource: string, id: number): Promise<Row> =>
  (await t.call('GET', `/api/trip/${resource}/${id}`, { token: admin })).json() as Row;
const post = (path: string, body: unknown = {}) => t.call('POST', `/api/trip/${path}`, { token: admin, body });
const put = (path: string, body: unknown) => t.call('PUT', `/api/trip/${path}`, { token: admin, body });
/** A count by SQL; `$1`… are replaced by the (numeric or plain-word) parameters. */
const count = async (query: string, ...params: (number | string)[]) =>
  Number(
    (
      await sql
        .raw<{ n: number }>(query.replace(/\$(\d)/g, (_, i: string) => String(params[Number(i) - 1])))
        .execute(t.db)
    ).rows[0].n,
  );
const auditRows = (recordId: number, action: string) =>
  count(
    `select count(*) n from audit_logs where resource = 'vehicle-types' and record_id = '$1' and action = '$2'`,
    recordId,
    action,
  );

const typeNamed = async (name: string) => (await rows('vehicle-types', { filter: { name } }))[0];

describe('vehicle types: the list counts', () => {
  it('gives each type its approved drivers and its trips of the last 7 days', async () => {
    const all = await rows('vehicle-types');
    expect(all.length).toBeGreaterThan(3);
    for (const v of all) {
      expect(v.approvedDrivers).toBe(
        await count(`select count(*) n from drivers where vehicle_type_id = $1 and approval_status = 'approved'`, v.id),
      );
      expect(v.tripsLast7Days).toBe(
        await count(
          `select count(*) n from trips where vehicle_type_id = $1 and requested_at >= now() - interval '7 days'`,
          v.id,
        ),
      );
    }
    expect(all.find((v) => v.name === 'Economy')!.tripsLast7Days).toBeGreaterThan(0);
  });
});

describe('vehicle types: bad input gets field errors and leaves the record unchanged', () => {
  it.each([
    ['negative money', { baseFare: -5 }, { baseFare: 'Base fare cannot be negative' }],
    ['text in a number field', { pricePerKm: 'thirty' }, { pricePerKm: 'Price per km must be a number' }],
    ['too many seats', { seats: 21 }, { seats: 'Seats must be at most 20' }],
    ['no seats', { seats: 0 }, { seats: 'Seats must be at least 1' }],
    ['half a seat', { seats: 2.5 }, { seats: 'Seats must be a whole number' }],
    ['a commission of 150 %', { commissionPercent: 150 }, { commissionPercent: 'Commission must be at most 100' }],
    ['a name taken in another case', { name: 'COMFORT' }, { name: 'This name is already in use' }, 409],
  ])('%s', async (_, body, errors, status = 400) => {
    const economy = await typeNamed('Economy');
    const res = await put(`vehicle-types/${economy.id}`, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errors).toEqual(errors);
    expect(await one('vehicle-types', economy.id)).toEqual(economy);
  });

  it('accepts a minimum fare below the base fare (the form only warns) and keeps its own name in another case', async () => {
    const created = await post('vehicle-types', {
      name: 'Cargo',
      seats: 2,
      baseFare: 300,
      pricePerKm: 60,
      pricePerMinute: 6,
      minimumFare: 200,
    });
    expect(created.statusCode, created.body).toBe(201);
    const renamed = await put(`vehicle-types/${created.json().id}`, { name: 'CARGO' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('CARGO');
  });

  it('does not change the active state through a plain update', async () => {
    const economy = await typeNamed('Economy');
    const res = await put(`vehicle-types/${economy.id}`, { active: false });
    expect(res.statusCode).toBe(200);
    expect((await one('vehicle-types', economy.id)).active).toBe(true);
  });
});

describe('vehicle types: deactivate and activate', () => {
  it('refuses while drivers of the type are on an active trip, saying how many', async () => {
    const economy = await typeNamed('Economy');
    // Two Economy drivers on a trip now: their latest trips are put back in progress.
    await sql`update trips set status = 'in_progress', completed_at = null, cancelled_at = null
      where id in (select distinct on (t.driver_id) t.id from trips t
        where t.vehicle_type_id = ${economy.id} and t.driver_id is not null
          and not exists (select 1 from trips a where a.driver_id = t.driver_id and a.status in ('requested','accepted','arrived','in_progress'))
        order by t.driver_id, t.requested_at desc limit 2)`.execute(t.db);
    const busy = await count(
      `select count(distinct driver_id) n from trips where vehicle_type_id = $1 and driver_id is not null and status in ('requested','accepted','arrived','in_progress')`,
      economy.id,
    );
    expect(busy).toBeGreaterThanOrEqual(2);
    const res = await post(`vehicle-types/${economy.id}/deactivate`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `${busy} drivers of this type are on an active trip. Deactivate it once their trips have ended.`,
    );
    expect((await one('vehicle-types', economy.id)).active).toBe(true);
    expect(await auditRows(economy.id, 'deactivate')).toBe(0);
  });

  it('deactivates a type without trips under way, says how many approved drivers it affects, and audits it', async () => {
    const comfort = await typeNamed('Comfort');
    // (A trip still waiting for a driver has none to cancel it: it ends as no driver found.)
    await sql`update trips set status = case when driver_id is null then 'no_driver_found' else 'cancelled_by_driver' end, cancelled_at = now()
      where vehicle_type_id = ${comfort.id} and status in ('requested','accepted','arrived','in_progress')`.execute(
      t.db,
    );
    const res = await post(`vehicle-types/${comfort.id}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      `Comfort deactivated: ${comfort.approvedDrivers} approved drivers get no new trips of this type`,
    );
    expect(res.json().data.active).toBe(false);
    expect(await auditRows(comfort.id, 'deactivate')).toBe(1);
    // A fare estimate for it is now refused.
    const estimate = await post('fare-estimate', {
      vehicleTypeId: comfort.id,
      pickup: { lat: -1.2864, lng: 36.8172 },
      dropoff: { lat: -1.3192, lng: 36.9278 },
    });
    expect(estimate.statusCode).toBe(400);
    expect(estimate.json().errors).toEqual({ vehicleTypeId: 'This vehicle type is not active' });

    expect((await post(`vehicle-types/${comfort.id}/deactivate`)).statusCode).toBe(409);
    const back = await post(`vehicle-types/${comfort.id}/activate`);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.active).toBe(true);
    expect(await auditRows(comfort.id, 'activate')).toBe(1);
  });
});

describe('price settings: the page saves every profile in one action', () => {
  const FRIDAY_1800_NAIROBI = '2026-11-27T15:00:00.000Z';
  const PICKUP = { lat: -1.2864, lng: 36.8172 };
  const DROPOFF = { lat: -1.3192, lng: 36.9278 };
  const estimate = async (vehicleTypeId: number, at?: string) => {
    const res = await post('fare-estimate', { vehicleTypeId, pickup: PICKUP, dropoff: DROPOFF, ...(at ? { at } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row;
  };
  const settings = async () => rows('price-settings', { sort: ['id', 'ASC'] });

  it.each([
    [
      'a surge window whose end equals its start',
      { surgeRules: [{ days: [5], from: '17:00', to: '17:00', multiplier: 1.5 }] },
      { 'profiles[0].surgeRules[0].to': 'The window is empty: end equals start' },
    ],
    [
      'a multiplier of 0',
      { surgeRules: [{ days: [5], from: '17:00', to: '20:00', multiplier: 0 }] },
      { 'profiles[0].surgeRules[0].multiplier': 'Multiplier must be at least 1' },
    ],
    [
      'a multiplier of 50',
      { surgeRules: [{ days: [5], from: '17:00', to: '20:00', multiplier: 50 }] },
      { 'profiles[0].surgeRules[0].multiplier': 'Multiplier must be at most 5' },
    ],
    [
      'a commission of 150 %',
      { commissionPercent: 150 },
      { 'profiles[0].commissionPercent': 'Commission must be at most 100' },
    ],
    [
      'text in a number field',
      { bidPercent: 'twenty' },
      { 'profiles[0].bidPercent': 'Bid percentage must be a number' },
    ],
    [
      'an empty default',
      { commissionPercent: null },
      { 'profiles[0].commissionPercent': 'The default settings need a value' },
    ],
  ])('refuses %s with a field error and changes nothing', async (_, change, errors) => {
    const before = await settings();
    const def = before.find((p) => p.vehicleTypeId === null)!;
    const res = await post('price-settings/save', {
      profiles: [
        {
          vehicleTypeId: null,
          commissionPercent: def.commissionPercent,
          bidPercent: def.bidPercent,
          surgeRules: def.surgeRules,
          ...change,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual(errors);
    expect(await settings()).toEqual(before);
  });

  it('gives Economy a higher Friday-evening surge: audited, used by new quotes, not by a trip already quoted', async () => {
    const economy = await typeNamed('Economy');
    const passenger = await count(
      `select min(p.id) n from passengers p where p.status = 'active' and not exists (select 1 from trips t where t.passenger_id = p.id and t.status in ('requested','accepted','arrived','in_progress'))`,
    );
    const booked = await post('trips', {
      passengerId: passenger,
      vehicleTypeId: economy.id,
      pickupAddress: 'Kenyatta Avenue',
      pickupLat: PICKUP.lat,
      pickupLng: PICKUP.lng,
      dropoffAddress: 'JKIA',
      dropoffLat: DROPOFF.lat,
      dropoffLng: DROPOFF.lng,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const quoted = booked.json() as Row;
    const before = await estimate(economy.id, FRIDAY_1800_NAIROBI);
    expect(before.surgeMultiplier).toBe(1.5);

    const def = (await settings()).find((p) => p.vehicleTypeId === null)!;
    const allWeek = [0, 1, 2, 3, 4, 5, 6];
    const everyHour = [
      { label: 'Mornings', days: allWeek, from: '00:00', to: '12:00', multiplier: 2 },
      { label: 'Afternoons', days: allWeek, from: '12:00', to: '00:00', multiplier: 2 },
    ];
    const res = await post('price-settings/save', {
      profiles: [
        {
          vehicleTypeId: null,
          commissionPercent: def.commissionPercent,
          bidPercent: def.bidPercent,
          surgeRules: def.surgeRules,
        },
        {
          vehicleTypeId: economy.id,
          commissionPercent: null,
          bidPercent: null,
          surgeRules: [
            ...def.surgeRules,
            { label: 'Friday peak', days: [5], from: '17:00', to: '20:00', multiplier: 1.8 },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Price settings saved (1 profile). New quotes use them now.');
    const own = (await settings()).find((p) => p.vehicleTypeId === economy.id)!;
    expect(own).toMatchObject({ name: 'Economy pricing', active: true, bidPercent: null });
    expect(
      await count(
        `select count(*) n from audit_logs where resource = 'price-settings' and record_id = '$1' and action = 'create'`,
        own.id,
      ),
    ).toBe(1);
    const after = await estimate(economy.id, FRIDAY_1800_NAIROBI);
    expect(after.surgeMultiplier).toBe(1.8);
    expect(after.total).toBeGreaterThan(before.total);
    // Other types still follow the default.
    expect((await estimate((await typeNamed('Comfort')).id, FRIDAY_1800_NAIROBI)).surgeMultiplier).toBe(1.5);

    // Now a surge at every hour: the trip quoted before keeps its fare.
    const again = await post('price-settings/save', {
      profiles: [{ vehicleTypeId: economy.id, commissionPercent: null, bidPercent: null, surgeRules: everyHour }],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await estimate(economy.id)).surgeMultiplier).toBe(2);
    const trip = await one('trips', quoted.id as number);
    expect(trip.fareTotal).toBe(quoted.fareTotal);
    expect(trip.surgeMultiplier).toBe(quoted.surgeMultiplier);
    expect(
      await count(
        `select count(*) n from audit_logs where resource = 'price-settings' and record_id = '$1' and action = 'save'`,
        own.id,
      ),
    ).toBe(1);
    // Saving the same again changes nothing and audits nothing.
    const same = await post('price-settings/save', {
      profiles: [{ vehicleTypeId: economy.id, commissionPercent: null, bidPercent: null, surgeRules: everyHour }],
    });
    expect(same.json().message).toBe('Nothing changed');
  });
});

describe('discounts', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    code: `spring-${Math.random().toString(36).slice(2, 7)}`,
    name: 'Spring offer',
    kind: 'percent',
    value: 15,
    maxDiscount: 300,
    validFrom: '2030-03-01T00:00:00.000Z',
    validTo: '2030-03-31T21:00:00.000Z',
    usageLimit: 500,
    perPassengerLimit: 2,
    ...over,
  });

  it('stores the code upper-cased, shows a future one as scheduled, and refuses the same code in another case', async () => {
    const created = await post('discounts', body({ code: 'spring30' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'SPRING30', state: 'scheduled', discountedTotal: 0, timesUsed: 0 });
    const before = await count(`select count(*) n from discounts`);
    const dup = await post('discounts', body({ code: 'Spring30' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ code: 'This code is already in use' });
    expect(await count(`select count(*) n from discounts`)).toBe(before);
  });

  it.each([
    ['a percent of 150', { value: 150 }, { value: 'A percentage must be from 1 to 100' }],
    ['a percent of 0.5', { value: 0.5 }, { value: 'A percentage must be from 1 to 100' }],
    [
      'a negative fixed amount',
      { kind: 'fixed', maxDiscount: null, value: -100 },
      { value: 'Value must be more than 0' },
    ],
    ['text in a number field', { usageLimit: 'lots' }, { usageLimit: 'Usage limit must be a number' }],
    ['a limit of zero', { perPassengerLimit: 0 }, { perPassengerLimit: 'Per-passenger limit must be at least 1' }],
    [
      'an end in the year 2200',
      { validTo: '2200-01-01T00:00:00.000Z' },
      { validTo: 'Valid to must be between 1 Jan 1900 and 31 Dec 2099' },
    ],
    [
      'a start in the year 1850',
      { validFrom: '1850-03-01T00:00:00.000Z' },
      { validFrom: 'Valid from must be between 1 Jan 1900 and 31 Dec 2099' },
    ],
    [
      'an end before the start',
      { validTo: '2030-02-01T00:00:00.000Z' },
      { validTo: 'Valid to must be after valid from' },
    ],
  ])('refuses %s with a field error and creates nothing', async (_, over, errors) => {
    const before = await count(`select count(*) n from discounts`);
    const res = await post('discounts', body(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual(errors);
    expect(await count(`select count(*) n from discounts`)).toBe(before);
  });

  it('derives its state in SQL as discountState does, at the edges of its window and its limit', async () => {
    const minute = 60_000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['starts in a minute', { validFrom: iso(minute), validTo: iso(60 * minute) }, 0, 'scheduled'],
      ['started a minute ago', { validFrom: iso(-minute), validTo: iso(60 * minute) }, 0, 'active'],
      ['ends in a minute', { validFrom: iso(-60 * minute), validTo: iso(minute) }, 0, 'active'],
      ['ended a minute ago', { validFrom: iso(-60 * minute), validTo: iso(-minute) }, 0, 'expired'],
      ['one use left', { validFrom: null, validTo: null, usageLimit: 5 }, 4, 'active'],
      ['at its limit', { validFrom: null, validTo: null, usageLimit: 5 }, 5, 'used_up'],
      ['at its limit and ended', { validFrom: iso(-60 * minute), validTo: iso(-minute), usageLimit: 5 }, 5, 'expired'],
      ['switched off while running', { validFrom: null, validTo: null, active: false }, 0, 'inactive'],
    ];
    for (const [what, over, used, state] of cases) {
      const created = await post('discounts', body(over));
      expect(created.statusCode, `${what}: ${created.body}`).toBe(201);
      const id = created.json().id as number;
      await sql`update discounts set times_used = ${used} where id = ${id}`.execute(t.db);
      const row = await one('discounts', id);
      expect(row.state, what).toBe(state);
      expect(discountState(row as DiscountFacts, new Date()), what).toBe(state);
      expect(
        (await rows('discounts', { filter: { state, id } })).map((d) => d.id),
        what,
      ).toEqual([id]);
    }
  });

  it('refuses a bad update and leaves the discount unchanged', async () => {
    const created = (await post('discounts', body())).json() as Row;
    const res = await put(`discounts/${created.id}`, { value: 150 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ value: 'A percentage must be from 1 to 100' });
    expect((await one('discounts', created.id)).value).toBe(15);
  });

  it('sums what it took off completed trips, and refuses to delete a discount trips used', async () => {
    const used = await count(
      `select discount_id n from trips where discount_id is not null and status = 'completed' group by 1 order by count(*) desc limit 1`,
    );
    const total = await count(
      `select coalesce(sum(fare_discount), 0) n from trips where discount_id = $1 and status = 'completed'`,
      used,
    );
    expect((await one('discounts', used)).discountedTotal).toBeCloseTo(total, 2);
    const res = await t.call('DELETE', `/api/trip/discounts/${used}`, { token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^This discount was used on \d+ trips, so it stays on record\. Deactivate it instead\.$/,
    );
    expect((await one('discounts', used)).id).toBe(used);
    const unused = (await post('discounts', body())).json() as Row;
    expect((await t.call('DELETE', `/api/trip/discounts/${unused.id}`, { token: admin })).statusCode).toBe(200);
  });
});

describe('payment gateways: configured or not, and secrets that never leave the server', () => {
  it('says which required settings are missing, from the provider’s keys', async () => {
    const all = await rows('payment-gateways', { sort: ['name', 'ASC'] });
    for (const g of all) expect(g.configured).toBe(g.missingSettings.length === 0);
    expect(all.find((g) => g.provider === 'mpesa')).toMatchObject({ configured: true, missingSettings: [] });
    const created = await post('payment-gateways', {
      name: 'Cellulant pilot',
      provider: 'cellulant',
      publicSettings: { serviceCode: '' },
      // An empty secret is no secret: it is not stored, so "missing" reads key presence alone.
      secretSettings: { accessKey: 'ak_1234567890', secretKey: '' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ configured: false, missingSettings: ['serviceCode', 'secretKey'] });
    const storedKeys = async () =>
      Object.keys(
        (
          await t.db
            .selectFrom('paymentGateways')
            .select('secretSettings')
            .where('id', '=', created.json().id as number)
            .executeTakeFirstOrThrow()
        ).secretSettings as object,
      );
    expect(await storedKeys()).toEqual(['accessKey']);
    const fixed = await put(`payment-gateways/${created.json().id}`, {
      publicSettings: { serviceCode: 'RIDE01' },
      secretSettings: { secretKey: 'cs_live_secret_42' },
    });
    expect(fixed.json()).toMatchObject({ configured: true, missingSettings: [] });
    // Emptying a secret clears it, and the gateway says so.
    const emptied = await put(`payment-gateways/${created.json().id}`, { secretSettings: { accessKey: '' } });
    expect(emptied.json()).toMatchObject({ configured: false, missingSettings: ['accessKey'] });
    expect(await storedKeys()).toEqual(['secretKey']);
    await put(`payment-gateways/${created.json().id}`, { secretSettings: { accessKey: 'ak_0987654321' } });
    expect((await rows('payment-gateways', { filter: { configured: false } })).map((g) => g.name)).not.toContain(
      'Cellulant pilot',
    );
  });

  it.each([
    ['an empty name', { name: '' }, { name: 'Name is required' }],
    ['an unknown mode', { mode: 'production' }, { mode: 'Mode must be one of: test, live' }],
    [
      'a number as a secret',
      { secretSettings: { secretKey: 42 } },
      {
        secretSettings:
          'Secret settings must be an object of text (or null to clear) values with names such as consumerKey',
      },
    ],
    [
      'a list as public settings',
      { publicSettings: ['pk_live_x'] },
      {
        publicSettings:
          'Public settings must be an object of text, number or true/false values with names such as consumerKey',
      },
    ],
  ])('refuses %s in an update with a field error and changes nothing', async (_, change, errors) => {
    const stripe = (await rows('payment-gateways', { filter: { provider: 'stripe' } }))[0];
    const stored = () =>
      t.db
        .selectFrom('paymentGateways')
        .selectAll()
        .where('id', '=', stripe.id as number)
        .executeTakeFirstOrThrow();
    const before = await stored();
    const res = await put(`payment-gateways/${stripe.id}`, { mode: 'live', ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual(errors);
    expect(await stored()).toEqual(before);
  });

  it('keeps a written secret out of every answer, the audit log, the export and the log lines', async () => {
    const lines: string[] = [];
    const logged = await startApp({ logLevel: 'trace' });
    // Capture every line the app logs from here on (pino writes them to its destination stream).
    const streamKey = Object.getOwnPropertySymbols(logged.app.log).find((k) => k.description === 'pino.stream')!;
    const stream = (logged.app.log as unknown as Record<symbol, { write: (line: string) => boolean }>)[streamKey];
    const write = stream.write.bind(stream);
    stream.write = (line: string) => {
      lines.push(line);
      return write(line);
    };
    try {
      const token = await logged.login();
      const SECRET = 'sk_live_NEVER_SHOW_ME_8842';
      const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
        logged.call(method, `/api/trip/${path}`, { token, body });
      const created = await call('POST', 'payment-gateways', {
        name: 'Stripe live',
        provider: 'stripe',
        publicSettings: { publishableKey: 'pk_live_visible' },
        // A short secret (a PIN) would be given away whole by its last 4 characters: it shows as •••• alone.
        secretSettings: {
          secretKey: SECRET,
          webhookSecret: 'whsec_ALSO_SECRET_1234',
          pin: 'qZx7',
          shortKey: 'Kp3_vW9-mQ',
        },
      });
      const id = created.json().id as number;
      expect(created.json().secretSettings).toMatchObject({ pin: '••••', shortKey: '••••' });
      const answers = [
        created.body,
        (
          await call('PUT', `payment-gateways/${id}`, {
            mode: 'live',
            secretSettings: { webhookSecret: 'whsec_NEW_SECRET_5678' },
          })
        ).body,
        (await call('GET', `payment-gateways/${id}`)).body,
        (await call('GET', 'payment-gateways')).body,
        (await call('GET', 'payment-gateways/export?format=csv')).body,
        JSON.stringify(
          await logged.db.selectFrom('auditLogs').selectAll().where('resource', '=', 'payment-gateways').execute(),
        ),
        // The audit log as staff read and export it.
        (
          await logged.call('GET', '/api/user/audit-logs', {
            token,
            query: listQuery({ filter: { resource: 'payment-gateways' } }),
          })
        ).body,
        (await logged.call('GET', '/api/user/audit-logs/export?format=csv', { token })).body,
        lines.join('\n'),
      ];
      expect(answers[1]).toContain('••••5678');
      // The log lines were captured (every request is logged at this level).
      expect(lines.some((l) => l.includes('payment-gateways'))).toBe(true);
      for (const text of answers)
        for (const secret of [
          SECRET,
          'whsec_ALSO_SECRET_1234',
          'whsec_NEW_SECRET_5678',
          'NEVER_SHOW',
          'NEW_SECRET',
          'qZx7',
          'vW9-mQ',
        ])
          expect(text).not.toContain(secret);
      // The mask sent back as it was shown keeps the short secret.
      const kept = await call('PUT', `payment-gateways/${id}`, { secretSettings: { pin: '••••' } });
      expect(kept.statusCode, kept.body).toBe(200);
      // The secrets are stored, and the switch to live is in the audit log.
      const stored = await logged.db
        .selectFrom('paymentGateways')
        .select('secretSettings')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored.secretSettings).toEqual({
        secretKey: SECRET,
        webhookSecret: 'whsec_NEW_SECRET_5678',
        pin: 'qZx7',
        shortKey: 'Kp3_vW9-mQ',
      });
      const audit = await logged.db
        .selectFrom('auditLogs')
        .select(['before', 'after'])
        .where('resource', '=', 'payment-gateways')
        .where('recordId', '=', String(id))
        .where('action', '=', 'update')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ before: { mode: 'test' }, after: { mode: 'live' } });
    } finally {
      await logged.close();
    }
  });
});
