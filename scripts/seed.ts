/**
 * `npm run seed` seeds an empty database; `npm run seed -- --reset` drops
 * everything first and rebuilds the demo city. Uses DATABASE_URL or DATA_DIR.
 */
import { sql } from 'kysely';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/index.js';
import { lockDataDir } from '../server/db/lock.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { isEmpty, seedDemo } from '../server/db/seed/index.js';
import fs from 'node:fs';

const reset = process.argv.includes('--reset');
const config = loadConfig();
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir!);
try {
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (reset) {
    await sql`drop schema public cascade`.execute(handle.db);
    await sql`create schema public`.execute(handle.db);
    fs.rmSync(config.filesDir, { recursive: true, force: true });
    console.log('Dropped every table.');
  }
  await migrateToLatest(handle.db);
  if (await isEmpty(handle.db)) {
    const started = Date.now();
    await seedDemo(handle.db, { filesDir: config.filesDir, scryptN: config.scryptN });
    console.log(`Seeded the demo data in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } else {
    console.log('The database already holds data; use --reset to rebuild it.');
  }
  await handle.close();
} finally {
  unlock();
}
