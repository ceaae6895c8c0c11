/**
 * bench:api's CSV export case: a CSV export of every trip, measured on the server's own process.
 * The real server (as `npm start` runs it) starts as a child on the same database, the export
 * streams over loopback HTTP, and this process only counts rows (inflating br or gzip when asked
 * for it). The server's RSS is sampled from /proc/<pid>/status every 20 ms (VmRSS), and its peak is
 * also read from VmHWM; growth is the peak less the RSS it had before the export.
 *
 * Each encoding gets a fresh server that exports `rounds` times: cold (started and signed in,
 * nothing else served), then warm. Each export comes right after a bare `COPY (the same rows and
 * values) TO STDOUT (FORMAT csv)`, its pair: on a shared two-core machine a few seconds can run
 * 40 % slower (a bare COPY took 9.2 s of PostgreSQL's CPU in one minute, 14.1 s in another), so
 * an export is compared with the COPY run just before it, and an encoding by the median of its
 * pairs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { ensureBuilt, SERVER_ENTRY } from './build.mjs';
import { COPY_SETTINGS } from '../../server/rest/copyExport.js';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demoAccounts.js';

export type ExportEncoding = 'identity' | 'br' | 'gzip';

export interface ExportRun {
  encoding: ExportEncoding;
  heap: 'cold' | 'warm';
  rows: number;
  seconds: number;
  wireMb: number;
  rowsPerSecond: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  hwmMb: number;
  hwmReset: boolean;
  rssGrowthMb: number;
  cpuSeconds: number;
  /** The bare COPY run just before this export, rows/s (undefined on PGlite). */
  plainRowsPerSecond?: number;
}

export interface ExportBenchOptions {
  databaseUrl?: string;
  /** The SELECT of the bare COPY (copyStatements' `plain`), undefined on PGlite. */
  plainCopy?: string;
  /** count(*) of trips: every export and COPY must give as many rows. */
  rows: number;
  encodings: ExportEncoding[];
  rounds: number;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

const procStatus = (pid: number) => {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
};

/** User + system CPU seconds of a process, from /proc/<pid>/stat. */
const procCpu = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Rows per second of the bare COPY (PostgreSQL's own CSV, the planner's own plan, JIT off as the server has it). */
async function timePlainCopy(options: ExportBenchOptions): Promise<number | undefined> {
  if (!options.plainCopy || !options.databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    for (const [name, value] of Object.entries(COPY_SETTINGS)) await client.query(`set ${name} = '${value}'`);
    const t0 = process.hrtime.bigint();
    const stream = client.query(copyTo(`copy (${options.plainCopy}) to stdout (format csv)`));
    let lines = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>)
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    if (lines < options.rows) throw new Error(`plain COPY: ${lines} lines for ${options.rows} trips`);
    return options.rows / seconds;
  } finally {
    await client.end();
  }
}

