/**
 * The live dispatcher feed under load.
 *
 *   npm run bench:dispatch
 *
 * Three processes on loopback:
 * - the server (buildApp on an in-memory PGlite copy of the demo city plus BENCH_DRIVERS approved
 *   drivers), which also measures its own CPU over the window and the nearest-driver query;
 * - the simulator (scripts/simulate.ts) with BENCH_DRIVERS drivers at 1 Hz and BENCH_PASSENGERS;
 * - this process: BENCH_DISPATCHERS staff sockets watching the whole city, timing each position
 *   from its `at` to its arrival and counting the bytes of every `driverPositions` batch.
 * After everyone is online, a BENCH_WINDOW_S-second window is measured.
 *
 * With REDIS_URL (and DATABASE_URL: PGlite is one process) it runs two server processes on one
 * PostgreSQL database and one Redis, sharing the live position store (RedisLiveStore): two
 * simulators (`--shard 0/2`, `--shard 1/2`), one per server, and half the dispatchers on each, so
 * every position must cross processes through Redis to reach half the dispatchers.
 *
 * Environment: BENCH_DRIVERS (2000), BENCH_PASSENGERS (500), BENCH_DISPATCHERS (20), BENCH_WINDOW_S (60),
 * REDIS_URL + DATABASE_URL (two processes).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { DriverPositionsBatch } from '../src/domain/liveDrivers.js';
import { addBenchDrivers, intEnv, simulatorOnline, spawnSimulator } from './lib/dispatchBench.js';

const DRIVERS = intEnv('BENCH_DRIVERS', 2000);
const PASSENGERS = intEnv('BENCH_PASSENGERS', 500);
const DISPATCHERS = intEnv('BENCH_DISPATCHERS', 20);
const WINDOW_S = intEnv('BENCH_WINDOW_S', 60);
const SHARED = !!process.env.REDIS_URL;
const SERVERS = SHARED ? 2 : 1;
/** The live store's keys in Redis for this bench (cleared at the start). */
const LIVE_PREFIX = 'bench-dispatch-live:';

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

interface Nearest {
  p50: number;
  p95: number;
  p99: number;
  n: number;
  indexP50: number;
  indexP95: number;
  indexP99: number;
  /** The server's event-loop delay while the route was timed (ms): what a request waits behind. */
  loopP95: number;
  loopMax: number;
}
interface Cpu {
  percent: number;
  ingested: number;
  dropped: Record<string, number>;
  tickMs: number;
}
type FromServer = { ready: true; port: number } | { cpu: Cpu } | { nearest: Nearest } | { failed: string };

// ---------------------------------------------------------------- server side

