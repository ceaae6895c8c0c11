/**
 * Realtime notification latency on loopback.
 *
 *   npm run bench:realtime
 *
 * A child process runs the real app (buildApp) on an in-memory PGlite copy of
 * the demo data plus BENCH_SOCKETS extra Super Admin staff, listening on
 * 127.0.0.1:0. This process signs each of them in through the API (one session
 * per socket), connects one Socket.IO client per session, then registers
 * BENCH_NOTIFICATIONS drivers through POST /api/user/drivers/register, one
 * after another, and times each newNotification's arrival at each socket
 * against the moment that registration's HTTP answer arrived. Server and
 * clients live in separate processes so they do not share an event loop.
 *
 * The SOS case then raises BENCH_SOS alarms through POST /api/trip/sos/report, one after another,
 * and times how long until every socket has each one (its `sos` newNotification and its
 * `sosUpdated`), from the moment the report was sent; each alarm is then closed (false-alarm action)
 * so that the next report on the same trip is a new alarm, not merged. Target: p99 <= 100 ms.
 *
 * Environment: BENCH_SOCKETS (200), BENCH_NOTIFICATIONS (1000), BENCH_SOS (100),
 * BENCH_CONCURRENCY (1 registration in flight), BENCH_TIMEOUT_S (240),
 * BENCH_REDIS_URL (unset: in-memory adapter; set: the Redis adapter).
 * Exits by itself: 0 when every expected event arrived, 1 otherwise.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { io as connectClient, type Socket } from 'socket.io-client';

const SOCKETS = intEnv('BENCH_SOCKETS', 200);
const NOTIFICATIONS = intEnv('BENCH_NOTIFICATIONS', 1000);
const SOS_ALARMS = intEnv('BENCH_SOS', 100);
const CONCURRENCY = intEnv('BENCH_CONCURRENCY', 1);
const TIMEOUT_S = intEnv('BENCH_TIMEOUT_S', 240);
const WARMUP = 20;
const BENCH_PASSWORD = 'Bench@12345';
/** Cheap password hashes for the bench accounts; logins are not what is measured. */
const BENCH_SCRYPT_N = 2 ** 12;

function intEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

type ToParent = { ready: true; port: number; emails: string[]; trips: number[] } | { failed: string };

// ---------------------------------------------------------------- server side

async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app.js');
  const { testConfig } = await import('../server/config.js');
  const { createDb } = await import('../server/db/index.js');
  const { hashPassword } = await import('../server/auth/passwords.js');

  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-realtime-'));
  const config = testConfig({
    filesDir,
    logLevel: 'warn',
    scryptN: BENCH_SCRYPT_N,
    // Optional: route events through the Redis adapter (and rate limits through Redis) as a cluster would.
    redisUrl: process.env.BENCH_REDIS_URL || undefined,
    // A 100 ms window: the SOS route's per-IP limit (10 a window) does not throttle the SOS case.
    rateLimits: { loginPerIp: 1_000_000, perEmail: 1_000_000, windowMs: 100, global: 0 },
  });
  const handle = await createDb({});
  // buildApp migrates and, the database being empty, seeds the demo city.
  const app = await buildApp(config, { db: handle });
  const { db } = app.services;
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'Super Admin').executeTakeFirstOrThrow();
  const passwordHash = await hashPassword(BENCH_PASSWORD, BENCH_SCRYPT_N);
  const emails = Array.from({ length: SOCKETS }, (_, i) => `bench-${i + 1}@example.com`);
  for (let i = 0; i < emails.length; i += 100) {
    await db
      .insertInto('staffs')
      .values(
        emails.slice(i, i + 100).map((email, j) => ({
          firstName: 'Bench',
          lastName: `Staff ${i + j + 1}`,
          email,
          phone: null,
          sex: null,
          photo: null,
          roleId: role.id,
          status: 'active',
          passwordHash,
          emailVerifiedAt: new Date(),
          lastLoginAt: null,
        })),
      )
      .execute();
  }
  const trips = (
    await db
      .selectFrom('trips')
      .select('id')
      .where('status', 'in', ['accepted', 'arrived', 'in_progress'])
      .where('driverId', 'is not', null)
      .orderBy('id')
      .limit(10)
      .execute()
  ).map((t) => t.id);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const hardStop = setTimeout(() => process.exit(0), 5000).unref();
    await app.close().catch(() => undefined);
    await handle.close().catch(() => undefined);
    fs.rmSync(filesDir, { recursive: true, force: true });
    clearTimeout(hardStop);
    process.exit(0);
  };
  process.on('message', (m) => m === 'stop' && void shutdown());
  process.on('disconnect', () => void shutdown());
  process.send!({ ready: true, port, emails, trips } satisfies ToParent);
}

