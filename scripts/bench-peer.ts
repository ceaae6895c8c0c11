/**
 * Our trip API beside Platformatic DB 2 (REST generated from the same PostgreSQL database):
 * `DATABASE_URL=… npm run bench:peer [-- --seconds 3 --rounds 3 --connections 10]`.
 *
 * Platformatic is installed for this bench only, into bench/peer/node_modules (git-ignored), on the
 * bench's first run: it is not a dependency of the project and never installed by `npm install` or
 * CI. Both servers run as child processes on the same database (normally one filled by
 * `npm run seed:scale`); each case runs `--connections` requests in flight for `--seconds` on one
 * side, then on the other, in interleaved rounds, so both see the same machine. Printed per case:
 * requests per second and p50 of each side, and ours ÷ peer; the by-id case must reach 2×.
 * `--only TEXT` runs only the cases whose name contains TEXT.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, killGroup, login, sleep, startServer } from './lib/serverProcess.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    /** Only the cases whose name contains this text (e.g. --only "by id"). */
    only: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const CONNECTIONS = Number(values.connections);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('bench:peer needs DATABASE_URL (PostgreSQL, e.g. filled by npm run seed:scale)');
  process.exit(1);
}

const ROOT = path.resolve(import.meta.dirname, '..');
const PEER_DIR = path.join(ROOT, 'bench', 'peer');
const PLT = path.join(PEER_DIR, 'node_modules', '.bin', 'plt-db');
if (!fs.existsSync(PLT)) {
  console.log('[bench:peer] installing Platformatic DB into bench/peer (first run only)…');
  const installed = spawnSync('npm', ['install', '--prefix', PEER_DIR, '--no-audit', '--no-fund', '--loglevel=error'], {
    stdio: 'inherit',
  });
  if (installed.status !== 0 || !fs.existsSync(PLT)) {
    console.error('[bench:peer] Platformatic DB could not be installed: only our side can be measured here.');
    process.exit(1);
  }
}

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const {
  rows: [stats],
} = await db.query<{ n: number; max_id: number }>('select count(*)::int n, max(id)::int max_id from trips');
await db.end();

// The peer: its own config in a temporary folder, every table exposed (Platformatic needs the
// related tables to build the trips' relations), no GraphQL, logs at warn.
const peerPort = await freePort();
const peerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-peer-'));
fs.writeFileSync(
  path.join(peerDir, 'platformatic.json'),
  JSON.stringify({
    server: { hostname: '127.0.0.1', port: peerPort, logger: { level: 'warn' } },
    db: { connectionString: databaseUrl, graphql: false, openapi: true },
    watch: false,
  }),
);
const peer = spawn(PLT, ['start', '-c', path.join(peerDir, 'platformatic.json')], {
  cwd: peerDir,
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const ours = await startServer({ port: await freePort(), databaseUrl });
const peerBase = `http://127.0.0.1:${peerPort}`;
for (let ready = false, tries = 0; !ready; tries++) {
  if (tries > 600) throw new Error('Platformatic DB did not answer within a minute');
  ready = await fetch(`${peerBase}/trips/1`).then(
    (r) => r.ok,
    () => false,
  );
  if (!ready) await sleep(100);
}
const token = await login(ours.baseUrl);

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
/** One GET: its status, body and time in ms. */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders; ms: number }>((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    http
      .get(url, { agent, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            headers: res.headers,
            ms: Number(process.hrtime.bigint() - t0) / 1e6,
          }),
        );
      })
      .on('error', reject);
  });

const q = (o: object) =>
  '?' + new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, JSON.stringify(v)])).toString();
const newest = { sort: ['requestedAt', 'DESC'] };
// The keyset page at offset 500,000: the cursor is the row before it (found once, by offset).
const deep = Math.min(500_000, Math.max(0, stats.n - 25));
const before = JSON.parse(
  (
    await get(`${ours.baseUrl}/api/trip/trips${q({ ...newest, range: [deep - 1, deep - 1] })}`, {
      authorization: `Bearer ${token}`,
    })
  ).body,
)[0] as { id: number; requestedAt: string };
const ids = Array.from({ length: 50 }, (_, k) => 1 + Math.floor(((k + 0.5) * stats.max_id) / 50));
/** A trip not asked for before in this run: a prime stride walks every id before coming back. */
let distinctCount = 0;
const distinctId = () => 1 + ((distinctCount++ * 7919) % stats.max_id);