async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app.js');
  const { testConfig } = await import('../server/config.js');
  const { createDb } = await import('../server/db/index.js');
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dispatch-'));
  const config = testConfig({
    filesDir,
    logLevel: 'warn',
    rateLimits: { loginPerIp: 1_000_000, perEmail: 1_000_000, windowMs: 60_000, global: 0, appsPerIp: 1_000_000 },
    ...(SHARED ? { redisUrl: process.env.REDIS_URL, liveKeyPrefix: LIVE_PREFIX } : {}),
  });
  const first = process.env.BENCH_SERVER_INDEX === '0';
  if (SHARED && first) {
    // A fresh shared store: drivers of an earlier run are not online.
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.REDIS_URL!);
    await redis.del(...['d', 'geo', 'seq', 'changed'].map((k) => LIVE_PREFIX + k));
    await redis.quit();
  }
  const handle = await createDb(SHARED ? { databaseUrl: process.env.DATABASE_URL, poolSize: 10 } : {});
  const app = await buildApp(config, { db: handle });
  const { db, live } = app.services;
  const types = await db.selectFrom('vehicleTypes').select('id').where('active', '=', true).execute();
  if (first) await addBenchDrivers(db, DRIVERS, { phonePrefix: '+2547990', platePrefix: 'KBX' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  let mark: { cpu: NodeJS.CpuUsage; at: number; ingested: number; tickMs: number } | undefined;
  const onMessage = async (m: string) => {
    if (m === 'mark') {
      mark = {
        cpu: process.cpuUsage(),
        at: performance.now(),
        ingested: live.store.accepted.count,
        tickMs: live.sent.tickMs,
      };
    } else if (m === 'cpu' && mark) {
      const used = process.cpuUsage(mark.cpu);
      const wall = performance.now() - mark.at;
      process.send!({
        cpu: {
          percent: ((used.user + used.system) / 1000 / wall) * 100,
          ingested: live.store.accepted.count - mark.ingested,
          dropped: live.store.dropped,
          tickMs: live.sent.tickMs - mark.tickMs,
        },
      } satisfies FromServer);
    } else if (m === 'nearest') {
      // The query as the panel calls it (HTTP routing, auth, the spatial index, the drivers' details).
      const login = await app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { email: 'admin@example.com', password: 'Admin@1234' },
      });
      const token = login.json().data.accessToken as string;
      const index: number[] = [];
      for (let i = 0; i < 5000; i++) {
        const lat = -1.37 + Math.random() * 0.17;
        const lng = 36.7 + Math.random() * 0.25;
        const vehicleTypeId = types[i % types.length].id;
        const t0 = performance.now();
        await live.store.nearest(lat, lng, {
          limit: 10,
          accept: (e) => e.vehicleTypeId === vehicleTypeId && live.store.stateOf(e) === 'available',
        });
        index.push(performance.now() - t0);
      }
      index.sort((a, b) => a - b);
      const times: number[] = [];
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      for (let i = 0; i < 1000; i++) {
        const lat = -1.37 + Math.random() * 0.17;
        const lng = 36.7 + Math.random() * 0.25;
        const t0 = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: `/api/trip/dispatcher/nearest-drivers?lat=${lat}&lng=${lng}&vehicleTypeId=${types[i % types.length].id}`,
          headers: { authorization: `Bearer ${token}` },
        });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`nearest-drivers ${res.statusCode} ${res.body}`);
      }
      loop.disable();
      times.sort((a, b) => a - b);
      process.send!({
        nearest: {
          p50: pct(times, 50),
          p95: pct(times, 95),
          p99: pct(times, 99),
          n: times.length,
          indexP50: pct(index, 50),
          indexP95: pct(index, 95),
          indexP99: pct(index, 99),
          loopP95: loop.percentile(95) / 1e6,
          loopMax: loop.max / 1e6,
        },
      });
    } else if (m === 'stop') {
      setTimeout(() => process.exit(0), 3000).unref();
      await app.close().catch(() => undefined);
      await handle.close().catch(() => undefined);
      fs.rmSync(filesDir, { recursive: true, force: true });
      process.exit(0);
    }
  };
  process.on('message', (m: string) => void onMessage(m));
  process.send!({ ready: true, port } satisfies FromServer);
}

// ---------------------------------------------------------------- bench side

function ask<T extends FromServer>(child: ChildProcess, message: string, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (m: FromServer) => {
      if ('failed' in m) return reject(new Error(m.failed));
      if (key in m) {
        child.off('message', on);
        resolve(m as T);
      }
    };
    child.on('message', on);
    if (message) child.send(message);
  });
}

async function startServer(index: number): Promise<{ child: ChildProcess; base: string }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_DISPATCH_ROLE: 'server', BENCH_SERVER_INDEX: String(index) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await ask<{ ready: true; port: number }>(child, '', 'ready');
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Starts a simulator against one server; answers once its drivers are online. */
async function startSimulator(base: string, shard: number) {
  const logFile = path.join(os.tmpdir(), `bench-dispatch-sim-${process.pid}-${shard}.log`);
  const child = spawnSimulator({
    url: base,
    drivers: DRIVERS,
    passengers: PASSENGERS,
    shard: `${shard}/${SERVERS}`,
    logFile,
  });
  const online = await simulatorOnline(child, logFile, 15 * 60_000);
  return { child, online };
}

/** Redis's own CPU seconds so far (user + system), to see what the shared store costs it. */
async function redisCpuSeconds(): Promise<number | null> {
  if (!SHARED) return null;
  const { Redis } = await import('ioredis');
  const redis = new Redis(process.env.REDIS_URL!);
  const info = await redis.info('cpu');
  await redis.quit();
  const get = (k: string) => Number(new RegExp(`${k}:([\\d.]+)`).exec(info)?.[1] ?? NaN);
  return get('used_cpu_user') + get('used_cpu_sys');
}

