import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureBuilt, SERVER_ENTRY } from './build.mjs';

/**
 * The real server as a child process, for the checks that must kill, stop and restart it
 * (durability, soak, graceful shutdown): the compiled server (dist-server/main.js, rebuilt first if
 * its sources changed), run by Node as `npm start` runs it, in a process group of its own, so a kill
 * reaches the process that holds the database. `npmStart: true` runs `npm start` itself (the
 * panel's build left out, no simulator): npm, scripts/start.mjs and the server in one group.
 */
export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Milliseconds from spawn until /api/ready answered 200. */
  readyInMs: number;
}

export interface ServerOptions {
  port: number;
  /** The embedded database's directory; ignored when databaseUrl is given. */
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Appends the server's output here; discarded when absent. */
  logFile?: string;
  /** More arguments for server/main.ts (e.g. --with-simulator). */
  args?: string[];
  /** Through `npm start` (npm and scripts/start.mjs in front of the server) rather than `node` alone. */
  npmStart?: boolean;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN = { email: 'admin@example.com', password: 'Admin@1234' };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** True when nothing accepts connections on the port. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

export async function startServer(opts: ServerOptions, timeoutMs = 180_000): Promise<ServerProcess> {
  if (!(await portIsFree(opts.port))) throw new Error(`port ${opts.port} is still in use`);
  await ensureBuilt({ panel: false });
  const out = opts.logFile ? fs.openSync(opts.logFile, 'a') : 'ignore';
  const started = Date.now();
  const [command, args] = opts.npmStart
    ? ['npm', ['start', '--silent']]
    : [process.execPath, ['--enable-source-maps', SERVER_ENTRY, ...(opts.args ?? [])]];
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir ?? '',
      DATABASE_URL: opts.databaseUrl ?? '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // These checks are the only client; the limits themselves are covered by the server tests.
      RATE_LIMIT_GLOBAL: '0',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      RATE_LIMIT_PER_EMAIL: '100000',
      // SOS reports without an app token, as older app builds send them (off by default; issue 25).
      SOS_PUBLIC_REPORTS: 'true',
      BUILD_PANEL: 'false',
      // `npm start` always runs the simulator; these checks bring their own traffic.
      ...(opts.npmStart ? { SIMULATOR_DRIVERS: '0' } : {}),
      ...opts.env,
    },
  });
  if (typeof out === 'number') fs.closeSync(out);
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const deadline = started + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok)
        return { child, baseUrl, port: opts.port, readyInMs: Date.now() - started };
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  killGroup(child, 'SIGKILL');
  throw new Error(`the server was not ready within ${timeoutMs} ms`);
}

/** Sends a signal to the server's whole process group. */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
  }
}

/** Waits for the process to end, and for its port to be free, as a restart needs. */
export async function waitForExit(server: ServerProcess, timeoutMs = 15_000): Promise<number | null> {
  const { child } = server;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const late = sleep(timeoutMs).then(() => {
    throw new Error(`the server did not exit within ${timeoutMs} ms`);
  });
  await Promise.race([exited, late]);
  const deadline = Date.now() + timeoutMs;
  while (!(await portIsFree(server.port))) {
    if (Date.now() > deadline) throw new Error(`port ${server.port} is still in use after the server exited`);
    await sleep(50);
  }
  return child.exitCode;
}

export async function login(baseUrl: string, account = ADMIN): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`login ${account.email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * Creates SOS contacts one after another until stopped, recording the id of every write the server
 * acknowledged with 201. A write the server never answered is not counted: it may or may not be there.
 */
export function streamWrites(baseUrl: string, token: string, label: string) {
  const acknowledged: number[] = [];
  let running = true;
  let n = 0;
  const done = (async () => {
    while (running) {
      try {
        const res = await fetch(`${baseUrl}/api/trip/sos-contacts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name: `${label} ${n++}`, phone: '+254700000000', description: 'durability check' }),
        });
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
        else await res.arrayBuffer();
      } catch {
        return; // the connection dropped: the server is gone
      }
    }
  })();
  return {
    acknowledged,
    async stop() {
      running = false;
      await done;
    },
    done,
  };
}

/** Which of these SOS contact ids the server does not have. */
export async function missingContacts(baseUrl: string, token: string, ids: number[]): Promise<number[]> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const query = new URLSearchParams({ filter: JSON.stringify({ id: chunk }), range: JSON.stringify([0, 499]) });
    const res = await fetch(`${baseUrl}/api/trip/sos-contacts?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`reading back: ${res.status} ${await res.text()}`);
    for (const row of (await res.json()) as { id: number }[]) found.add(row.id);
  }
  return ids.filter((id) => !found.has(id));
}

/** A new PostgreSQL database beside the one DATABASE_URL names, empty or a copy of `template`; `drop` removes it. */
export async function freshPgDatabase(databaseUrl: string, prefix: string, template?: string) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
