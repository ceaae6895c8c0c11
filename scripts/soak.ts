/**
 * npm run soak [-- --minutes 10 --rate 40 --sockets 20]
 *
 * Mixed staff traffic at a steady rate against the real server (a fresh embedded database, or a
 * fresh PostgreSQL database when DATABASE_URL is set): lists with filters, record reads, writes,
 * notifications, and Socket.IO clients that receive the SOS notifications the traffic raises.
 * Prints per minute the requests, errors by status, p50 and p99 latency and the server's RSS.
 * Exits 1 on any 5xx, or when RSS grows more than 15 % after the first two minutes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import {
  freePort,
  freshPgDatabase,
  killGroup,
  login,
  rssMb,
  sleep,
  startServer,
  waitForExit,
} from './lib/serverProcess.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '40' },
    sockets: { type: 'string', default: '20' },
  },
});
const minutes = Number(values.minutes);
const rate = Number(values.rate);
const socketCount = Number(values.sockets);
const MAX_IN_FLIGHT = 64;
const RSS_GROWTH_LIMIT = 0.15;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-soak-'));
const pg = process.env.DATABASE_URL ? await freshPgDatabase(process.env.DATABASE_URL, 'ride_soak') : undefined;
const server = await startServer({
  port: await freePort(),
  dataDir,
  databaseUrl: pg?.url,
  logFile: `${dataDir}.log`,
});
const base = server.baseUrl;
const admin = await login(base);
const dispatcher = await login(base, { email: 'dispatcher@example.com', password: 'Dispatch@1234' });

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: res.headers.get('content-type')?.includes('json') ? await res.json() : undefined };
}
const list = (resource: string, filter: object, range = [0, 24], sort?: [string, string]) =>
  `${resource}?${new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify(range),
    ...(sort ? { sort: JSON.stringify(sort) } : {}),
  })}`;

const trips = (await api(admin, 'GET', `/api/trip/${list('trips', {}, [0, 199])}`)).json as { id: number }[];
const activeTrips = (
  await api(admin, 'GET', `/api/trip/${list('trips', { status: ['accepted', 'arrived', 'in_progress'] })}`)
).json as { id: number }[];
const me = (await api(admin, 'GET', '/api/user/auth/me')).json as { data: { id: number } };
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

/** The traffic mix: weight, then the request. */
const MIX: [number, string, () => Promise<{ status: number }>][] = [
  [6, 'trips page', () => api(dispatcher, 'GET', `/api/trip/${list('trips', {}, [0, 24], ['requestedAt', 'DESC'])}`)],
  [
    4,
    'trips by status',
    () =>
      api(
        admin,
        'GET',
        `/api/trip/${list('trips', { status: pick(['completed', 'cancelled_by_passenger', 'requested']) })}`,
      ),
  ],
  [3, 'trip', () => api(admin, 'GET', `/api/trip/trips/${pick(trips).id}`)],
  [3, 'drivers search', () => api(admin, 'GET', `/api/user/${list('drivers', { q: pick(['an', 'Jo', 'KC', 'mo']) })}`)],
  [2, 'passengers page 2', () => api(admin, 'GET', `/api/user/${list('passengers', {}, [25, 49])}`)],
  [2, 'active staff', () => api(admin, 'GET', `/api/user/${list('staffs', { status: 'active' })}`)],
  [2, 'open issues', () => api(admin, 'GET', `/api/trip/${list('issues', { status: 'open' })}`)],
  [2, 'notifications', () => api(admin, 'GET', '/api/user/notifications?page=1&perPage=10')],
  [2, 'me', () => api(admin, 'GET', '/api/user/auth/me')],
  [1, 'audit log', () => api(admin, 'GET', `/api/user/${list('audit-logs', {})}`)],
  [
    2,
    'sos contact write',
    async () => {
      const created = await api(admin, 'POST', '/api/trip/sos-contacts', {
        name: `Soak ${Date.now()}`,
        phone: '+254700000001',
      });
      if (created.status !== 201) return created;
      const { id } = created.json as { id: number };
      const updated = await api(admin, 'PUT', `/api/trip/sos-contacts/${id}`, { description: 'soak' });
      if (updated.status !== 200) return updated;
      return api(admin, 'DELETE', `/api/trip/sos-contacts/${id}`);
    },
  ],
];
const totalWeight = MIX.reduce((sum, [w]) => sum + w, 0);
function nextRequest(): [string, () => Promise<{ status: number }>] {
  let r = Math.random() * totalWeight;
  for (const [w, name, request] of MIX) if ((r -= w) < 0) return [name, request];
  return [MIX[0][1], MIX[0][2]];
}

