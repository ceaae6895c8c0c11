import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyExport } from '../../server/rest/copyExport.js';
import { csvBatches } from '../../server/rest/csvBatches.js';
import { exportColumns } from '../../server/rest/exportColumns.js';
import { exportWords, type ExportLanguage } from '../../server/rest/exportWords.js';
import { ResourceEngine } from '../../server/rest/engine.js';
import { parseListQuery } from '../../server/rest/query.js';
import type { ResourceDeclaration } from '../../server/rest/declaration.js';
import { DECLARATIONS } from '../../server/resources.js';
import { trips } from '../../server/trip/trips/resource.js';
import { drivers } from '../../server/user/drivers/resource.js';
import { driverTransactions } from '../../server/trip/transactions/resource.js';
import { jsNumberSql } from '../../server/rest/csvSql.js';
import { PASS_ON_BYTES } from '../../server/db/copy.js';
import { listQuery, startApp, type TestApp } from './harness.js';

/**
 * The COPY path of exports (PostgreSQL writes the lines, copyExport.ts) against the JS
 * path (`csvBatches`) on the same database: the same bytes. Runs under `npm run test:pg`.
 */
if (!process.env.DATABASE_URL) throw new Error('exportCopy.pg.test.ts needs DATABASE_URL (npm run test:pg)');

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  // Text a spreadsheet would run or a CSV reader would split: the guard and the quoting must match.
  await sql`update trips set pickup_address = '=HYPERLINK("http://x.example"),pwn',
      dropoff_address = E'Two\\r\\nlines, "quoted"', driver_note = '-5 minutes late',
      cancellation_reason = E'\\tTabbed', discount_code = '@SUM(A1)'
    where id = (select min(id) from trips)`.execute(t.db);
  await sql`update trips set pickup_address = '+254 700', dropoff_address = '-12.50', driver_note = '',
      cancellation_reason = E'\\rCR', discount_code = '-'
    where id = (select max(id) from trips)`.execute(t.db);
  // Past the guard's first test (a first character above '@'): passed on as it is, quoted when it must be.
  await sql`update trips set pickup_address = 'Évry, "centre"', driver_note = '|pipe', discount_code = '~A1'
    where id = (select id from trips order by id offset 2 limit 1)`.execute(t.db);
  await sql`update passengers set first_name = '"Quoted, Name"', last_name = '=1+1'
    where id = (select passenger_id from trips order by id limit 1)`.execute(t.db);
  await sql`update drivers set first_name = E'Multi\\nline', last_name = '@home'
    where id = (select min(id) from drivers)`.execute(t.db);
  await sql`update driver_transactions set note = '=cmd|'' /C calc''!A0'
    where id = (select min(id) from driver_transactions)`.execute(t.db);
});
afterAll(() => t?.close());

const collect = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

/** Both paths' output for one list query. */
async function bothPaths(
  d: ResourceDeclaration,
  query: { filter?: object; sort?: [string, string] },
  language: ExportLanguage = 'raw',
) {
  const engine = new ResourceEngine(d, t.app.services);
  const q = parseListQuery(d, listQuery(query));
  const columns = exportColumns(d);
  const words = await exportWords(d, columns, language);
  let js = '';
  for await (const text of csvBatches(engine, d, q, columns, words)) js += text;
  const copied = await copyExport(engine, d, q, false, language, words);
  return { js, copy: copied && (await collect(copied)), columns };
}

/** Columns counted from now(): they may tick a second between the two paths' statements. */
const TICKING = new Set(['slaLeftSeconds']);

/**
 * A column counted from now() (issues' slaLeftSeconds: floor(due − now())) ticks between the two
 * paths' statements, a few milliseconds apart: in such a column, a cell of `copy` one less than the
 * same cell of `js` is taken as js's. Every other byte must be the same.
 */
function sameSecond(copy: string, js: string, columns: readonly string[]): string {
  const jsLines = js.split('\r\n');
  return copy
    .split('\r\n')
    .map((line, i) => {
      const other = jsLines[i];
      if (other === undefined || line === other) return line;
      const a = line.split(',');
      const b = other.split(',');
      if (a.length !== b.length) return line;
      return a
        .map((cell, k) =>
          TICKING.has(columns[k]) && /^-?\d+$/.test(cell) && Number(b[k]) - Number(cell) === 1 ? b[k] : cell,
        )
        .join(',');
    })
    .join('\r\n');
}

