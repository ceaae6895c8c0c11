import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The demo city, migrated and seeded once and kept as a PGlite data-dir dump with the files the seed
 * wrote, under node_modules/.cache/ride-admin/seeded-<key>/. The key hashes every source file the
 * migrations and the seed import (found by esbuild, so a change anywhere in their import graph makes
 * a new dump), PGlite's version and the city's local day. The seed writes times relative to now, so
 * a dump older than MAX_AGE_MS is made again: a test then never sees a city that stopped hours ago.
 *
 * Every suite starts from it: the server tests load it per file, the browser suite's server and the
 * shutdown test unpack it into their data directory (`unpackSeeded`). Two runs that need it at once
 * both build it and the second rename loses harmlessly: the directory appears whole or not at all.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(ROOT, 'node_modules/.cache/ride-admin');
const MAX_AGE_MS = 60 * 60_000;
// server/config.ts: the seed's password hashes are made at testConfig()'s cost.
const ENTRIES = [
  'server/db/migrations/index.ts',
  'server/db/migrate.ts',
  'server/db/seed/index.ts',
  'server/config.ts',
];

export interface SeededDump {
  /** The PGlite data-dir dump (an uncompressed tar of the data directory). */
  tar: string;
  /** The files the seed stored (documents, photos), to copy into the server's files directory. */
  filesDir: string;
  /** Whether this call built it (false: taken from the cache). */
  built: boolean;
  ms: number;
}

async function sourceKey(): Promise<string> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: 'out',
    logLevel: 'silent',
  });
  const hash = crypto.createHash('sha256');
  for (const input of Object.keys(result.metafile.inputs).sort()) {
    hash
      .update(input)
      .update('\0')
      .update(fs.readFileSync(path.join(ROOT, input)))
      .update('\0');
  }
  const pglite = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  hash.update(`pglite ${pglite.version}\0`);
  // The city's day: the seed's "today" (dashboards, reports) must be the tests' today.
  hash.update(new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date()));
  return hash.digest('hex').slice(0, 16);
}

/** The seeded demo city: from the cache when a fresh one is there, else built now (about 30 s). */
export async function seededDump(): Promise<SeededDump> {
  const started = Date.now();
  const dir = path.join(CACHE, `seeded-${await sourceKey()}`);
  const tar = path.join(dir, 'data.tar');
  const filesDir = path.join(dir, 'files');
  if (fs.existsSync(tar) && Date.now() - fs.statSync(tar).mtimeMs < MAX_AGE_MS)
    return { tar, filesDir, built: false, ms: Date.now() - started };

  // Imported here: a run that finds the dump never loads PGlite or the seed in this process.
  const { createDb } = await import('../../server/db/index.js');
  const { migrateToLatest } = await import('../../server/db/migrate.js');
  const { seedDemo } = await import('../../server/db/seed/index.js');
  const { testConfig } = await import('../../server/config.js');
  fs.mkdirSync(CACHE, { recursive: true });
  const work = fs.mkdtempSync(path.join(CACHE, 'building-'));
  try {
    // A small WAL and a checkpoint before the dump: a copy starts without replaying the seed's WAL, and
    // the dump is about 120 MB instead of 205 (a test file's database loads in a third of the time).
    const handle = await createDb({ postgresqlConf: ['min_wal_size = 32MB', 'max_wal_size = 32MB'] });
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, { filesDir: path.join(work, 'files'), scryptN: testConfig().scryptN });
    await handle.pglite!.query('CHECKPOINT');
    const dump = await handle.pglite!.dumpDataDir('none');
    fs.writeFileSync(path.join(work, 'data.tar'), Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    // A stale dump is moved aside, not emptied in place: a run still reading it reads one whole dump.
    if (fs.existsSync(dir)) fs.renameSync(dir, `${work}-stale`);
    fs.renameSync(work, dir);
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    // Another run put its copy there first: use that one.
    if (!fs.existsSync(tar)) throw error;
  }
  for (const name of fs.readdirSync(CACHE)) pruneIfOld(path.join(CACHE, name));
  return { tar, filesDir, built: true, ms: Date.now() - started };
}

/** Drops what no run can still be reading (each dump is ~130 MB): dumps three times past their age, leftovers. */
function pruneIfOld(full: string) {
  const age = Date.now() - fs.statSync(full).mtimeMs;
  if (age > 3 * MAX_AGE_MS || (!path.basename(full).startsWith('seeded-') && age > MAX_AGE_MS))
    fs.rmSync(full, { recursive: true, force: true });
  else if (full.endsWith('-stale')) fs.rmSync(full, { recursive: true, force: true });
}

/** Copies the seed's stored files into a server's files directory. */
export function copySeededFiles(dump: Pick<SeededDump, 'filesDir'>, filesDir: string): void {
  fs.cpSync(dump.filesDir, filesDir, { recursive: true });
}

/**
 * Makes `dataDir` a server's data directory holding the seeded city: the database unpacked where
 * PGlite keeps it (the directory itself) and the seed's files under files/. A server started on it
 * migrates nothing and seeds nothing.
 */
export function unpackSeeded(dump: Pick<SeededDump, 'tar' | 'filesDir'>, dataDir: string): void {
  unpackDatabase(dump.tar, dataDir);
  copySeededFiles(dump, path.join(dataDir, 'files'));
}

/** Makes `dataDir` a PGlite data directory holding the dump's database (without the seed's files). */
export function unpackDatabase(tar: string, dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  // Quiet: tar says it drops the leading "/" of every name (the dump's paths are absolute).
  execFileSync('tar', ['-xf', tar, '-C', dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
}
