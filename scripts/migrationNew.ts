/**
 * `npm run migration:new -- <name> [--allow-data-loss] [--dry-run]`
 *
 * Compares every declared resource (src/domain/resources/declared, and any manifest entry that
 * names its `table`) with the database's schema and writes the next migration,
 * server/db/migrations/declared/<NNN>_<name>.ts, with what it takes: create a table; add, alter
 * or drop a column; add or drop a check, a reference, a unique index (server/db/declaredDiff.ts).
 * It prints the plan first. A drop or a narrower type is written only with --allow-data-loss
 * and says how many rows it touches; a field made required, a stricter check or a new unique rule
 * that the database's rows break is not written at all (it says how many rows, which would make
 * the migration fail). The database: DATABASE_URL, else the data directory (DATA_DIR, ./data) when it
 * exists (stop the server first: PGlite has one user), else a fresh one; either is first brought
 * up to the migrations there are, as `npm start` does. ROOT=<dir> writes into another copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { MANIFEST } from '../src/domain/resources/index.js';
import { DECLARATIONS } from '../server/resources.js';
import { createDb } from '../server/db/index.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { planMigration } from '../server/db/declaredDiff.js';
import { migrationFileSource, snake } from '../server/db/declaredSchema.js';
import { migrationsIndexSource } from './lib/resourceTemplate.js';
import { migrationDirs, nextMigrationNumber, tsFiles } from './lib/migrationFiles.js';

const root = path.resolve(process.env.ROOT ?? path.join(import.meta.dirname, '..'));
const USAGE = 'Usage: npm run migration:new -- <name> [--allow-data-loss] [--dry-run]';

async function write(file: string, source: string): Promise<void> {
  const options = await resolveConfig(file);
  fs.writeFileSync(file, await format(source, { ...options, filepath: file }));
}

async function main(argv: string[]): Promise<number> {
  const allowDataLoss = argv.includes('--allow-data-loss');
  const dryRun = argv.includes('--dry-run');
  const [name, ...rest] = argv.filter((a) => !a.startsWith('--'));
  const unknown = argv.filter((a) => a.startsWith('--') && a !== '--allow-data-loss' && a !== '--dry-run');
  if (!name || rest.length || unknown.length || !/^[a-z][a-z0-9]*([-_][a-z0-9]+)*$/.test(name))
    throw new Error(`Name the migration in kebab-case, e.g. vehicles-mileage\n${USAGE}`);

  const dataDir = path.resolve(root, process.env.DATA_DIR || './data');
  const handle = process.env.DATABASE_URL
    ? await createDb({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 })
    : await createDb({ dataDir: fs.existsSync(path.join(dataDir, 'PG_VERSION')) ? dataDir : undefined });
  try {
    await migrateToLatest(handle.db);
    const tables = new Map(DECLARATIONS.map((d) => [d.name, snake(d.table)]));
    const steps = await planMigration(handle.db.withoutPlugins(), MANIFEST, (resource) => tables.get(resource));
    if (!steps.length) {
      console.log('The database has what the declarations say: no migration to write.');
      return 0;
    }
    console.log('The plan:');
    for (const step of steps) {
      const mark = step.blocked ? '×' : step.dataLoss ? '!' : '+';
      const rows = step.dataLoss
        ? ` (drops or converts: ${step.dataLoss.rows} row${step.dataLoss.rows === 1 ? '' : 's'}, ${step.dataLoss.what})`
        : '';
      console.log(`  ${mark} ${step.summary}${rows}${step.blocked ? ` (fails: ${step.blocked})` : ''}`);
    }
    const blocked = steps.filter((s) => s.blocked);
    if (blocked.length) {
      console.error(
        '× The rows above would make the migration fail: fix them, or give the field a default, then run again.',
      );
      return 1;
    }
    const losing = steps.filter((s) => s.dataLoss);
    if (losing.length && !allowDataLoss) {
      console.error(
        `! ${losing.length} step${losing.length === 1 ? '' : 's'} drop or convert data: run again with --allow-data-loss to write ${losing.length === 1 ? 'it' : 'them'}.`,
      );
      return 1;
    }
    if (dryRun) return 0;
    const { declaredMigrationsDir } = migrationDirs(root);
    const file = path.join(declaredMigrationsDir, `${nextMigrationNumber(root)}_${name.replace(/-/g, '_')}.ts`);
    await write(
      file,
      migrationFileSource(
        `Written by \`npm run migration:new -- ${argv.join(' ')}\` from the declarations:\n//   ${steps.map((s) => s.summary).join('\n//   ')}`,
        steps.flatMap((s) => s.statements),
      ),
    );
    await write(path.join(declaredMigrationsDir, 'index.ts'), migrationsIndexSource(tsFiles(declaredMigrationsDir)));
    console.log(`wrote ${path.relative(root, file)}`);
    return 0;
  } finally {
    await handle.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