async function main(): Promise<void> {
  if (SHARED && !process.env.DATABASE_URL)
    throw new Error('With REDIS_URL the bench runs two server processes: set DATABASE_URL too (PGlite is one process)');
  console.log(
    `bench:dispatch — ${DRIVERS} drivers, ${PASSENGERS} passengers, ${DISPATCHERS} dispatchers, ${WINDOW_S} s window, ${SERVERS} server process(es)${SHARED ? ' sharing the live store in Redis' : ''}`,
  );
  // The first server migrates, seeds and adds the drivers; the second starts on that database.
  const servers = [await startServer(0)];
  for (let i = 1; i < SERVERS; i++) servers.push(await startServer(i));
  console.log(`servers ready on ${servers.map((s) => s.base).join(', ')}`);
  const sims = await Promise.all(servers.map((s, i) => startSimulator(s.base, i)));
  const online = sims.reduce((n, s) => n + s.online, 0);
  console.log(`simulator: ${online} drivers online (${sims.map((s) => s.online).join(' + ')})`);

  const login = await fetch(`${servers[0].base}/api/user/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'dispatcher@example.com', password: 'Dispatch@1234' }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const latencies: number[] = [];
  let bytes = 0;
  let measuring = false;
  const sockets: Socket[] = [];
  for (let i = 0; i < DISPATCHERS; i++) {
    // Half the dispatchers on each server: each server batches from the shared store for its own.
    const socket = connectClient(servers[i % SERVERS].base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', reject);
    });
    socket.on('driverPositions', (batch: DriverPositionsBatch) => {
      if (!measuring) return;
      const now = Date.now();
      bytes += JSON.stringify(batch).length;
      for (const d of batch.moved) latencies.push(now - Date.parse(d.at));
    });
    await socket.timeout(5000).emitWithAck('dispatcher:watch', { bbox: [36.7, -1.37, 36.95, -1.2] });
    sockets.push(socket);
  }
  await new Promise((r) => setTimeout(r, 5000));
  measuring = true;
  const redisBefore = await redisCpuSeconds();
  for (const s of servers) s.child.send('mark');
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
  measuring = false;
  const redisAfter = await redisCpuSeconds();
  const cpus: Cpu[] = [];
  for (const s of servers) cpus.push((await ask<{ cpu: Cpu }>(s.child, 'cpu', 'cpu')).cpu);
  // The nearest query while the drivers still move and the dispatchers still watch.
  const { nearest } = await ask<{ nearest: Nearest }>(servers[0].child, 'nearest', 'nearest');
  for (const s of sockets) s.close();
  for (const s of sims) s.child.kill('SIGINT');
  latencies.sort((a, b) => a - b);
  const dropped: Record<string, number> = {};
  for (const c of cpus) for (const [k, v] of Object.entries(c.dropped)) dropped[k] = (dropped[k] ?? 0) + v;
  const round1 = (n: number) => Math.round(n * 10) / 10;
  const result = {
    drivers: DRIVERS,
    onlineDrivers: online,
    dispatchers: DISPATCHERS,
    serverProcesses: SERVERS,
    liveStore: SHARED ? 'redis' : 'memory',
    windowS: WINDOW_S,
    positionsPerS: Math.round(cpus.reduce((n, c) => n + c.ingested, 0) / WINDOW_S),
    serverCpuPercentOfOneCore: round1(cpus.reduce((n, c) => n + c.percent, 0)),
    serverCpuPercentEach: cpus.map((c) => round1(c.percent)),
    ...(redisBefore !== null && redisAfter !== null
      ? { redisCpuPercentOfOneCore: round1(((redisAfter - redisBefore) / WINDOW_S) * 100) }
      : {}),
    batchTickMsPerS: cpus.map((c) => round1(c.tickMs / WINDOW_S)),
    dropped,
    latencyMs: { p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99), n: latencies.length },
    bytesPerDispatcherPerS: Math.round(bytes / DISPATCHERS / WINDOW_S),
    nearestHttpMs: {
      p50: Math.round(nearest.p50 * 100) / 100,
      p95: Math.round(nearest.p95 * 100) / 100,
      p99: Math.round(nearest.p99 * 100) / 100,
    },
    eventLoopDelayMsDuringNearest: { p95: round1(nearest.loopP95), max: round1(nearest.loopMax) },
    nearestIndexMs: {
      p50: Math.round(nearest.indexP50 * 1000) / 1000,
      p95: Math.round(nearest.indexP95 * 1000) / 1000,
      p99: Math.round(nearest.indexP99 * 1000) / 1000,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  for (const s of servers) s.child.send('stop');
  await Promise.all(servers.map((s) => new Promise((r) => s.child.once('exit', r))));
  process.exit(0);
}

if (process.env.BENCH_DISPATCH_ROLE === 'server') {
  serve().catch((e: unknown) => {
    process.send?.({ failed: String(e) });
    process.exit(1);
  });
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