// Staff sockets, as open panels hold them; an SOS report every 10 s pushes a notification to all.
let pushed = 0;
const sockets: Socket[] = Array.from({ length: socketCount }, () => {
  const socket = io(base, {
    auth: { token: admin },
    query: { staffId: String(me.data.id) },
    transports: ['websocket'],
  });
  socket.on('newNotification', () => pushed++);
  return socket;
});

interface Minute {
  requests: number;
  statuses: Map<string, number>;
  latencies: number[];
}
const fresh = (): Minute => ({ requests: 0, statuses: new Map(), latencies: [] });
let current = fresh();
const report: string[] = [];
const rss: number[] = [];
let serverErrors = 0;
let inFlight = 0;

function record(name: string, status: number, ms: number) {
  current.requests++;
  current.latencies.push(ms);
  const key = `${status} ${name}`;
  if (status >= 400) current.statuses.set(key, (current.statuses.get(key) ?? 0) + 1);
  if (status >= 500) serverErrors++;
}
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

console.log(`soak: ${minutes} min at ${rate} req/s, ${socketCount} sockets, on ${pg ? 'PostgreSQL' : 'PGlite'}`);
console.log('| minute | requests | errors by status | p50 | p99 | server RSS | notifications pushed |');
console.log('|---|---|---|---|---|---|---|');
const started = Date.now();
const interval = 1000 / rate;
let nextAt = started;
let minuteEnds = started + 60_000;
let sosTimer = started;
while (report.length < minutes) {
  const now = Date.now();
  if (now >= minuteEnds) {
    const sorted = current.latencies.sort((a, b) => a - b);
    rss.push(rssMb(server.child.pid!));
    const errors = [...current.statuses].map(([s, n]) => `${s}: ${n}`).join(', ') || 'none';
    const line = `| ${rss.length} | ${current.requests} | ${errors} | ${percentile(sorted, 0.5).toFixed(1)} ms | ${percentile(sorted, 0.99).toFixed(1)} ms | ${rss.at(-1)} MB | ${pushed} |`;
    console.log(line);
    report.push(line);
    current = fresh();
    minuteEnds += 60_000;
  }
  if (now >= sosTimer && activeTrips.length) {
    sosTimer += 10_000;
    void fetch(`${base}/api/trip/sos/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tripId: pick(activeTrips).id, caller: 'passenger', lat: -1.29, lng: 36.82 }),
    })
      .then((res) => record('sos report', res.status, 0))
      .catch(() => record('sos report', 599, 0));
  }
  if (now >= nextAt && inFlight < MAX_IN_FLIGHT) {
    // A steady rate: after a stall (in-flight cap reached), drop the backlog rather than burst to catch up.
    nextAt = Math.max(nextAt, now - 1_000) + interval;
    inFlight++;
    const t0 = performance.now();
    const [name, request] = nextRequest();
    request()
      .then((res) => record(name, res.status, performance.now() - t0))
      .catch(() => record(name, 599, performance.now() - t0))
      .finally(() => inFlight--);
    continue;
  }
  await sleep(Math.max(1, Math.min(nextAt, minuteEnds) - Date.now()));
}

while (inFlight > 0) await sleep(20);
for (const socket of sockets) socket.close();
killGroup(server.child, 'SIGTERM');
await waitForExit(server).catch(() => killGroup(server.child, 'SIGKILL'));
await pg?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });

const total = report.length;
const baseline = rss[Math.min(1, rss.length - 1)];
const peakAfter = Math.max(...rss.slice(2), baseline);
const growth = baseline ? (peakAfter - baseline) / baseline : 0;
console.log(
  `\n${total} minutes; RSS after minute 2: ${baseline} MB, highest after: ${peakAfter} MB (${(growth * 100).toFixed(1)} %); ` +
    `5xx: ${serverErrors}; notifications pushed to sockets: ${pushed}`,
);
if (serverErrors > 0 || growth > RSS_GROWTH_LIMIT) {
  console.error(serverErrors > 0 ? `FAIL: ${serverErrors} server errors` : 'FAIL: memory grew more than 15 %');
  process.exit(1);
}
console.log('ok');
