import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRow } from '../../server/rest/csv.js';
import { parseIdList } from '../../server/rest/engine.js';
import { parseCsv } from './support/parseCsv.js';
import { EXPORT_BATCH } from '../../server/rest/csvBatches.js';
import { exportColumns, exportHeader } from '../../server/rest/exportColumns.js';
import { trips } from '../../server/trip/trips/resource.js';
import { DISPATCHER, listQuery, startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

/** An instant as the city's clock shows it, to the minute: Nairobi is UTC+3 all year. */
const nairobi = (iso: string) => new Date(Date.parse(iso) + 3 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** The machine form (`codes=raw`): English field names and stored codes, what these tests compare with the database. */
const exportOf = (resource: string, q: { filter?: object; sort?: [string, string] }, token = admin, extra = {}) =>
  t.call('GET', `/api/trip/${resource}/export`, {
    token,
    query: { format: 'csv', codes: 'raw', ...listQuery(q), ...extra },
  });

describe('GET /<res>/export?format=csv', () => {
  it('streams every row of a filtered set, past the list cap and across batches, in the sort order', async () => {
    const vehicleTypeId = (
      await t.db
        .selectFrom('trips')
        .select(['vehicleTypeId', sql<number>`count(*)::int`.as('n')])
        .where('status', '=', 'completed')
        .groupBy('vehicleTypeId')
        .orderBy('n', 'desc')
        .executeTakeFirstOrThrow()
    ).vehicleTypeId;
    const expected = await t.db
      .selectFrom('trips')
      .select(['id', 'fareTotal'])
      .where('status', '=', 'completed')
      .where('vehicleTypeId', '=', vehicleTypeId)
      .orderBy('fareTotal', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(expected.length).toBeGreaterThan(EXPORT_BATCH * 2);
    const res = await exportOf('trips', {
      filter: { status: 'completed', vehicleTypeId },
      sort: ['fareTotal', 'DESC'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=trips-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header.slice(0, 4)).toEqual(['ID', 'Passenger ID', 'Driver ID', 'Vehicle type ID']);
    expect(header).toContain('Requested at (Nairobi time)');
    expect(header).toContain('Driver name');
    expect(header).not.toContain('Route polyline');
    expect(rows.map((r) => Number(r[0]))).toEqual(expected.map((e) => e.id));
    const fare = header.indexOf('Fare total (KES)');
    expect(rows.map((r) => r[fare])).toEqual(expected.map((e) => e.fareTotal.toFixed(2)));
    const requested = rows[0][header.indexOf('Requested at (Nairobi time)')];
    expect(requested).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('writes every cell as the list shows it, names of passengers, drivers, vehicle types and bookers included', async () => {
    const sort: [string, string] = ['requestedAt', 'DESC'];
    const list = await t.call('GET', '/api/trip/trips', { token: admin, query: listQuery({ sort, range: [0, 499] }) });
    const records = list.json() as Record<string, unknown>[];
    const res = await exportOf('trips', { sort });
    const [header, ...rows] = parseCsv(res.body);
    const columns = exportColumns(trips);
    expect(header).toEqual(exportHeader(trips, columns));
    expect(rows.length).toBeGreaterThan(records.length);
    const cell = (column: string, value: unknown) => {
      if (value === null) return '';
      if (trips.fields[column]?.type === 'timestamp') return nairobi(value as string);
      if (trips.fields[column]?.format === 'money') return (value as number).toFixed(2);
      return parseCsv(csvRow([value]))[0][0];
    };
    for (const [i, record] of records.entries())
      expect(Object.fromEntries(columns.map((c, k) => [c, rows[i][k]]))).toEqual(
        Object.fromEntries(columns.map((c) => [c, cell(c, record[c])])),
      );
    const named = (field: string) => records.filter((r) => r[field] !== null).length;
    // The sample holds trips with and without a driver and a booker, so both kinds of cell are compared.
    expect(named('driverName')).toBeGreaterThan(0);
    expect(named('driverName')).toBeLessThan(records.length);
    expect(named('passengerName')).toBe(records.length);
    expect(named('vehicleTypeName')).toBe(records.length);
  });

  it('pages a sort no index starts with (ids sorted once, then rows by id): ties by id, every row once', async () => {
    const expected = await sql<{ id: number }>`select id from trips order by duration_min asc, id asc`.execute(t.db);
    expect(expected.rows.length).toBeGreaterThan(EXPORT_BATCH * 2);
    const res = await exportOf('trips', { sort: ['durationMin', 'ASC'] });
    const ids = parseCsv(res.body)
      .slice(1)
      .map((r) => Number(r[0]));
    expect(ids).toEqual(expected.rows.map((r) => r.id));
    expect(parseIdList('')).toEqual([]);
    expect(parseIdList('7,12,3')).toEqual([7, 12, 3]);
  });

  it('orders rows without a sort value as PostgreSQL does: last ascending, first descending', async () => {
    const since = new Date(Date.now() - 3 * 86400_000).toISOString();
    for (const order of ['ASC', 'DESC'] as const) {
      const expected = await sql<{ id: number }>`select id from trips where requested_at >= ${since}
        order by driver_id ${sql.raw(order)}, id ${sql.raw(order)}`.execute(t.db);
      expect(expected.rows.some((r, i) => i > 0 && r.id < expected.rows[i - 1].id)).toBe(true);
      const res = await exportOf('trips', { filter: { requestedAt_gte: since }, sort: ['driverId', order] });
      const ids = parseCsv(res.body)
        .slice(1)
        .map((r) => Number(r[0]));
      expect(ids).toEqual(expected.rows.map((r) => r.id));
    }
  });

  it("writes a trip's times on the city's clock and its money with the currency and two decimals", async () => {
    const trip = await t.db
      .selectFrom('trips')
      .select(['id', 'requestedAt', 'fareTotal', 'commission'])
      .where('status', '=', 'completed')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // 21:30 UTC is already the next day in Nairobi; a whole fare keeps its two decimals.
    await t.db
      .updateTable('trips')
      .set({ requestedAt: new Date('2026-03-04T21:30:00Z'), fareTotal: 1250, commission: 187.5 })
      .where('id', '=', trip.id)
      .execute();
    try {
      const res = await exportOf('trips', { filter: { q: String(trip.id) } });
      // `q` is a trip number or address text: pick the trip's own row.
      const [header, ...rows] = parseCsv(res.body);
      const row = rows.find((r) => Number(r[0]) === trip.id)!;
      expect(row).toBeDefined();
      const at = (name: string) => row[header.indexOf(name)];
      expect(at('Requested at (Nairobi time)')).toBe('2026-03-05 00:30');
      expect(at('Fare total (KES)')).toBe('1250.00');
      expect(at('Commission (KES)')).toBe('187.50');
      expect(res.body).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    } finally {
      await t.db
        .updateTable('trips')
        .set({ requestedAt: trip.requestedAt, fareTotal: trip.fareTotal, commission: trip.commission })
        .where('id', '=', trip.id)
        .execute();
    }
  });

  it('writes a negative balance as a number a spreadsheet reads, not as guarded text', async () => {
    const res = await exportOf('driver-transactions', { filter: { amount_lte: -0.01 } });
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toContain('Amount (KES)');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row[header.indexOf('Amount (KES)')]).toMatch(/^-\d+\.\d{2}$/);
  });

  it('masks secrets exactly as the list does and quotes text cells', async () => {
    const list = (await t.call('GET', '/api/trip/payment-gateways', { token: admin, query: listQuery({}) })).json();
    const res = await exportOf('payment-gateways', {});
    const [header, ...rows] = parseCsv(res.body);
    const secret = header.indexOf('Secret settings');
    expect(rows).toHaveLength(list.length);
    for (const [i, g] of list.entries()) {
      expect(rows[i][secret]).toBe(JSON.stringify(g.secretSettings));
      expect(rows[i][secret]).not.toBe('{}');
    }
    expect(res.body).not.toMatch(/"secretSettings"/);
    const stored = await t.db.selectFrom('paymentGateways').select('secretSettings').executeTakeFirstOrThrow();
    const clear = Object.values(stored.secretSettings as Record<string, string>)[0];
    expect(res.body).not.toContain(clear);
  });

  it('applies the list permission and answers 400 to a bad filter, sort or format', async () => {
    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    const denied = await exportOf('driver-transactions', {}, dispatcher);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Missing permission view-Driver');
    expect((await exportOf('trips', { filter: { status: 'flying' } })).json()).toEqual({
      message: expect.stringMatching(/^Filter "status" must be one of: requested/),
      code: 'oneOf',
      params: { label: 'Filter "status"', values: expect.stringMatching(/^requested, accepted/) },
    });
    expect((await exportOf('trips', { filter: { nope: 1 } })).statusCode).toBe(400);
    expect((await exportOf('trips', { sort: ['pickupAddress', 'ASC'] })).json().message).toBe(
      'Cannot sort by "pickupAddress"',
    );
    const xlsx = await exportOf('trips', {}, admin, { format: 'xlsx' });
    expect(xlsx.statusCode).toBe(400);
    expect(xlsx.json().message).toBe('Query parameter "format" must be csv');
    expect((await t.call('GET', '/api/trip/trips/export')).statusCode).toBe(401);
  });
});
