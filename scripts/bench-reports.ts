/**
 * Times every dashboard and report query over six months, and checks the trip rollups against
 * the trips table: `npm run bench:reports [-- --iterations 30 --sample-days 12]`.
 *
 * Runs on the database of DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), normally one filled by
 * `npm run seed:scale -- --trips 1000000`. Each query goes through buildApp + inject (routing,
 * auth, parsing, SQL, serialization) as the Super Admin. Targets (issue 15): p95 ≤ 100 ms on
 * PostgreSQL, ≤ 300 ms on PGlite. The rollup check compares a sample of days spread over the data
 * (plus the first and last) with a GROUP BY over trips and exits 1 on any difference.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/index.js';
import { lockDataDir } from '../server/db/lock.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts.js';
import { rollupDifferences } from '../server/trip/queries/rollupCheck.js';

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    'sample-days': { type: 'string', default: '12' },
  },
});
const ITERATIONS = Number(values.iterations);
const WARMUP = Number(values.warmup);
const SAMPLE = Number(values['sample-days']);

const base = loadConfig();
const config = { ...base, logLevel: 'warn', staticDir: undefined, rateLimits: { ...base.rateLimits, global: 0 } };
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir!);
const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
const target = config.databaseUrl ? 100 : 300;
let failed = false;

try {
  await migrateToLatest(handle.db);
  const { n } = await handle.db
    .selectFrom('trips')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const { first, last } = await handle.db
    .selectFrom(sql`trip_daily`.as('d'))
    .select([sql<string>`min(day)::text`.as('first'), sql<string>`max(day)::text`.as('last')])
    .executeTakeFirstOrThrow();
  console.log(`[bench:reports] ${where}: ${n} trips, days ${first} … ${last}`);

  // 1. The rollups agree with the trips table on a sample of days.
  const span = (Date.parse(last) - Date.parse(first)) / 86_400_000;
  const days = new Set([first, last]);
  for (let k = 1; k <= SAMPLE; k++)
    days.add(
      new Date(Date.parse(first) + Math.round((span * k) / (SAMPLE + 1)) * 86_400_000).toISOString().slice(0, 10),
    );
  let checked = 0;
  const t0 = Date.now();
  for (const day of [...days].sort()) {
    const diff = await rollupDifferences(handle.db, day, day);
    checked++;
    if (diff.length) {
      failed = true;
      console.error(`[bench:reports] ROLLUP MISMATCH on ${day}: ${diff.length} rows differ`);
      for (const line of diff.slice(0, 10)) console.error(`  ${line}`);
    }
  }
  console.log(
    `[bench:reports] rollup check: ${checked} days, ${failed ? 'DIFFERENCES FOUND' : 'exact'} (${Date.now() - t0} ms)`,
  );

  // 2. Every dashboard and report query over six months.
  const app = await buildApp(config, { db: handle });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password },
  });
  const token = login.json().data.accessToken as string;
  const to = last;
  const from = new Date(Date.parse(last) - 182 * 86_400_000).toISOString().slice(0, 10);
  const six = { from, to };
  const cases: [string, Record<string, string>][] = [
    ['dashboard/kpis', six],
    ['dashboard/kpis', { preset: 'today' }],
    ['dashboard/live', {}],
    ['dashboard/daily-trips', six],
    ['dashboard/trips-by-vehicle-type', six],
    ['dashboard/demand-heatmap', six],
    ['dashboard/growth', {}],
    ['dashboard/trips-by-status', { ...six, groupBy: 'week' }],
    ['reports/revenue', { ...six, groupBy: 'day' }],
    ['reports/revenue', { ...six, groupBy: 'month', paymentMethod: 'card' }],
    ['reports/trips', six],
    // The drivers' revenue page asks for 25 drivers at a time (with the totals over all); its CSV for every driver.
    ['reports/driver-revenue', { ...six, perPage: '25' }],
    [
      'reports/driver-revenue',
      { from: `${from.slice(0, 8)}17`, to, sort: 'name', order: 'ASC', page: '3', perPage: '25' },
    ],
    ['reports/driver-revenue', six],
    ['reports/totals-by-year', {}],
  ];
  const rows: string[] = [];
  let passed = 0;
  for (const [path, query] of cases) {
    const times: number[] = [];
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      const started = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/trip/${path}`,
        query,
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      if (i >= WARMUP) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
    const ok = p(0.95) <= target;
    if (ok) passed++;
    else failed = true;
    const label = `${path}?${new URLSearchParams(query).toString()}`;
    rows.push(
      `| ${label} | ${p(0.5).toFixed(1)} | ${p(0.95).toFixed(1)} | ${times.at(-1)!.toFixed(1)} | ${ok ? 'PASS' : 'MISSED'} |`,
    );
    console.log(`[bench:reports] ${label}: p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms`);
  }
  console.log(
    `\n${where}, ${n} trips, ${ITERATIONS} runs each, six months ${from} … ${to}; target p95 ≤ ${target} ms\n`,
  );
  console.log('| query | p50 ms | p95 ms | max ms | |\n|---|---|---|---|---|');
  console.log(rows.join('\n'));
  console.log(
    `\n${passed === rows.length ? 'PASS  ' : 'MISSED'} every dashboard and report query p95 ≤ ${target} ms: ${passed} of ${rows.length}`,
  );
  await app.close();
} finally {
  await handle.close().catch(() => {});
  unlock();
}
if (failed) {
  console.error('[bench:reports] FAILED: a rollup differs from the trips table or a query is over its target');
  process.exit(1);
}
