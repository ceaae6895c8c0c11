import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { unpackSeeded } from '../../scripts/lib/seedCache.js';
import {
  freePort,
  freshPgDatabase,
  killGroup,
  login,
  missingContacts,
  portIsFree,
  sleep,
  startServer,
  streamWrites,
  waitForExit,
  type ServerProcess,
} from '../../scripts/lib/serverProcess.js';

// The real server as `npm start` runs it (compiled, by Node; the first test through `npm start`
// itself), on the embedded database (or a fresh PostgreSQL database under test:pg), stopped with
// SIGTERM to its process group while writes stream in. It starts on a copy of the run's seeded city
// (the cached dump unpacked into its data directory, or a clone of the PostgreSQL template).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-shutdown-'));
const pg = process.env.DATABASE_URL
  ? await freshPgDatabase(process.env.DATABASE_URL, 'ride_shutdown', inject('seededTemplate'))
  : undefined;
if (!pg) unpackSeeded({ tar: inject('seededTemplate'), filesDir: inject('seededFiles') }, dataDir);
const running: ServerProcess[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const server of running) killGroup(server.child, 'SIGKILL');
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number, npmStart = false): Promise<ServerProcess> {
  const server = await startServer({ port, dataDir, databaseUrl: pg?.url, npmStart });
  running.push(server);
  return server;
}

/** Reads everything the server sends on a raw connection until it closes it. */
function readUntilClosed(connection: net.Socket): Promise<string> {
  let text = '';
  connection.setEncoding('utf8');
  connection.on('data', (chunk: string) => (text += chunk));
  return new Promise((resolve, reject) => {
    connection.once('close', () => resolve(text));
    connection.once('error', reject);
  });
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
  it('finishes the writes in flight on SIGTERM to `npm start`, loses none it acknowledged, and restarts at once', async () => {
    const port = await freePort();
    const first = await start(port, true);
    const token = await login(first.baseUrl);
    const socket = await openSocket(first.baseUrl, token);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const writers = [1, 2, 3].map((n) => streamWrites(first.baseUrl, token, `shutdown ${n}`));
    await sleep(1_500);
    const sentAt = Date.now();
    killGroup(first.child, 'SIGTERM');
    expect(await waitForExit(first)).toBe(0); // npm's exit code: it waited for the server's
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
  }, 300_000);

  it('answers 503 to readiness once it drains, yet finishes the request already in flight', async () => {
    const server = await start(await freePort());
    const token = await login(server.baseUrl);
    // A create whose body is still arriving when SIGTERM comes: the request is in flight.
    const body = JSON.stringify({ name: 'in flight at SIGTERM', phone: '+254700000000' });
    const connection = net.connect({ port: server.port, host: '127.0.0.1' });
    const received = readUntilClosed(connection);
    connection.write(
      'POST /api/trip/sos-contacts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(1_000);
    killGroup(server.child, 'SIGTERM');
    while (!(await portIsFree(server.port))) await sleep(50); // it has stopped accepting connections
    // The rest of the body, and a readiness probe behind it on the same connection.
    connection.write(`${body.slice(10)}GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const responses = (await received).split(/(?=HTTP\/1\.1 )/);
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 201 /);
    expect(responses[0]).toContain('"name":"in flight at SIGTERM"');
    expect(responses[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(await waitForExit(server)).toBe(0);
  }, 300_000);

  it('ends a CSV export in flight with a marker the client reads, and exits 0 even if a client stopped reading', async () => {
    const server = await start(await freePort());
    const token = await login(server.baseUrl);
    // Two exports of every trip (about 11 MB in the demo city): one client reads slowly, one never.
    const request =
      `GET /api/trip/trips/export HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      'Accept-Encoding: identity\r\n\r\n';
    const reader = net.connect({ port: server.port, host: '127.0.0.1' });
    const stalled = net.connect({ port: server.port, host: '127.0.0.1' });
    const received = readUntilClosed(reader);
    stalled.on('error', () => undefined);
    const started = new Promise<void>((resolve) => reader.once('data', () => resolve()));
    reader.write(request);
    stalled.write(request);
    await started;
    reader.pause();
    stalled.pause();
    await sleep(500); // both responses are now held back by their clients
    const sentAt = Date.now();
    killGroup(server.child, 'SIGTERM');
    await sleep(1_000);
    reader.resume();
    const text = await received;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toMatch(/transfer-encoding: chunked/i);
    // The body's last line is the marker, and the chunked body is complete (its last, empty chunk).
    expect(text).toMatch(
      /# Export interrupted: the server is restarting\. This file is incomplete; please export again\.\r\n\r\n0\r\n\r\n$/,
    );
    expect(await waitForExit(server)).toBe(0);
    expect(Date.now() - sentAt).toBeLessThan(10_000);
    stalled.destroy();
  }, 300_000);
});
