import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { Db } from '../../server/db/index.js';

/** A whole number from the environment, at least `min`; the fallback when unset, empty or not one. */
export function intEnv(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min ? n : fallback;
}

/**
 * Adds approved drivers ("Bench Driver n", types in turn, phones `<phonePrefix>00000`…, plates
 * `<platePrefix> 0000`…) until the city has `total`, 500 an insert; answers how many it added.
 */
export async function addBenchDrivers(
  db: Db,
  total: number,
  { phonePrefix, platePrefix }: { phonePrefix: string; platePrefix: string },
): Promise<number> {
  const types = await db.selectFrom('vehicleTypes').select('id').where('active', '=', true).execute();
  const have = await db
    .selectFrom('drivers')
    .select(db.fn.countAll<number>().as('n'))
    .where('approvalStatus', '=', 'approved')
    .executeTakeFirstOrThrow();
  const extra = Math.max(0, total - Number(have.n));
  for (let i = 0; i < extra; i += 500)
    await db
      .insertInto('drivers')
      .values(
        Array.from({ length: Math.min(500, extra - i) }, (_, j) => ({
          firstName: 'Bench',
          lastName: `Driver ${i + j + 1}`,
          phone: `${phonePrefix}${String(i + j).padStart(5, '0')}`,
          approvalStatus: 'approved',
          vehicleTypeId: types[(i + j) % types.length].id,
          vehiclePlate: `${platePrefix} ${String(i + j).padStart(4, '0')}`,
        })),
      )
      .execute();
  return extra;
}

export interface SimulatorOptions {
  /** The server's base URL. */
  url: string;
  drivers: number;
  passengers: number;
  /** `i/n`: this simulator plays every n-th driver from the i-th (one simulator a server). */
  shard?: string;
  /** The simulator's output goes here (written anew). */
  logFile: string;
}

/** scripts/simulate.ts as a child process (the apps' HTTP and Socket.IO contract only). */
export function spawnSimulator({ url, drivers, passengers, shard, logFile }: SimulatorOptions): ChildProcess {
  const log = fs.openSync(logFile, 'w');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/simulate.ts',
      '--url',
      url,
      '--drivers',
      String(drivers),
      '--passengers',
      String(passengers),
      // The pace the benchmarks were measured at (the demo's demand would book for a fifth of 2,000 drivers).
      '--trips-per-passenger-hour',
      '0.5',
      ...(shard ? ['--shard', shard] : []),
    ],
    { stdio: ['ignore', log, log] },
  );
  fs.closeSync(log);
  return child;
}

/**
 * Waits until the simulator's log says its drivers are online and answers how many; fails when it
 * exits first or after `timeoutMs`, with the log's path.
 */
export async function simulatorOnline(child: ChildProcess, logFile: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const m = fs.readFileSync(logFile, 'utf8').match(/\[simulator\] (\d+) drivers online/);
    if (m) return Number(m[1]);
    if (child.exitCode !== null) throw new Error(`the simulator exited with code ${child.exitCode} (see ${logFile})`);
    if (Date.now() - started > timeoutMs)
      throw new Error(`the simulator did not come online within ${timeoutMs / 60_000} min (see ${logFile})`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
