/**
 * npm run check:durability [-- --cycles 6]
 *
 * Starts the real server on a fresh data directory (or a fresh PostgreSQL database when
 * DATABASE_URL is set), streams committed writes, kill -9s the server's whole process group at a
 * random moment, restarts it, and checks that every write it acknowledged is still there. Prints
 * rows acknowledged, rows lost and restart time per cycle; exits 1 on any loss.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
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
} from './lib/serverProcess.js';

const { values } = parseArgs({ options: { cycles: { type: 'string', default: '6' }, seed: { type: 'string' } } });
const cycles = Math.max(5, Number(values.cycles));
const WRITERS = 4;

// A small seeded generator, so a failing run can be repeated with --seed.
let state = Number(values.seed ?? Date.now() % 1_000_000);
const seed = state;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-durability-'));
const pg = process.env.DATABASE_URL ? await freshPgDatabase(process.env.DATABASE_URL, 'ride_durability') : undefined;
const logFile = path.join(dataDir, '..', `${path.basename(dataDir)}.log`);
const port = await freePort();
console.log(
  `durability: ${cycles} kill -9 cycles on ${pg ? 'PostgreSQL' : `PGlite in ${dataDir}`}, seed ${seed}, log ${logFile}`,
);

const acknowledged: number[] = [];
let lost: number[] = [];
let server: ServerProcess | undefined;
const rows: string[] = [];
try {
  server = await startServer({ port, dataDir, databaseUrl: pg?.url, logFile });
  console.log(`first start (migrate and seed): ${server.readyInMs} ms`);
  for (let cycle = 1; cycle <= cycles; cycle++) {
    const token = await login(server.baseUrl);
    const writers = Array.from({ length: WRITERS }, (_, i) => streamWrites(server!.baseUrl, token, `c${cycle}w${i}`));
    await sleep(500 + random() * 2_500);
    killGroup(server.child, 'SIGKILL');
    await waitForExit(server);
    await Promise.all(writers.map((w) => w.stop()));
    const thisCycle = writers.flatMap((w) => w.acknowledged);
    acknowledged.push(...thisCycle);

    server = await startServer({ port, dataDir, databaseUrl: pg?.url, logFile });
    lost = await missingContacts(server.baseUrl, await login(server.baseUrl), acknowledged);
    rows.push(
      `| ${cycle} | ${thisCycle.length} | ${acknowledged.length} | ${lost.length} | ${(server.readyInMs / 1000).toFixed(1)} s |`,
    );
    console.log(
      `cycle ${cycle}: ${thisCycle.length} writes acknowledged before kill -9, ${acknowledged.length} in all, ` +
        `${lost.length} lost; restart ready in ${server.readyInMs} ms`,
    );
    if (lost.length) break;
  }
} finally {
  if (server) {
    killGroup(server.child, 'SIGTERM');
    await waitForExit(server).catch(() => killGroup(server!.child, 'SIGKILL'));
  }
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log('\n| cycle | acknowledged | acknowledged in all | lost | restart |\n|---|---|---|---|---|');
console.log(rows.join('\n'));
if (lost.length) {
  console.error(`FAIL: ${lost.length} acknowledged rows lost (ids ${lost.slice(0, 20).join(', ')}…)`);
  process.exit(1);
}
console.log(`\nok: ${acknowledged.length} acknowledged rows, none lost`);