describe('CSV export through COPY on PostgreSQL', () => {
  it.each([
    ['trips, default sort (keyset on an index)', trips, {}],
    [
      'trips, an unindexed sort with a filter (ids first on the JS path)',
      trips,
      { filter: { status: 'completed' }, sort: ['fareTotal', 'ASC'] },
    ],
    [
      'trips, a sort with nulls, descending, by a list of statuses',
      trips,
      { filter: { status: ['completed', 'requested', 'cancelled_by_passenger'] }, sort: ['driverId', 'DESC'] },
    ],
    ['trips, a computed name sort and a text search', trips, { filter: { q: 'a' }, sort: ['passengerId', 'ASC'] }],
    ['drivers', drivers, {}],
    ['driver transactions, negative amounts', driverTransactions, { filter: { amount_lte: -0.01 } }],
    ['driver transactions, all', driverTransactions, { sort: ['createdAt', 'ASC'] }],
  ] as const)('writes the same bytes as the JS path: %s', async (_, d, query) => {
    const { js, copy } = await bothPaths(d as ResourceDeclaration, query as never);
    expect(copy).toBeDefined();
    expect(js.split('\r\n').length).toBeGreaterThan(2);
    expect(copy).toBe(js);
  });

  it.each(['sw', 'fr', 'en'] as const)(
    'writes the same bytes as the JS path in a language (headers and enum labels): %s',
    async (language) => {
      const { js, copy } = await bothPaths(trips, { sort: ['fareTotal', 'ASC'] }, language);
      expect(copy).toBeDefined();
      expect(copy).toBe(js);
      if (language === 'sw') expect(copy).toContain(',Imekamilika,');
    },
  );

  it('guards and quotes the tricky cells as the JS path does (and the fixtures are in the export)', async () => {
    const { copy } = await bothPaths(trips, { sort: ['id', 'ASC'] });
    const first = copy!;
    expect(first).toContain(`"'=HYPERLINK(""http://x.example""),pwn"`);
    expect(first).toContain('"Two\r\nlines, ""quoted"""');
    expect(first).toContain(`"""Quoted, Name"" =1+1"`);
    expect(first).toContain(`'@SUM(A1)`);
    expect(first).toContain(`'\tTabbed`);
    expect(first).toContain(`'-5 minutes late`);
    const last = copy!;
    expect(last).toContain(`,'+254 700,`);
    expect(last).toContain(`,-12.50,`);
    expect(last).toContain(`"'\rCR"`);
    expect(first).toContain(`,"Évry, ""centre""",`);
    expect(first).toContain(`,|pipe,`);
    expect(first).toContain(`,~A1,`);
  });

  it('inlines filter values as literals that cannot break out of the statement', async () => {
    await sql`update trips set dropoff_address = 'O''Brien Road'' or true --' where id = (select min(id) + 1 from trips)`.execute(
      t.db,
    );
    for (const q of ["O'Brien\\ Road' or true --", "' or true --", '\\']) {
      const { js, copy } = await bothPaths(trips, { filter: { q } });
      expect(copy).toBeDefined();
      expect(copy).toBe(js);
    }
    const { copy } = await bothPaths(trips, { filter: { q: "O'Brien Road' or true --" } });
    expect(copy!.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('leaves to the JS path a resource whose cells SQL does not write (JSON, a secret in JSON), with the same answer', async () => {
    const gateways = DECLARATIONS.find((d) => d.name === 'payment-gateways')!;
    const { js, copy } = await bothPaths(gateways, {});
    expect(copy).toBeUndefined();
    expect(js).toContain('••••');
  });

  it('writes every resource either through COPY with the same bytes or through the JS path', async () => {
    for (const d of DECLARATIONS) {
      const { js, copy, columns } = await bothPaths(d, {});
      if (copy !== undefined)
        expect({ resource: d.name, csv: sameSecond(copy, js, columns) }).toEqual({ resource: d.name, csv: js });
    }
  });

  it('prints doubles as JavaScript does, across its exponent thresholds', async () => {
    const values = [
      0,
      -0,
      1,
      -1.5,
      0.1,
      36.821946,
      -1.292066,
      1e-4,
      9.99e-5,
      1.5e-5,
      1e-6,
      1.23e-7,
      5e-324,
      1e15,
      1.234567890123456e15,
      123456789012345680,
      1e20,
      1e21,
      1.7976931348623157e308,
      2 ** 53 + 2,
      0.30000000000000004,
      -7.25e-6,
      -3e16,
    ];
    const { rows } = await sql<{ text: string }>`select ${sql.raw(jsNumberSql('v'))} as text
      from unnest(${sql.raw(`array[${values.map((v) => `'${v}'::float8`).join(', ')}]`)}) with ordinality as u(v, n) order by n`.execute(
      t.db,
    );
    expect(rows.map((r) => r.text)).toEqual(values.map((v) => String(v)));
  });

  it("passes PostgreSQL's lines on in pieces of 256 kB or more, and a slow statement's first lines without waiting for more", async () => {
    const bulk = new ResourceEngine(trips, t.app.services).bulkReader()!;
    // PostgreSQL writes its output 8 kB at a time; each piece passed on would be an HTTP write.
    const sizes: number[] = [];
    for await (const chunk of bulk.copyCsv(`select g, repeat('x', 100) from generate_series(1, 20000) g`))
      sizes.push((chunk as Buffer).length);
    const lineBytes = (n: number) => String(n).length + 1 + 100 + 2;
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(
      Array.from({ length: 20000 }, (_, i) => lineBytes(i + 1)).reduce((a, b) => a + b),
    );
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.slice(0, -1).every((size) => size >= PASS_ON_BYTES)).toBe(true);

    // About 20 kB of lines (PostgreSQL sends what fills its buffer), then a 3-second wait.
    const slow = bulk.copyCsv(
      `select g, case when g = 200 then pg_sleep(3)::text else repeat('y', 100) end from generate_series(1, 200) g`,
    );
    const started = Date.now();
    const first = await new Promise<Buffer>((resolve, reject) => slow.once('data', resolve).once('error', reject));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(first.toString('utf8')).toMatch(/^1,y{100}\r\n2,/);
    slow.destroy();
  });

  it('stops the statement and frees its connection when the client goes away mid-download', async () => {
    // Enough rows that the file cannot sit whole in the sockets' buffers: the server is still writing.
    await sql`insert into trips (passenger_id, driver_id, vehicle_type_id, status, pickup_address, pickup_lat, pickup_lng,
        dropoff_address, dropoff_lat, dropoff_lng, requested_at, distance_km, duration_min, fare_base, fare_distance,
        fare_time, fare_total, payment_method)
      select passenger_id, null, vehicle_type_id, 'cancelled_by_passenger', pickup_address || ' ' || g, pickup_lat, pickup_lng,
        dropoff_address, dropoff_lat, dropoff_lng, requested_at - make_interval(days => g), distance_km, duration_min,
        fare_base, fare_distance, fare_time, fare_total, payment_method
      from trips, generate_series(1, 8) g where trips.status <> 'cancelled_by_passenger'`.execute(t.db);
    const copies = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active' and query ilike 'copy (%'`.execute(t.db)
      ).rows[0].n;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const path = `/api/trip/trips/export?format=csv&sort=${encodeURIComponent('["fareTotal","DESC"]')}`;
    // More aborted downloads than the pool has connections (5): a leaked one would starve the last request.
    for (let round = 0; round < 7; round++) {
      const got = await new Promise<number>((resolve, reject) => {
        const req = http.get(
          `http://127.0.0.1:${port}${path}`,
          { headers: { authorization: `Bearer ${admin}` } },
          (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              if (bytes > 256 * 1024) {
                req.destroy();
                resolve(bytes);
              }
            });
            res.on('end', () => reject(new Error(`the whole export (${bytes} bytes) arrived before the abort`)));
          },
        );
        req.on('error', () => undefined);
      });
      expect(got).toBeGreaterThan(256 * 1024);
      await expect.poll(copies, { timeout: 5000, interval: 100 }).toBe(0);
    }
    const whole = await t.call('GET', '/api/trip/trips/export', {
      token: admin,
      query: { format: 'csv', filter: JSON.stringify({ status: 'completed' }) },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.body.split('\r\n').length).toBeGreaterThan(100);
  });
});
