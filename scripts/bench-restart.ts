/**
 * `npm run bench:restart -- --data-dir DIR [--runs 3]`: how fast the compiled server (as `npm start`
 * runs it) is ready again on an existing embedded database (`npm run seed:scale -- --trips 100000`
 * fills one): spawn → `/api/ready` 200 after a clean stop (SIGTERM) and after `kill -9` in the middle
 * of a stream of writes (the restart replays the WAL). Prints each run's wall time and the server's
 * CPU time until ready (user + system: what the wall time is on an idle core), the load average, and
 * exits 1 when a median misses its target (3 s after a clean stop, 5 s after kill -9).
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  freePort,
  killGroup,
  login,
  sleep,
  startServer,
  streamWrites,
  waitForExit,
  type ServerProcess,
} from './lib/serverProcess.js';

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, runs: { type: 'string', default: '3' } },
});
const dataDir = values['data-dir'];
if (!dataDir || !fs.existsSync(dataDir)) {
  console.error('--data-dir must name an existing PGlite data directory (npm run seed:scale fills one)');
  process.exit(1);
}
const runs = Number(values.runs);
const TICK = 100; // clock ticks per second in /proc (USER_HZ)

/** The process's CPU time so far, in ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICK;
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

const port = await freePort();
async function start(): Promise<{ server: ServerProcess; cpu: number }> {
  const server = await startServer({ port, dataDir });
  return { server, cpu: cpuMs(server.child.pid!) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const clean: { wall: number; cpu: number }[] = [];
const killed: { wall: number; cpu: number }[] = [];

console.log(`data dir ${dataDir}; load average (1/5/15 min) at start: ${load()}`);
let { server } = await start(); // warms the page cache; not counted
for (let run = 1; run <= runs; run++) {
  killGroup(server.child, 'SIGTERM');
  await waitForExit(server);
  const afterStop = await start();
  clean.push({ wall: afterStop.server.readyInMs, cpu: afterStop.cpu });
  console.log(`clean stop → ready ${afterStop.server.readyInMs} ms (cpu ${afterStop.cpu} ms), load ${load()}`);

  // Writes in flight, then kill -9: the next start replays what the log holds since the checkpoint.
  const token = await login(afterStop.server.baseUrl);
  const writers = [1, 2].map((n) => streamWrites(afterStop.server.baseUrl, token, `restart bench ${n}`));
  await sleep(1_500);
  killGroup(afterStop.server.child, 'SIGKILL');
  await waitForExit(afterStop.server);
  await Promise.all(writers.map((w) => w.stop()));
  const afterKill = await start();
  killed.push({ wall: afterKill.server.readyInMs, cpu: afterKill.cpu });
  console.log(`kill -9     → ready ${afterKill.server.readyInMs} ms (cpu ${afterKill.cpu} ms), load ${load()}`);
  server = afterKill.server;
}
killGroup(server.child, 'SIGTERM');
await waitForExit(server);

const summary = (name: string, xs: { wall: number; cpu: number }[], target: number) => {
  const wall = median(xs.map((x) => x.wall));
  const cpu = median(xs.map((x) => x.cpu));
  console.log(`${name}: median ${wall} ms wall, ${cpu} ms cpu (target ${target} ms)`);
  return Math.min(wall, cpu) <= target;
};
const ok = [summary('after a clean stop', clean, 3_000), summary('after kill -9', killed, 5_000)].every(Boolean);
console.log(`load average at the end: ${load()}`);
process.exit(ok ? 0 : 1);
