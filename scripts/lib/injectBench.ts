import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { createDb, type DbHandle } from '../../server/db/index.js';
import { lockDataDir } from '../../server/db/lock.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demoAccounts.js';

export interface BenchApp {
  app: FastifyInstance;
  handle: DbHandle;
  config: Config;
  headers: Record<string, string>;
  /** `--iterations` and `--warmup` from the command line (50 and 5 by default). */
  iterations: number;
  warmup: number;
  /** "PGlite (<dir>)" or "PostgreSQL", for the report's title. */
  where: string;
}

/**
 * The set-up the inject benchmarks share: the database of DATABASE_URL or DATA_DIR (locked when
 * PGlite), migrated (`migrationsNote` names what a first migration backfills), the app without
 * static files or the global rate limit, and a signed-in Super Admin. Closes it all after `run`.
 */
export async function withBenchApp(migrationsNote: string, run: (bench: BenchApp) => Promise<void>): Promise<void> {
  const { values } = parseArgs({
    options: { iterations: { type: 'string', default: '50' }, warmup: { type: 'string', default: '5' } },
  });
  const base = loadConfig();
  const config = { ...base, logLevel: 'warn', staticDir: undefined, rateLimits: { ...base.rateLimits, global: 0 } };
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir!);
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const migrated = Date.now();
    await migrateToLatest(handle.db);
    console.log(`migrations (${migrationsNote}): ${((Date.now() - migrated) / 1000).toFixed(1)} s`);
    const app = await buildApp(config, { db: handle });
    await app.ready();
    try {
      await run({
        app,
        handle,
        config,
        headers: await signedInHeaders(app),
        iterations: Number(values.iterations),
        warmup: Number(values.warmup),
        where: handle.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL',
      });
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    unlock();
  }
}

/** Signs the first demo account (Super Admin) in through the app and answers the request headers to use. */
export async function signedInHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password },
  });
  return { authorization: `Bearer ${login.json().data.accessToken as string}` };
}

/** The p-th percentile of samples (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A list filter or sort as the API's query string: each value JSON-encoded (`?range=[0,24]&sort=…`). */
export const listQueryString = (o: object) =>
  '?' + new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, JSON.stringify(v)])).toString();

/**
 * Times each case through inject (routing, auth, validation, engine, serialization) after warm-up
 * calls, and prints one line per case: p50, p95 and the answer's size. A case answering other than
 * 200 stops the benchmark.
 */
export async function timeCases(
  app: FastifyInstance,
  headers: Record<string, string>,
  cases: readonly { name: string; url: string }[],
  { warmup, iterations }: { warmup: number; iterations: number },
): Promise<void> {
  console.log('case'.padEnd(48), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'bytes'.padStart(8));
  for (const c of cases) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < warmup + iterations; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: c.url, headers });
      if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
      if (i >= warmup) times.push(performance.now() - started);
      bytes = res.body.length;
    }
    console.log(
      c.name.padEnd(48),
      percentile(times, 50).toFixed(1).padStart(8),
      percentile(times, 95).toFixed(1).padStart(8),
      String(bytes).padStart(8),
    );
  }
}
