import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  freshPgDatabase,
  killGroup,
  login,
  missingContacts,
  sleep,
  startServer,
  streamWrites,
  waitForExit,
  type ServerProcess,
} from '../../scripts/lib/serverProcess.js';

// The real server as `npm start` runs it, on the embedded database (or a fresh PostgreSQL database
// under test:pg), stopped with SIGTERM while writes stream in.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-shutdown-'));
const pg = process.env.DATABASE_URL ? await freshPgDatabase(process.env.DATABASE_URL, 'ride_shutdown') : undefined;
const running: ServerProcess[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const server of running) killGroup(server.child, 'SIGKILL');
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<ServerProcess> {
  const server = await startServer({ port, dataDir, databaseUrl: pg?.url });
  running.push(server);
  return server;
}

/** A staff panel's socket; resolves once connected. */
async function openSocket(baseUrl: string, token: string): Promise<Socket> {
  const socket = connectClient(baseUrl, { auth: { token }, transports: ['websocket'], reconnectionDelayMax: 1_000 });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('graceful shutdown', () => {
  it('finishes the writes in flight on SIGTERM, loses none it acknowledged, and restarts at once', async () => {
    const port = await freePort();
    const first = await start(port);
    const token = await login(first.baseUrl);
    const socket = await openSocket(first.baseUrl, token);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const writers = [1, 2, 3].map((n) => streamWrites(first.baseUrl, token, `shutdown ${n}`));
    await sleep(1_500);
    const sentAt = Date.now();
    killGroup(first.child, 'SIGTERM');
    expect(await waitForExit(first)).toBe(0);
    const stoppedInMs = Date.now() - sentAt;
    await Promise.all(writers.map((w) => w.stop()));
    const acknowledged = writers.flatMap((w) => w.acknowledged);
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(stoppedInMs).toBeLessThan(10_000);
    expect(fs.existsSync(path.join(dataDir, 'ride-admin.lock'))).toBe(false);

    // "transport close" is a reason the client reconnects on (unlike "io server disconnect").
    expect(await disconnected).toBe('transport close');
    expect(socket.active).toBe(true);

    const reconnected = new Promise<void>((resolve) => socket.once('connect', resolve));
    const second = await start(port);
    expect(second.readyInMs).toBeLessThan(30_000);
    expect(await missingContacts(second.baseUrl, await login(second.baseUrl), acknowledged)).toEqual([]);
    await reconnected; // the same socket, with no help from the page, is back on the restarted server
    killGroup(second.child, 'SIGTERM');
    expect(await waitForExit(second)).toBe(0);
  }, 180_000);
});