/** The built server as a child process on a free port, signed in as the first demo account. */
async function startServer(databaseUrl: string | undefined) {
  const port = await freePort();
  await ensureBuilt({ panel: false });
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_GLOBAL: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let ready = false; !ready;) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      ready = await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 250));
    }
    const signIn = await fetch(`${base}/api/user/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password }),
    });
    const bearer = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
    await new Promise((r) => setTimeout(r, 1000));
    return { pid: child.pid!, base, bearer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** One export of every trip, counted line by line, with the server's time, memory and CPU. */
async function exportOnce(
  server: Server,
  encoding: ExportEncoding,
  heap: ExportRun['heap'],
  rowsExpected: number,
): Promise<ExportRun> {
  const { pid } = server;
  const before = procStatus(pid);
  // The peak since the server started is before.hwm; reset it (clear_refs 5) where the kernel allows.
  let hwmReset = true;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  let peak = before.rss;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, procStatus(pid).rss);
    } catch {
      /* exited */
    }
  }, 20);
  const cpu0 = procCpu(pid);
  const t0 = process.hrtime.bigint();
  const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http
      .get(
        `${server.base}/api/trip/trips/export?format=csv`,
        { headers: { authorization: `Bearer ${server.bearer}`, 'accept-encoding': encoding } },
        resolve,
      )
      .on('error', reject),
  );
  if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode}`);
  const onWire = res.headers['content-encoding'] ?? 'identity';
  if (onWire !== encoding) throw new Error(`export: asked for ${encoding}, got ${onWire}`);
  // The inflater hands out 256 KiB at a time: zlib's 16 KiB default made ~21,000 trips to its thread
  // and back per export, a load on the two cores the server and PostgreSQL share with this process.
  const inflated = { chunkSize: 256 * 1024 };
  const body: AsyncIterable<Buffer> =
    onWire === 'br'
      ? res.pipe(zlib.createBrotliDecompress(inflated))
      : onWire === 'gzip'
        ? res.pipe(zlib.createGunzip(inflated))
        : res;
  let lines = 0;
  let wireBytes = 0;
  res.on('data', (chunk: Buffer) => (wireBytes += chunk.length));
  // Counts CRLF in the bytes, without decoding them; a row's CRLF may be split between chunks.
  let lastByte = 0;
  for await (const bytes of body) {
    if (!bytes.length) continue;
    if (lastByte === 13 && bytes[0] === 10) lines++;
    for (let i = bytes.indexOf(13); i !== -1 && i < bytes.length - 1; i = bytes.indexOf(13, i + 1))
      if (bytes[i + 1] === 10) lines++;
    lastByte = bytes[bytes.length - 1];
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  clearInterval(sampler);
  const after = procStatus(pid);
  const rows = lines - 1;
  if (rows !== rowsExpected) throw new Error(`export: ${rows} rows but count(*) = ${rowsExpected}`);
  const peakMb = Math.max(peak, hwmReset ? after.hwm : peak);
  return {
    encoding,
    heap,
    rows,
    seconds,
    wireMb: wireBytes / 2 ** 20,
    rowsPerSecond: rows / seconds,
    rssBeforeMb: before.rss,
    rssPeakMb: peakMb,
    hwmMb: after.hwm,
    hwmReset,
    rssGrowthMb: peakMb - before.rss,
    cpuSeconds: procCpu(pid) - cpu0,
  };
}

/** An export's rows/s over those of the bare COPY just before it (undefined without one). */
export const shareOfCopy = (r: ExportRun) =>
  r.plainRowsPerSecond ? r.rowsPerSecond / r.plainRowsPerSecond : undefined;

/** The median of an encoding's shares of the bare COPY, undefined without a bare COPY. */
export function medianShare(runs: ExportRun[]): number | undefined {
  const shares = runs.map(shareOfCopy).filter((s): s is number => s !== undefined);
  if (!shares.length) return undefined;
  const sorted = [...shares].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function describe(r: ExportRun): string {
  const s = shareOfCopy(r);
  return `${r.heap}, Accept-Encoding: ${r.encoding} (${r.wireMb.toFixed(0)} MB on the wire): ${r.seconds.toFixed(1)} s, ${Math.round(r.rowsPerSecond).toLocaleString('en')} rows/s; server RSS ${r.rssBeforeMb.toFixed(0)} MB before, peak ${r.rssPeakMb.toFixed(0)} MB (VmHWM ${r.hwmMb.toFixed(0)} MB${r.hwmReset ? '' : ', since start'}), growth ${r.rssGrowthMb.toFixed(0)} MB; server CPU ${r.cpuSeconds.toFixed(1)} s${s === undefined ? '' : `; bare COPY just before: ${Math.round(r.plainRowsPerSecond!).toLocaleString('en')} rows/s, ${(100 * s).toFixed(0)} % of it`}`;
}

/** Every encoding's exports, each paired with the bare COPY run right before it, printed as they come. */
export async function benchExports(options: ExportBenchOptions): Promise<ExportRun[]> {
  const runs: ExportRun[] = [];
  console.log(
    `\nCSV export of all ${options.rows.toLocaleString('en')} trips, the server in its own process, ${options.rounds} exports per encoding, each right after a bare COPY … TO STDOUT (FORMAT csv) of the same rows and values:`,
  );
  for (const encoding of options.encodings) {
    const server = await startServer(options.databaseUrl);
    try {
      for (let round = 0; round < options.rounds; round++) {
        const plain = await timePlainCopy(options);
        const run = await exportOnce(server, encoding, round === 0 ? 'cold' : 'warm', options.rows);
        runs.push({ ...run, plainRowsPerSecond: plain });
        console.log(`  ${describe(runs[runs.length - 1])}`);
      }
    } finally {
      await server.stop();
    }
  }
  return runs;
}
