import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, startApp, type TestApp } from './harness.js';

/**
 * The product's own plain resources carry their field rules in their declarations, as a generated
 * resource does: a duplicate answers 409 naming the field, a broken rule 400 naming the field, and
 * nothing is written (no row, no audit row); OpenAPI and the table's checks say the same rules.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

type Body = Record<string, unknown>;

interface Case {
  resource: string;
  table: string;
  /** A record the seed has, and the field whose value another record may not share. */
  existing: Body;
  unique: string;
  /** A new record with the taken value (in another case where the rule ignores case). */
  duplicate: Body;
  /** A new record that breaks one rule of the declaration, the field it names and its message. */
  broken: Body;
  brokenField: string;
  brokenMessage: string;
}

const CASES: Case[] = [
  {
    resource: 'vehicle-types',
    table: 'vehicle_types',
    existing: { name: 'Comfort' },
    unique: 'name',
    duplicate: { name: 'COMFORT', seats: 4, baseFare: 100, pricePerKm: 30, pricePerMinute: 3, minimumFare: 200 },
    broken: { name: 'Minibus', seats: 21, baseFare: 100, pricePerKm: 30, pricePerMinute: 3, minimumFare: 200 },
    brokenField: 'seats',
    brokenMessage: 'Seats must be at most 20',
  },
  {
    resource: 'sos-contacts',
    table: 'sos_contacts',
    existing: { name: 'National Police Service' },
    unique: 'name',
    duplicate: { name: 'national police service', phone: '112' },
    broken: { name: 'Fire brigade', phone: '993', description: 'x'.repeat(301) },
    brokenField: 'description',
    brokenMessage: 'Description must be at most 300 characters',
  },
  {
    resource: 'payment-gateways',
    table: 'payment_gateways',
    existing: { name: 'M-Pesa (Daraja)' },
    unique: 'name',
    duplicate: { name: 'm-pesa (daraja)', provider: 'mpesa' },
    broken: { name: 'P'.repeat(61), provider: 'stripe' },
    brokenField: 'name',
    brokenMessage: 'Name must be at most 60 characters',
  },
  {
    resource: 'discounts',
    table: 'discounts',
    existing: { code: 'KARIBU' },
    unique: 'code',
    duplicate: { code: 'karibu', name: 'Welcome again', kind: 'fixed', value: 50 },
    broken: { code: 'MANY', name: 'Many uses', kind: 'fixed', value: 50, usageLimit: 10_000_001 },
    brokenField: 'usageLimit',
    brokenMessage: 'Usage limit must be at most 10,000,000',
  },
];

const count = async (table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.db)).rows[0]!.n;
const audits = async (resource: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from audit_logs where resource = ${resource}`.execute(t.db))
    .rows[0]!.n;
const written = async (c: Case) => ({ rows: await count(c.table), audits: await audits(c.resource) });

describe.each(CASES)('$resource: the declaration’s rules', (c) => {
  it('answers a duplicate with 409 naming the field, on create and on update, and writes nothing', async () => {
    const before = await written(c);
    const dup = await t.call('POST', `/api/trip/${c.resource}`, { token: admin, body: c.duplicate });
    expect(dup.statusCode, dup.body).toBe(409);
    expect(dup.json().errors).toEqual({ [c.unique]: `This ${c.unique} is already in use` });
    expect(await written(c)).toEqual(before);

    const list = await t.call('GET', `/api/trip/${c.resource}`, {
      token: admin,
      query: listQuery({ range: [0, 99], sort: ['id', 'ASC'] }),
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json() as Body[];
    const taken = rows.find((r) => r[c.unique] === c.existing[c.unique])!;
    const other = rows.find((r) => r.id !== taken.id)!;
    const clash = await t.call('PUT', `/api/trip/${c.resource}/${String(other.id)}`, {
      token: admin,
      body: { [c.unique]: c.duplicate[c.unique] },
    });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(Object.keys(clash.json().errors as Body)).toEqual([c.unique]);
    const after = await t.call('GET', `/api/trip/${c.resource}/${String(other.id)}`, { token: admin });
    expect(after.json()).toEqual(other);
    expect(await written(c)).toEqual(before);
  });

  it('answers a broken rule with 400 naming the field, and writes nothing', async () => {
    const before = await written(c);
    const res = await t.call('POST', `/api/trip/${c.resource}`, { token: admin, body: c.broken });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ [c.brokenField]: c.brokenMessage });
    expect(await written(c)).toEqual(before);
  });

  it('has the rule in the table too: a row written past the service breaks its check', async () => {
    const column = c.brokenField.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`);
    const value = c.broken[c.brokenField] as string | number;
    await expect(
      sql`update ${sql.table(c.table)} set ${sql.ref(column)} = ${value}`.execute(t.db.withoutPlugins()),
    ).rejects.toThrow(new RegExp(`${c.table}_${column}_check`));
  });
});

describe('OpenAPI documents the declared rules of the product’s own resources', () => {
  it('gives each write body the bounds, lengths, patterns and defaults of its declaration', async () => {
    const docs = (await t.call('GET', '/api/docs/json')).json() as {
      paths: Record<string, { post?: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    };
    const body = (path: string) =>
      (
        docs.paths[path]!.post!.requestBody.content['application/json']!.schema as {
          properties: Record<string, Record<string, unknown>>;
        }
      ).properties;
    expect(body('/api/trip/vehicle-types').seats).toMatchObject({ type: 'integer', minimum: 1, maximum: 20 });
    expect(body('/api/trip/vehicle-types').name).toMatchObject({ type: 'string', maxLength: 40 });
    expect(body('/api/trip/sos-contacts').description).toMatchObject({ maxLength: 300 });
    expect(body('/api/trip/payment-gateways').mode).toMatchObject({ enum: ['test', 'live'], default: 'test' });
    expect(body('/api/trip/discounts').code).toMatchObject({ pattern: '^[A-Za-z0-9_-]{3,30}$', maxLength: 30 });
    expect(body('/api/trip/discounts').value).toMatchObject({ exclusiveMinimum: 0, maximum: 10_000_000 });
    expect(body('/api/trip/discounts').usageLimit).toMatchObject({ type: 'integer', minimum: 1, maximum: 10_000_000 });
  });
});
