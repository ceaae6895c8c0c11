/**
 * Times the trip list API against the same queries run bare through the
 * database driver: `npm run bench:api [-- --iterations 200]`; `-- --export-only`
 * runs only the CSV export case, `-- --encodings identity,br,gzip` chooses the
 * Accept-Encoding of its runs and `-- --export-rounds 5` how many exports each gets
 * (scripts/lib/exportBench.ts).
 *
 * Runs on the database of DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite),
 * normally one filled by `npm run seed:scale`. For each case the API call
 * goes through buildApp + inject (routing, auth, validation, the resource
 * engine, serialization); the SQL it ran is captured from the driver and
 * replayed bare, the way the engine runs it (page and count together), so
 * the difference is the API's overhead. The totals the API reports are
 * checked against count(*) once. The CSV export case runs the real server as
 * a child process and measures that process (see below).
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { principalFromToken } from '../server/auth/guard.js';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/index.js';
import { lockDataDir } from '../server/db/lock.js';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts.js';
import { ResourceEngine } from '../server/rest/engine.js';
import { trips } from '../server/trip/trips/resource.js';
import { copyStatements } from '../server/rest/copyExport.js';
import { parseListQuery } from '../server/rest/query.js';
import { benchExports, medianShare, shareOfCopy, type ExportEncoding } from './lib/exportBench.js';

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    'export-only': { type: 'boolean', default: false },
    encodings: { type: 'string', default: 'identity,br' },
    'export-rounds': { type: 'string', default: '5' },
  },
});
const ITERATIONS = Number(values.iterations);
const WARMUP = Number(values.warmup);

type Captured = { text: string; params: unknown[] };

const base = loadConfig();
const config = { ...base, logLevel: 'warn', staticDir: undefined, rateLimits: { ...base.rateLimits, global: 0 } };
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir!);
const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

// Capture what the app sends to the database.
let capture: Captured[] | null = null;
if (handle.pglite) {
  const pglite = handle.pglite;
  const query = pglite.query.bind(pglite);
  pglite.query = ((text: string, params?: unknown[], options?: unknown) => {
    capture?.push({ text, params: params ?? [] });
    return query(text, params as never, options as never);
  }) as typeof pglite.query;
} else {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (capture)
      capture.push(
        typeof first === 'string'
          ? { text: first, params: second ?? [] }
          : { text: first.text, params: first.values ?? [] },
      );
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}
const barePool = config.databaseUrl ? new pg.Pool({ connectionString: config.databaseUrl, max: 4 }) : undefined;
const bare = async (queries: Captured[]) => {
  if (barePool) await Promise.all(queries.map((q) => barePool.query(q.text, q.params)));
  else for (const q of queries) await handle.pglite!.query(q.text, q.params as never[]);
};

const app = await buildApp(config, { db: handle });
await app.ready();
// The resource engine alone: the API less HTTP, auth and serialization.
const engine = new ResourceEngine(trips, app.services);
const direct = (url: string) => {
  const u = new URL(url, 'http://x');
  const byId = u.pathname.match(/\/trips\/(\d+)$/);
  return byId ? engine.findRow(Number(byId[1])) : engine.list(Object.fromEntries(u.searchParams));
};
const login = await app.inject({
  method: 'POST',
  url: '/api/user/auth/login',
  payload: { email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password },
});
const token = login.json().data.accessToken as string;
const headers = { authorization: `Bearer ${token}` };

const {
  rows: [stats],
} = await sql<{
  n: number;
  maxId: number;
  last: Date;
}>`select count(*)::int n, max(id) max_id, max(requested_at) last from trips`.execute(handle.db);
const busyDrivers = await handle.db
  .selectFrom('trips')
  .select('driverId')
  .where('driverId', 'is not', null)
  .where(
    'id',
    'in',
    Array.from({ length: 10 }, (_, k) => Math.floor(((k + 1) * stats.maxId) / 11)),
  )
  .execute();

const q = (o: object) =>
  '?' + new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, JSON.stringify(v)])).toString();
const last = stats.last.getTime();
const DEEP_CASE = 'offset 500,000';
const DEEP_KEYSET_CASE = 'offset 500,000, keyset (next page)';
const DEEP_STATUS_CASE = 'offset 400,000 of completed trips';
// The row before offset 500,000: the cursor the panel sends for the page after it.
const deepCursor =
  stats.n > 500_025
    ? (
        await sql<{
          requestedAt: Date;
          id: number;
        }>`select requested_at, id from trips order by requested_at desc, id desc offset 499999 limit 1`.execute(
          handle.db,
        )
      ).rows[0]
    : undefined;
const cases: { name: string; urls: string[] }[] = [
  {
    name: 'first page, newest first',
    urls: [`/api/trip/trips${q({ sort: ['requestedAt', 'DESC'], range: [0, 24] })}`],
  },
  {
    name: 'filtered by status',
    urls: ['completed', 'cancelled_by_driver', 'no_driver_found'].map(
      (status) => `/api/trip/trips${q({ sort: ['requestedAt', 'DESC'], range: [0, 24], filter: { status } })}`,
    ),
  },
  {
    name: 'time range and driver',
    urls: busyDrivers.map(
      (d, k) =>
        `/api/trip/trips${q({ sort: ['requestedAt', 'DESC'], range: [0, 24], filter: { driverId: d.driverId, requestedAt_gte: new Date(last - (30 + k * 10) * 86400_000).toISOString(), requestedAt_lte: new Date(last - k * 5 * 86400_000).toISOString() } })}`,
    ),
  },
  {
    name: 'page 1,000 (rows 24,975–24,999)',
    urls: [`/api/trip/trips${q({ sort: ['requestedAt', 'DESC'], range: [24_975, 24_999] })}`],
  },
  ...(deepCursor
    ? [
        {
          name: DEEP_CASE,
          urls: [`/api/trip/trips${q({ sort: ['requestedAt', 'DESC'], range: [500_000, 500_024] })}`],
        },
        {
          name: DEEP_STATUS_CASE,
          urls: [
            `/api/trip/trips${q({ sort: ['requestedAt', 'DESC'], range: [400_000, 400_024], filter: { status: 'completed' } })}`,
          ],
        },
        {
          name: DEEP_KEYSET_CASE,
          urls: [
            `/api/trip/trips${q({ sort: ['requestedAt', 'DESC'], range: [500_000, 500_024], after: [deepCursor.requestedAt.toISOString(), deepCursor.id] })}`,
          ],
        },
      ]
    : []),
  {
    name: 'one trip by id',
    urls: Array.from({ length: 20 }, (_, k) => `/api/trip/trips/${1 + Math.floor(((k + 0.5) * stats.maxId) / 20)}`),
  },
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x: number) => x.toFixed(2).padStart(8);

console.log(
  `\nTrip API benchmark on ${handle.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL'}: ${stats.n.toLocaleString('en')} trips, ${ITERATIONS} timed calls per case`,
);
console.log(
  `${'case'.padEnd(34)} ${'API p50'.padStart(8)} ${'API p95'.padStart(8)} ${' DB p50'.padStart(8)} ${' DB p95'.padStart(8)} ${'overhead'.padStart(8)}  ratio  ${'engine'.padStart(7)} ${'session'.padStart(8)}`,
);
const results = [];
for (const c of values['export-only'] ? [] : cases) {
  // Capture the SQL of each URL (without the session lookup) and check the total.
  const replay = new Map<string, Captured[]>();
  for (const url of c.urls) {
    capture = [];
    const res = await app.inject({ method: 'GET', url, headers });
    const captured = capture;
    capture = null;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    replay.set(
      url,
      captured.filter((x) => !/from "sessions"/.test(x.text)),
    );
    const range = res.headers['content-range'];
    if (range) {
      const filter = JSON.parse(new URL(url, 'http://x').searchParams.get('filter') ?? '{}');
      const where: string[] = [];
      const params: unknown[] = [];
      for (const [k, v] of Object.entries(filter)) {
        params.push(v);
        const col = {
          status: 'status',
          driverId: 'driver_id',
          requestedAt_gte: 'requested_at',
          requestedAt_lte: 'requested_at',
        }[k]!;
        where.push(`${col} ${k.endsWith('_gte') ? '>=' : k.endsWith('_lte') ? '<=' : '='} $${params.length}`);
      }
      const exact = barePool
        ? (
            await barePool.query(
              `select count(*)::int n from trips ${where.length ? 'where ' + where.join(' and ') : ''}`,
              params,
            )
          ).rows[0].n
        : (
            await handle.pglite!.query<{ n: number }>(
              `select count(*)::int n from trips ${where.length ? 'where ' + where.join(' and ') : ''}`,
              params as never[],
            )
          ).rows[0].n;
      if (Number(String(range).split('/')[1]) !== exact)
        throw new Error(`${c.name}: Content-Range ${range} but count(*) = ${exact}`);
    }
  }
  const api: number[] = [];
  const db: number[] = [];
  const eng: number[] = [];
  const auth: number[] = [];
  for (let k = 0; k < WARMUP + ITERATIONS; k++) {
    const url = c.urls[k % c.urls.length];
    let t0 = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url, headers });
    const a = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    t0 = process.hrtime.bigint();
    await bare(replay.get(url)!);
    const b = Number(process.hrtime.bigint() - t0) / 1e6;
    t0 = process.hrtime.bigint();
    await direct(url);
    const e = Number(process.hrtime.bigint() - t0) / 1e6;
    t0 = process.hrtime.bigint();
    await principalFromToken(handle.db, app.services.tokens, token);
    const s = Number(process.hrtime.bigint() - t0) / 1e6;
    if (k >= WARMUP) {
      auth.push(s);
      api.push(a);
      db.push(b);
      eng.push(e);
    }
  }
  const [apiP50, dbP50] = [pct(api, 50), pct(db, 50)];
  const row = {
    case: c.name,
    apiP50,
    apiP95: pct(api, 95),
    dbP50,
    dbP95: pct(db, 95),
    overhead: apiP50 - dbP50,
    engineP50: pct(eng, 50),
    authP50: pct(auth, 50),
  };
  results.push(row);
  console.log(
    `${c.name.padEnd(34)} ${ms(row.apiP50)} ${ms(row.apiP95)} ${ms(row.dbP50)} ${ms(row.dbP95)} ${ms(row.overhead)}  ${(row.apiP50 / row.dbP50).toFixed(2)}× ${ms(row.engineP50)} ${ms(row.authP50)}`,
  );
}
console.log(
  '(milliseconds. API: inject() through routing, the session lookup, the engine and JSON; DB: the same SQL bare through the driver;',
);
console.log(
  ' overhead = API p50 − DB p50; engine: ResourceEngine.list/findRow called directly, i.e. the API without HTTP, auth and serialization;',
);
console.log(
  ' session: the session lookup of a first request on a session (principalFromToken without the principal cache); all p50)',
);

// The baseline of the export: a bare `COPY (the same rows and values) TO STDOUT (FORMAT csv)`.
const plainCopy = config.databaseUrl
  ? (await copyStatements(new ResourceEngine(trips, app.services), trips, parseListQuery(trips, {})))?.plain
  : undefined;

// The in-process app lets go of the database first (PGlite is one process per directory).
await app.close();
await barePool?.end();
await handle.close();
unlock();

// The CSV export case (scripts/lib/exportBench.ts): the real server in its own process, each export
// paired with a bare COPY of the same rows run right before it.
const exportBudget = { rowsPerSecond: 50_000, rssGrowthMb: 100, shareOfCopy: 0.9 };
const exportResults = await benchExports({
  databaseUrl: config.databaseUrl,
  plainCopy,
  rows: stats.n,
  encodings: values.encodings.split(',').filter(Boolean) as ExportEncoding[],
  rounds: Number(values['export-rounds']),
});
console.log(
  `  (target ≥ ${exportBudget.rowsPerSecond.toLocaleString('en')} rows/s, RSS growth < ${exportBudget.rssGrowthMb} MB; load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores)`,
);

// The targets of the trip service, each with PASS or MISSED: list p95 within budget (exact totals
// included), the API's own cost, deep pages against page 1, and the export's speed and memory.
const listBudget = handle.kind === 'pglite' ? 150 : 50;
const verdicts: { target: string; ok: boolean; measured: string }[] = [];
const verdict = (target: string, ok: boolean, measured: string) => verdicts.push({ target, ok, measured });
for (const r of results) {
  if (r.case !== 'one trip by id')
    verdict(`${r.case}: API p95 ≤ ${listBudget} ms`, r.apiP95 <= listBudget, `${r.apiP95.toFixed(2)} ms`);
  verdict(`${r.case}: API − DB ≤ 2 ms (p50)`, r.overhead <= 2, `${r.overhead.toFixed(2)} ms`);
}
const first = results.find((r) => r.case === 'first page, newest first');
for (const deep of results.filter((r) => [DEEP_CASE, DEEP_STATUS_CASE, DEEP_KEYSET_CASE].includes(r.case)))
  if (first)
    verdict(
      `${deep.case} within 2× of page 1 (API p50)`,
      deep.apiP50 <= 2 * first.apiP50,
      `${deep.apiP50.toFixed(2)} ms against ${first.apiP50.toFixed(2)} ms (${(deep.apiP50 / first.apiP50).toFixed(2)}×)`,
    );
for (const encoding of new Set(exportResults.map((r) => r.encoding))) {
  const runs = exportResults.filter((r) => r.encoding === encoding);
  const what = `CSV export (${encoding}, ${runs.length} exports)`;
  const slowest = Math.min(...runs.map((r) => r.rowsPerSecond));
  verdict(
    `${what}: each ≥ ${exportBudget.rowsPerSecond.toLocaleString('en')} rows/s`,
    slowest >= exportBudget.rowsPerSecond,
    `slowest ${Math.round(slowest).toLocaleString('en')} rows/s`,
  );
  const median = medianShare(runs);
  if (median !== undefined)
    verdict(
      `${what}: median share of the bare COPY just before each ≥ ${100 * exportBudget.shareOfCopy} %`,
      median >= exportBudget.shareOfCopy,
      `${(100 * median).toFixed(0)} % (${runs.map((r) => `${(100 * shareOfCopy(r)!).toFixed(0)} %`).join(', ')})`,
    );
  const growth = Math.max(...runs.map((r) => r.rssGrowthMb));
  verdict(
    `${what}: RSS growth < ${exportBudget.rssGrowthMb} MB`,
    growth < exportBudget.rssGrowthMb,
    `largest ${growth.toFixed(0)} MB`,
  );
}
console.log(
  `\nTargets (load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} at the end):`,
);
for (const v of verdicts) console.log(`  ${v.ok ? 'PASS  ' : 'MISSED'} ${v.target}: ${v.measured}`);
process.exitCode = verdicts.every((v) => v.ok) ? 0 : 1;
