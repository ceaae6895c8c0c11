import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../server/db/index.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { seedDemo } from '../../server/db/seed/index.js';
import { testConfig } from '../../server/config.js';
import { copySeededFiles, seededDump, unpackDatabase } from '../../scripts/lib/seedCache.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a seeded data-dir dump. PostgreSQL: name of a seeded template database. */
    seededTemplate: string;
    /** PGlite: the files the seed stored, beside the dump (the shutdown test copies them into its data directory). */
    seededFiles: string;
    /** PGlite: the dump unpacked as a data directory, for each test file's database to be a copy of. */
    seededDataDir: string;
    /** PGlite: where those copies go (in memory where the system has /dev/shm); removed after the run. */
    scratchDir: string;
  }
}

const SCRATCH_PREFIX = 'ride-tests-';

/**
 * A directory of this run for the test files' databases, in memory (/dev/shm) where there is one. Left
 * behind by runs that died (the process in its name is gone), it is removed first.
 */
function scratchRoot(): string {
  const parent = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  for (const name of fs.readdirSync(parent).filter((n) => n.startsWith(SCRATCH_PREFIX))) {
    const pid = Number(name.slice(SCRATCH_PREFIX.length).split('-')[0]);
    if (!processLives(pid)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  return fs.mkdtempSync(path.join(parent, `${SCRATCH_PREFIX}${process.pid}-`));
}

function processLives(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The seeded demo city for every test file to start from a copy of: the cached PGlite dump, or on
 * PostgreSQL a template database migrated and seeded once per run.
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
    project.provide('seededFiles', config.filesDir);
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
  // PGlite: the cached dump (scripts/lib/seedCache.ts), made now only when the sources or the day changed.
  const dump = await seededDump();
  copySeededFiles(dump, config.filesDir);
  project.provide('seededTemplate', dump.tar);
  project.provide('seededFiles', dump.filesDir);
  // A copy of an unpacked data directory opens in about a third of the time PGlite takes to load the dump
  // into memory (0.5 s against 1.1-1.8 s per test file's database), and PostgreSQL reads only the pages it needs.
  const scratch = scratchRoot();
  const seeded = path.join(scratch, 'seeded');
  unpackDatabase(dump.tar, seeded);
  project.provide('seededDataDir', seeded);
  project.provide('scratchDir', scratch);
  console.log(`[server tests] seeded PGlite ${dump.built ? 'built' : 'from the cache'} in ${dump.ms} ms`);
  return async () => fs.rmSync(scratch, { recursive: true, force: true });
}