// ---------------------------------------------------------------- client side

function startServer(): Promise<{ child: ChildProcess; port: number; emails: string[]; trips: number[] }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_REALTIME_ROLE: 'server' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server process exited early (code ${code})`)));
    child.once('message', (m: ToParent) => {
      if ('failed' in m) reject(new Error(m.failed));
      else resolve({ child, port: m.port, emails: m.emails, trips: m.trips });
    });
  });
}

async function pool<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

const ms = (v: number) => `${v.toFixed(2)} ms`;

async function main(): Promise<void> {
  const wallStart = performance.now();
  const deadline = setTimeout(() => {
    console.error(`bench-realtime: gave up after ${TIMEOUT_S} s`);
    process.exit(1);
  }, TIMEOUT_S * 1000);
  deadline.unref();

  const adapter = process.env.BENCH_REDIS_URL ? 'redis' : 'in-memory';
  console.log(
    `bench-realtime: ${SOCKETS} sockets, ${NOTIFICATIONS} notifications (+${WARMUP} warm-up), ${CONCURRENCY} registration(s) in flight, ${adapter} adapter`,
  );
  const { child, port, emails, trips } = await startServer();
  const base = `http://127.0.0.1:${port}`;
  const sockets: Socket[] = [];
  const stop = () => {
    for (const s of sockets) s.close();
    if (child.connected) child.send('stop');
  };

  try {
    console.log(
      `  server ready on ${base} after ${((performance.now() - wallStart) / 1000).toFixed(1)} s (seeded demo + ${emails.length} bench staff)`,
    );

    // One session per socket: each bench account signs in through the API.
    const sessions: { token: string; staffId: number }[] = new Array(emails.length);
    await pool(emails, 8, async (email, i) => {
      const res = await fetch(`${base}/api/user/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
      const token = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
      const staffId = Number(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub);
      sessions[i] = { token, staffId };
    });

    // arrivals[socket] : subjectId (driver id) -> arrival time
    const arrivals: Map<number, number>[] = [];
    // sosArrivals[socket] : SOS call log id -> arrival of its sos notification / of its sosUpdated 'raised'
    const sosArrivals: Map<number, number>[] = [];
    const sosUpdates: Map<number, number>[] = [];
    let delivered = 0;
    let duplicates = 0;
    await pool(sessions, 20, async ({ token, staffId }, i) => {
      const socket = connectClient(base, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        auth: { token },
        query: { staffId: String(staffId) },
      });
      sockets[i] = socket;
      const mine = new Map<number, number>();
      arrivals[i] = mine;
      const mineSos = new Map<number, number>();
      const mineUpdates = new Map<number, number>();
      sosArrivals[i] = mineSos;
      sosUpdates[i] = mineUpdates;
      socket.on('sosUpdated', (e: { id: number; kind: string }) => {
        if (e.kind === 'raised') mineUpdates.set(e.id, performance.now());
      });
      socket.on('newNotification', (n: { subjectId: number; subjectType: string }) => {
        const at = performance.now();
        if (n.subjectType === 'sos-call-log') {
          if (mineSos.has(n.subjectId)) duplicates++;
          else mineSos.set(n.subjectId, at);
          return;
        }
        if (mine.has(n.subjectId)) duplicates++;
        else mine.set(n.subjectId, at);
        delivered++;
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', (e) => reject(new Error(`socket ${i}: ${e.message}`)));
      });
    });
    console.log(`  ${sockets.length} sockets connected after ${((performance.now() - wallStart) / 1000).toFixed(1)} s`);

    let phone = 0;
    const register = async () => {
      const n = phone++;
      const sent = performance.now();
      const res = await fetch(`${base}/api/user/drivers/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Bench',
          lastName: `Driver ${n}`,
          phone: `+25479${String(n).padStart(7, '0')}`,
        }),
      });
      const body = (await res.json()) as { data?: { id: number }; message?: string };
      const answered = performance.now();
      if (res.status !== 201 || !body.data) throw new Error(`register: ${res.status} ${JSON.stringify(body)}`);
      return { id: body.data.id, sent, answered };
    };

    // Warm-up: JIT, connection pools, prepared paths. Not measured.
    for (let i = 0; i < WARMUP; i++) await register();
    await new Promise((r) => setTimeout(r, 200));

    const runs: { id: number; sent: number; answered: number }[] = [];
    const runStart = performance.now();
    await pool(Array.from({ length: NOTIFICATIONS }), CONCURRENCY, async () => {
      runs.push(await register());
    });
    const runSeconds = (performance.now() - runStart) / 1000;

    const expected = (WARMUP + NOTIFICATIONS) * sockets.length;
    const settle = performance.now() + 10_000;
    while (delivered + duplicates < expected && performance.now() < settle) await new Promise((r) => setTimeout(r, 20));

    const sinceAnswer: number[] = [];
    const sinceRequest: number[] = [];
    /** Per notification: last socket's arrival minus first socket's (how long the fan-out takes). */
    const spreads: number[] = [];
    let measuredDelivered = 0;
    for (const run of runs) {
      let first = Infinity;
      let last = -Infinity;
      for (const mine of arrivals) {
        const at = mine.get(run.id);
        if (at === undefined) continue;
        measuredDelivered++;
        sinceAnswer.push(at - run.answered);
        sinceRequest.push(at - run.sent);
        first = Math.min(first, at);
        last = Math.max(last, at);
      }
      if (last >= first) spreads.push(last - first);
    }
    const spread = Float64Array.from(spreads).sort();
    const byAnswer = Float64Array.from(sinceAnswer).sort();
    const byRequest = Float64Array.from(sinceRequest).sort();
    const http = Float64Array.from(runs.map((r) => r.answered - r.sent)).sort();
    const beforeAnswer = sinceAnswer.filter((v) => v < 0).length;
    const measuredExpected = runs.length * sockets.length;

    // ------------------------------------------------------------ the SOS case
    const staffToken = sessions[0].token;
    const sosRuns: { id: number; sent: number; answered: number }[] = [];
    let sosMissing = 0;
    const everySocketHas = (id: number) => sosArrivals.every((m) => m.has(id)) && sosUpdates.every((m) => m.has(id));
    for (let n = 0; n < (trips.length ? SOS_ALARMS : 0); n++) {
      const sent = performance.now();
      const res = await fetch(`${base}/api/trip/sos/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          tripId: trips[n % trips.length],
          caller: n % 2 ? 'driver' : 'passenger',
          lat: -1.2864,
          lng: 36.8172,
        }),
      });
      const body = (await res.json()) as { data?: { id: number } };
      const answered = performance.now();
      if (res.status !== 201 || !body.data) throw new Error(`sos report: ${res.status} ${JSON.stringify(body)}`);
      const id = body.data.id;
      sosRuns.push({ id, sent, answered });
      const wait = performance.now() + 5_000;
      while (!everySocketHas(id) && performance.now() < wait) await new Promise((r) => setTimeout(r, 2));
      if (!everySocketHas(id)) sosMissing++;
      // Closed, so that the next report on this trip raises a new alarm.
      const closed = await fetch(`${base}/api/trip/sos-call-logs/${id}/false-alarm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${staffToken}` },
        body: JSON.stringify({ note: 'Benchmark alarm' }),
      });
      if (closed.status !== 200) throw new Error(`sos close: ${closed.status} ${await closed.text()}`);
    }
    /** Per alarm: when the last socket had both events, from the report's request and from its answer. */
    const sosAll: number[] = [];
    const sosAllSinceAnswer: number[] = [];
    const sosEach: number[] = [];
    for (const run of sosRuns) {
      let last = -Infinity;
      for (let i = 0; i < sockets.length; i++) {
        const a = sosArrivals[i].get(run.id);
        const u = sosUpdates[i].get(run.id);
        if (a === undefined || u === undefined) continue;
        sosEach.push(a - run.sent);
        last = Math.max(last, a, u);
      }
      if (Number.isFinite(last)) {
        sosAll.push(last - run.sent);
        sosAllSinceAnswer.push(last - run.answered);
      }
    }
    const sosEvery = Float64Array.from(sosAll).sort();
    const sosEveryAnswer = Float64Array.from(sosAllSinceAnswer).sort();
    const sosSocket = Float64Array.from(sosEach).sort();
    const sosHttp = Float64Array.from(sosRuns.map((r) => r.answered - r.sent)).sort();

    const result = {
      sockets: sockets.length,
      notifications: runs.length,
      concurrency: CONCURRENCY,
      adapter,
      delivered: measuredDelivered,
      expected: measuredExpected,
      duplicates,
      registrationsPerSecond: Number((runs.length / runSeconds).toFixed(1)),
      httpMs: { p50: percentile(http, 50), p99: percentile(http, 99) },
      arrivalMinusAnswerMs: {
        p50: percentile(byAnswer, 50),
        p99: percentile(byAnswer, 99),
        max: byAnswer[byAnswer.length - 1],
      },
      arrivalMinusRequestMs: {
        p50: percentile(byRequest, 50),
        p99: percentile(byRequest, 99),
        max: byRequest[byRequest.length - 1],
      },
      fanOutSpreadMs: { p50: percentile(spread, 50), p99: percentile(spread, 99) },
      arrivedBeforeAnswer: Number((beforeAnswer / Math.max(1, sinceAnswer.length)).toFixed(3)),
      sos: {
        alarms: sosRuns.length,
        missing: sosMissing,
        httpMs: { p50: percentile(sosHttp, 50), p99: percentile(sosHttp, 99) },
        everySocketSinceRequestMs: {
          p50: percentile(sosEvery, 50),
          p99: percentile(sosEvery, 99),
          max: sosEvery[sosEvery.length - 1],
        },
        everySocketSinceAnswerMs: { p50: percentile(sosEveryAnswer, 50), p99: percentile(sosEveryAnswer, 99) },
        oneSocketSinceRequestMs: { p50: percentile(sosSocket, 50), p99: percentile(sosSocket, 99) },
      },
      node: process.version,
      cpus: os.cpus().length,
    };
    console.log('');
    console.log(
      `  delivered ${measuredDelivered} / expected ${measuredExpected} (${runs.length} notifications x ${sockets.length} sockets), duplicates ${duplicates}`,
    );
    console.log(
      `  registrations: ${result.registrationsPerSecond}/s, HTTP p50 ${ms(result.httpMs.p50)}, p99 ${ms(result.httpMs.p99)}`,
    );
    console.log(
      `  arrival - API answered: p50 ${ms(result.arrivalMinusAnswerMs.p50)}, p99 ${ms(result.arrivalMinusAnswerMs.p99)}, max ${ms(result.arrivalMinusAnswerMs.max)}`,
    );
    console.log(
      `  arrival - request sent: p50 ${ms(result.arrivalMinusRequestMs.p50)}, p99 ${ms(result.arrivalMinusRequestMs.p99)}, max ${ms(result.arrivalMinusRequestMs.max)}`,
    );
    console.log(
      `  fan-out (last socket - first socket, per notification): p50 ${ms(result.fanOutSpreadMs.p50)}, p99 ${ms(result.fanOutSpreadMs.p99)}`,
    );
    console.log(
      `  events that arrived before the HTTP answer: ${(result.arrivedBeforeAnswer * 100).toFixed(1)} % (the route emits after its commit, before it answers)`,
    );
    console.log(
      `  target p99 (arrival - answered) <= 50 ms: ${result.arrivalMinusAnswerMs.p99 <= 50 ? 'met' : 'NOT met'}`,
    );
    if (sosRuns.length) {
      console.log('');
      console.log(
        `  SOS: ${sosRuns.length} alarms through POST /api/trip/sos/report, each to ${sockets.length} sockets (sos notification + sosUpdated), missing ${sosMissing}`,
      );
      console.log(`  SOS report HTTP p50 ${ms(result.sos.httpMs.p50)}, p99 ${ms(result.sos.httpMs.p99)}`);
      console.log(
        `  SOS until every socket has it (from the request): p50 ${ms(result.sos.everySocketSinceRequestMs.p50)}, p99 ${ms(result.sos.everySocketSinceRequestMs.p99)}, max ${ms(result.sos.everySocketSinceRequestMs.max)}`,
      );
      console.log(
        `  SOS until every socket has it (from the answer): p50 ${ms(result.sos.everySocketSinceAnswerMs.p50)}, p99 ${ms(result.sos.everySocketSinceAnswerMs.p99)}`,
      );
      console.log(
        `  SOS target p99 (every socket, from the request) <= 100 ms: ${result.sos.everySocketSinceRequestMs.p99 <= 100 ? 'met' : 'NOT met'}`,
      );
    } else console.log('  SOS: no trip under way in the demo data; case skipped');
    console.log(`\nRESULT ${JSON.stringify(result)}`);
    process.exitCode =
      measuredDelivered === measuredExpected && duplicates === 0 && sosMissing === 0 && sosRuns.length > 0 ? 0 : 1;
  } finally {
    stop();
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 8000).unref();
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
    });
  }
}

if (process.env.BENCH_REALTIME_ROLE === 'server') {
  serve().catch((e: unknown) => {
    process.send?.({ failed: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies ToParent);
    process.exit(1);
  });
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
