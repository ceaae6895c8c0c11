/**
 * `npm run check:proxy`: the production layout of the README on loopback. Two server processes as
 * `NODE_ENV=production npm start` runs them (compiled, TRUST_PROXY=true) share a fresh database
 * beside DATABASE_URL and the Redis at REDIS_URL, behind nginx running deploy/nginx.conf (its
 * ports and paths moved to temporary ones). It checks through the proxy: readiness, a sign-in, a
 * Socket.IO connection that starts on long polling and upgrades to a WebSocket (sticky sessions),
 * a notification written through one process reaching a socket on the other, and, after a SIGTERM
 * to the process the socket is on, readiness still answered and the socket back on the other.
 * Exits 1 on any failure. Needs nginx (`/usr/sbin/nginx`, Debian package `nginx`, or NGINX=path).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connectClient, type Socket } from 'socket.io-client';
import {
  freePort,
  freshPgDatabase,
  killGroup,
  login,
  sleep,
  startServer,
  waitForExit,
  type ServerProcess,
} from './lib/serverProcess.js';

const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const { DATABASE_URL, REDIS_URL } = process.env;
if (!DATABASE_URL || !REDIS_URL) {
  console.error('check:proxy needs DATABASE_URL and REDIS_URL (a PostgreSQL and a Redis, as in production).');
  process.exit(1);
}
if (!fs.existsSync(NGINX)) {
  console.error(`check:proxy needs nginx at ${NGINX} (apt-get install nginx, or NGINX=/path/to/nginx).`);
  process.exit(1);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-proxy-'));
const db = await freshPgDatabase(DATABASE_URL, 'ride_proxy');
const servers: ServerProcess[] = [];
const sockets: Socket[] = [];
let nginx: ReturnType<typeof spawn> | undefined;

function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) throw new Error(what);
}

/** deploy/nginx.conf with its listen address, upstream ports and file paths moved to this run's. */
function nginxConfig(listen: number, upstreams: number[]): string {
  let conf = fs.readFileSync(path.resolve(import.meta.dirname, '../deploy/nginx.conf'), 'utf8');
  conf = conf.replace(/listen 80;/, `listen 127.0.0.1:${listen};`);
  conf = conf.replace('server 127.0.0.1:8081', `server 127.0.0.1:${upstreams[0]}`);
  conf = conf.replace('server 127.0.0.1:8082', `server 127.0.0.1:${upstreams[1]}`);
  conf = conf.replace(
    /worker_processes auto;/,
    `worker_processes 1;\npid ${work}/nginx.pid;\nerror_log ${work}/error.log;`,
  );
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${work}/${kind};`)
    .join('\n');
  conf = conf.replace(/http \{/, `http {\n  access_log off;\n${temp}`);
  if (!conf.includes(`listen 127.0.0.1:${listen};`)) throw new Error('deploy/nginx.conf: no `listen 80;` to move');
  return conf;
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(100);
  }
}

// The SMS provider's webhook (production has no outbox): answers 200 to every message.
const sms = http.createServer((req, res) => {
  req.resume();
  req.once('end', () => res.end('ok'));
});
await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));

try {
  const env = {
    SMS_WEBHOOK_URL: `http://127.0.0.1:${(sms.address() as AddressInfo).port}/sms`,
    NODE_ENV: 'production',
    TRUST_PROXY: 'true',
    REDIS_URL,
    JWT_SECRET: 'check-proxy-secret-that-is-long-enough-0123456789',
    SMTP_URL: 'smtp://127.0.0.1:9',
  };
  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  // One after the other: the first migrates and seeds the empty database.
  servers.push(await startServer({ port: portA, databaseUrl: db.url, env, logFile: `${work}/a.log` }));
  servers.push(await startServer({ port: portB, databaseUrl: db.url, env, logFile: `${work}/b.log` }));

  fs.writeFileSync(`${work}/nginx.conf`, nginxConfig(proxyPort, [portA, portB]));
  nginx = spawn(NGINX, ['-p', work, '-c', `${work}/nginx.conf`, '-g', 'daemon off;'], { stdio: 'inherit' });
  const proxy = `http://127.0.0.1:${proxyPort}`;
  await waitFor(async () => (await fetch(`${proxy}/api/ready`).catch(() => undefined))?.ok === true, 'nginx');
  check(true, `nginx on ${proxy} in front of :${portA} and :${portB}`);

  const token = await login(proxy);
  check(token.length > 0, 'sign-in through the proxy');

  // The panel's socket: long polling first, then the upgrade, all through the proxy.
  const socket = connectClient(proxy, { auth: { token }, reconnectionDelayMax: 1_000 });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await waitFor(() => socket.io.engine.transport.name === 'websocket', 'the upgrade to a WebSocket');
  check(true, 'Socket.IO connects by long polling and upgrades to a WebSocket (sticky sessions)');

  // Which process holds the socket: the other one answers Engine.IO's "Session ID unknown" (code 1).
  const holds = async (server: ServerProcess) => {
    const res = await fetch(`${server.baseUrl}/socket.io/?EIO=4&transport=polling&sid=${socket.io.engine.id}`);
    const body = (await res.json().catch(() => ({}))) as { code?: number };
    return body.code !== 1;
  };
  const [onA, onB] = [await holds(servers[0]), await holds(servers[1])];
  check(onA !== onB, `the socket lives on one process (:${onA ? portA : portB})`);
  const [holder, other] = onA ? [servers[0], servers[1]] : [servers[1], servers[0]];

  // A driver signing up through the other process: the admin's socket hears of it (Redis adapter).
  const got = new Promise<unknown>((resolve) => socket.once('newNotification', resolve));
  const phone = `+2547${String(Date.now()).slice(-8)}`;
  const signup = await fetch(`${other.baseUrl}/api/user/drivers/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Proxy', lastName: 'Check', phone }),
  });
  check(signup.status === 201, `a driver signs up through the other process (${signup.status})`);
  await Promise.race([got, sleep(10_000).then(() => Promise.reject(new Error('no notification in 10 s')))]);
  check(true, "the sign-up's notification reaches the socket on the first process");

  // A rolling restart: SIGTERM to the socket's process. The proxy keeps answering, the socket moves.
  const reconnected = new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve()));
  killGroup(holder.child, 'SIGTERM');
  check((await waitForExit(holder)) === 0, 'the process holding the socket stops gracefully (exit 0)');
  for (let i = 0; i < 5; i++) check((await fetch(`${proxy}/api/ready`)).ok, `readiness through the proxy (${i + 1}/5)`);
  await Promise.race([reconnected, sleep(15_000).then(() => Promise.reject(new Error('no reconnect in 15 s')))]);
  await waitFor(() => socket.io.engine.transport.name === 'websocket', 'the upgrade after the reconnect');
  check(await holds(other), 'the socket reconnected through the proxy to the other process');
  console.log('check:proxy passed');
} catch (e) {
  console.error(`check:proxy failed: ${e instanceof Error ? e.message : String(e)}`);
  console.error(`logs: ${work}`);
  process.exitCode = 1;
} finally {
  for (const socket of sockets) socket.close();
  nginx?.kill('SIGQUIT');
  for (const server of servers) killGroup(server.child, 'SIGTERM');
  for (const server of servers) await waitForExit(server).catch(() => undefined);
  await db.drop().catch(() => undefined);
  sms.close();
  if (process.exitCode !== 1) fs.rmSync(work, { recursive: true, force: true });
}
