/**
 * What runtime compression of API answers costs the server, at the trip list's throughput.
 *
 *   npm run bench:compress
 *
 * A child process runs the real app (buildApp) on an in-memory PGlite copy of the demo data
 * (or on BENCH_DATABASE_URL, seeded if empty), listening on 127.0.0.1. This process signs in
 * as the Super Admin and keeps BENCH_CONCURRENCY (4) requests in flight for BENCH_SECONDS (2)
 * per run on a page of 25 trips (newest first), with Accept-Encoding `identity`, `gzip` and
 * `br` in turn (rotating order), BENCH_ROUNDS (10) times.
 * Answers are read undecoded. Per run it records requests per second, the server process's
 * CPU time per request (process.cpuUsage, over IPC) and the bytes per answer. It prints the
 * medians, the loss of each compressed run against the uncompressed run of the same round
 * (median over rounds), and exits 1 when that loss is above BENCH_MAX_LOSS_PCT (10).
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoAccounts.js';

const SECONDS = numEnv('BENCH_SECONDS', 2);
const ROUNDS = numEnv('BENCH_ROUNDS', 10);
const CONCURRENCY = numEnv('BENCH_CONCURRENCY', 4);
const MAX_LOSS_PCT = numEnv('BENCH_MAX_LOSS_PCT', 10);
const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];
const LIST = `/api/trip/trips?sort=${encodeURIComponent('["requestedAt","DESC"]')}&range=${encodeURIComponent('[0,24]')}`;

function numEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

type ToParent = { ready: true; port: number } | { cpuMs: number } | { failed: string };

// ---------------------------------------------------------------- server side

async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app.js');
  const { testConfig } = await import('../server/config.js');
  const { createDb } = await import('../server/db/index.js');
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const handle = await createDb(databaseUrl ? { databaseUrl } : {});
  const config = testConfig({
    logLevel: 'warn',
    databaseUrl,
    rateLimits: { loginPerIp: 1_000_000, perEmail: 1_000_000, windowMs: 60_000, global: 0 },
  });
  // buildApp migrates and, the database being empty, seeds the demo city.
  const app = await buildApp(config, { db: handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  process.on('message', (m) => {
    if (m === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuMs: (user + system) / 1000 } satisfies ToParent);
    }
    if (m === 'stop') void app.close().finally(() => handle.close().finally(() => process.exit(0)));
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ ready: true, port } satisfies ToParent);
}

// ---------------------------------------------------------------- client side

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_COMPRESS_ROLE: 'server' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server process exited early (code ${code})`)));
    child.once('message', (m: ToParent) => {
      if ('failed' in m) reject(new Error(m.failed));
      else if ('port' in m) resolve({ child, port: m.port });
    });
  });
}

const serverCpuMs = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    const onMessage = (m: ToParent) => {
      if ('cpuMs' in m) {
        child.off('message', onMessage);
        resolve(m.cpuMs);
      }
    };
    child.on('message', onMessage);
    child.send('cpu');
  });

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; bytes: number; text: string; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          bytes: all.length,
          text: method === 'POST' ? all.toString() : '',
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface Run {
  rps: number;
  cpuMsPerRequest: number;
  bytesPerAnswer: number;
}

async function run(
  child: ChildProcess,
  port: number,
  token: string,
  encoding: Encoding,
  seconds: number,
): Promise<Run> {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': encoding };
  let count = 0;
  let bytes = 0;
  const cpuBefore = await serverCpuMs(child);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const res = await request(port, 'GET', LIST, headers);
        if (res.status !== 200) throw new Error(`the list answered ${res.status}`);
        if (res.encoding !== encoding) throw new Error(`asked for ${encoding}, got ${res.encoding}`);
        count++;
        bytes += res.bytes;
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = (await serverCpuMs(child)) - cpuBefore;
  return { rps: count / elapsedS, cpuMsPerRequest: cpu / count, bytesPerAnswer: bytes / count };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main(): Promise<void> {
  const { child, port } = await startServer();
  try {
    const login = await request(
      port,
      'POST',
      '/api/user/auth/login',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password }),
    );
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
    const token = JSON.parse(login.text).data.accessToken as string;

    // Warm-up: JIT, caches, connection pool.
    for (const encoding of ENCODINGS) await run(child, port, token, encoding, 1);
    const rounds: Record<Encoding, Run>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // The order rotates so that no encoding always runs first (or right after a particular one).
      const order = ENCODINGS.map((_, i) => ENCODINGS[(i + round) % ENCODINGS.length]);
      const runs = {} as Record<Encoding, Run>;
      for (const encoding of order) runs[encoding] = await run(child, port, token, encoding, SECONDS);
      rounds.push(runs);
      console.log(
        `round ${String(round + 1).padStart(2)}  ` +
          ENCODINGS.map((e) => `${e} ${runs[e].rps.toFixed(0)} req/s ${runs[e].cpuMsPerRequest.toFixed(3)} ms`).join(
            '   ',
          ),
      );
    }

    // Each compressed run is compared with the uncompressed run of its own round: the machine's
    // drift between rounds (other processes on a shared host) cancels out of the ratio.
    console.log(
      `\nMedians over ${ROUNDS} rounds of ${SECONDS} s per encoding, ${CONCURRENCY} in flight, page of 25 trips:`,
    );
    console.log('encoding    req/s  Δ req/s (paired)  CPU ms/req  Δ CPU/req (paired)  kB/answer');
    const misses: string[] = [];
    for (const encoding of ENCODINGS) {
      const rps = median(rounds.map((r) => r[encoding].rps));
      const cpu = median(rounds.map((r) => r[encoding].cpuMsPerRequest));
      const kb = median(rounds.map((r) => r[encoding].bytesPerAnswer)) / 1000;
      const loss = median(rounds.map((r) => (1 - r[encoding].rps / r.identity.rps) * 100));
      const extraCpu = median(rounds.map((r) => (r[encoding].cpuMsPerRequest / r.identity.cpuMsPerRequest - 1) * 100));
      console.log(
        `${encoding.padEnd(9)} ${rps.toFixed(0).padStart(6)} ${(-loss).toFixed(1).padStart(14)} % ${cpu.toFixed(3).padStart(11)} ${extraCpu.toFixed(1).padStart(17)} %  ${kb.toFixed(2).padStart(9)}`,
      );
      if (loss > MAX_LOSS_PCT)
        misses.push(`${encoding} loses ${loss.toFixed(1)} % of the throughput (limit ${MAX_LOSS_PCT} %)`);
    }
    console.log(misses.length ? `\nMissed:\n${misses.join('\n')}` : `\nThroughput loss within ${MAX_LOSS_PCT} %: met`);
    process.exitCode = misses.length ? 1 : 0;
  } finally {
    child.removeAllListeners('exit');
    child.send('stop');
    agent.destroy();
  }
}

if (process.env.BENCH_COMPRESS_ROLE === 'server') {
  serve().catch((e) => {
    process.send?.({ failed: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies ToParent);
    process.exit(1);
  });
} else {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