interface Case {
  name: string;
  ours: (k: number) => string;
  peer: (k: number) => string;
  /** The lowest ours ÷ peer (requests per second) the case must reach, if it has a target. */
  target?: number;
}
const cases: Case[] = [
  {
    name: 'trips page 1, newest first, with total',
    ours: () => `/api/trip/trips${q({ ...newest, range: [0, 24] })}`,
    peer: () => '/trips?limit=25&orderby.requestedAt=desc&orderby.id=desc&totalCount=true',
  },
  {
    name: 'status filter with total',
    ours: () => `/api/trip/trips${q({ ...newest, range: [0, 24], filter: { status: 'completed' } })}`,
    peer: () => '/trips?limit=25&orderby.requestedAt=desc&orderby.id=desc&totalCount=true&where.status.eq=completed',
  },
  {
    name: 'offset 24,975',
    ours: () => `/api/trip/trips${q({ ...newest, range: [24_975, 24_999] })}`,
    peer: () => '/trips?limit=25&offset=24975&orderby.requestedAt=desc&orderby.id=desc&totalCount=true',
  },
  {
    name: `offset ${deep.toLocaleString('en')} (ours by offset)`,
    ours: () => `/api/trip/trips${q({ ...newest, range: [deep, deep + 24] })}`,
    peer: () => `/trips?limit=25&offset=${deep}&orderby.requestedAt=desc&orderby.id=desc&totalCount=true`,
  },
  {
    name: `offset ${deep.toLocaleString('en')} (ours: the panel's next page, keyset)`,
    ours: () => `/api/trip/trips${q({ ...newest, range: [deep, deep + 24], after: [before.requestedAt, before.id] })}`,
    peer: () => `/trips?limit=25&offset=${deep}&orderby.requestedAt=desc&orderby.id=desc&totalCount=true`,
  },
  {
    name: 'one trip by id',
    ours: (k) => `/api/trip/trips/${ids[k % ids.length]}`,
    peer: (k) => `/trips/${ids[k % ids.length]}`,
    target: 2,
  },
  {
    // Our answers of one record are cached (server/rest/readCaches.ts): this case never reads the
    // same trip twice within the cache's 5,000 entries, so it measures the database read.
    name: 'one trip by id, never the same (cache missed)',
    ours: () => `/api/trip/trips/${distinctId()}`,
    peer: () => `/trips/${distinctId()}`,
  },
];

// Same rows on both sides, once, before timing.
{
  const a = await get(`${ours.baseUrl}${cases[0].ours(0)}`, { authorization: `Bearer ${token}` });
  const b = await get(`${peerBase}${cases[0].peer(0)}`);
  const idsOf = (body: string) => (JSON.parse(body) as { id: number }[]).map((r) => r.id).join(',');
  if (idsOf(a.body) !== idsOf(b.body)) throw new Error('page 1: the two sides answered different trips');
  const total = Number(String(a.headers['content-range']).split('/')[1]);
  if (total !== Number(b.headers['x-total-count'])) throw new Error('page 1: the two sides count differently');
  const keyset = await get(`${ours.baseUrl}${cases[4].ours(0)}`, { authorization: `Bearer ${token}` });
  const offset = await get(`${peerBase}${cases[4].peer(0)}`);
  if (idsOf(keyset.body) !== idsOf(offset.body))
    throw new Error('deep page: keyset and offset answered different trips');
}

/** `CONNECTIONS` requests in flight for SECONDS: requests per second and each request's time. */
async function load(base: string, url: (k: number) => string, headers: Record<string, string>) {
  const times: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  let k = 0;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const res = await get(`${base}${url(k++)}`, headers);
        if (res.status !== 200) throw new Error(`${base}${url(k)}: ${res.status} ${res.body.slice(0, 200)}`);
        times.push(res.ms);
      }
    }),
  );
  return { rps: times.length / (Number(process.hrtime.bigint() - t0) / 1e9), times };
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

console.log(
  `\nOurs beside Platformatic DB 2 on PostgreSQL, ${stats.n.toLocaleString('en')} trips: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s per side and case`,
);
const results = [];
try {
  for (const c of cases.filter((k) => !values.only || k.name.includes(values.only))) {
    const mine: { rps: number[]; times: number[] } = { rps: [], times: [] };
    const theirs: { rps: number[]; times: number[] } = { rps: [], times: [] };
    await load(ours.baseUrl, c.ours, { authorization: `Bearer ${token}` });
    await load(peerBase, c.peer, {});
    for (let round = 0; round < ROUNDS; round++) {
      const a = await load(ours.baseUrl, c.ours, { authorization: `Bearer ${token}` });
      const b = await load(peerBase, c.peer, {});
      mine.rps.push(a.rps);
      mine.times.push(...a.times);
      theirs.rps.push(b.rps);
      theirs.times.push(...b.times);
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const row = {
      case: c.name,
      oursRps: mean(mine.rps),
      oursP50: pct(mine.times, 50),
      peerRps: mean(theirs.rps),
      peerP50: pct(theirs.times, 50),
      target: c.target,
    };
    results.push(row);
    const ratio = row.oursRps / row.peerRps;
    console.log(
      `${c.name.padEnd(62)} ours ${row.oursRps.toFixed(0).padStart(5)} req/s p50 ${row.oursP50.toFixed(1).padStart(6)} ms | peer ${row.peerRps.toFixed(0).padStart(5)} req/s p50 ${row.peerP50.toFixed(1).padStart(6)} ms | ${ratio.toFixed(2)}×${c.target ? `  ${ratio >= c.target ? 'PASS' : 'MISSED'} (target ≥ ${c.target}×)` : ''}`,
    );
  }
  console.log(
    `(load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} on ${os.availableParallelism()} cores: only the ratios hold)`,
  );
} finally {
  killGroup(ours.child, 'SIGTERM');
  killGroup(peer, 'SIGTERM');
  agent.destroy();
  fs.rmSync(peerDir, { recursive: true, force: true });
}
const missed = results.filter((r) => r.target && r.oursRps / r.peerRps < r.target);
process.exitCode = missed.length ? 1 : 0;
