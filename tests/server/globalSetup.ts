import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../server/db/index.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { seedDemo } from '../../server/db/seed/index.js';
import { testConfig } from '../../server/config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a seeded data-dir dump. PostgreSQL: name of a seeded template database. */
    seededTemplate: string;
  }
}

/**
 * Migrates and seeds the demo data once per run; every test file then starts
 * from a copy of it (a PGlite dump, or a PostgreSQL template database).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const config = testConfig();
  const started = Date.now();
  if (process.env.DATABASE_URL) {
    const name = `ride_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const handle = await createDb({ databaseUrl: url.toString(), poolSize: 4 });
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, { filesDir: config.filesDir, scryptN: config.scryptN });
    await handle.close();
    project.provide('seededTemplate', name);
    console.log(`[server tests] seeded PostgreSQL template ${name} in ${Date.now() - started} ms`);
    return async () => {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname like 'ride_test_%' or datname = $1`,
        [name],
      );
      const { rows } = await admin.query(
        `select datname from pg_database where datname like 'ride_test_${process.pid}_%'`,
      );
      for (const r of rows) await admin.query(`drop database if exists ${r.datname}`);
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    };
  }
  // A small WAL, and a checkpoint before the dump: each test file's copy then starts without replaying the
  // seed's WAL, and the dump drops from about 205 to 121 MB (a file's database loads in a third of the time).
  const handle = await createDb({ postgresqlConf: ['min_wal_size = 32MB', 'max_wal_size = 32MB'] });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, { filesDir: config.filesDir, scryptN: config.scryptN });
  await handle.pglite!.query('CHECKPOINT');
  const dump = await handle.pglite!.dumpDataDir('none');
  const file = path.resolve('node_modules/.tmp', `seeded-${process.pid}.tar`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('seededTemplate', file);
  console.log(`[server tests] seeded PGlite in ${Date.now() - started} ms`);
  return async () => fs.rmSync(file, { force: true });
}
