/**
 * Fills a database with trips for load tests: `npm run seed:scale -- --trips 1000000`.
 * Uses DATABASE_URL (PostgreSQL) when set, else the PGlite data directory DATA_DIR
 * (default ./data). An empty database first gets the demo city.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/index.js';
import { lockDataDir } from '../server/db/lock.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { isEmpty, seedDemo } from '../server/db/seed/index.js';
import { seedScale } from '../server/db/seed/tripScale.js';

const { values } = parseArgs({ options: { trips: { type: 'string', default: '1000000' } } });
const trips = Number(values.trips);
if (!Number.isSafeInteger(trips) || trips < 1) {
  console.error('--trips must be a positive whole number');
  process.exit(1);
}

const config = loadConfig();
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir!);
const started = Date.now();
const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
try {
  console.log(`[seed:scale] ${where}: ${trips} trips`);
  await migrateToLatest(handle.db);
  if (await isEmpty(handle.db)) {
    const t0 = Date.now();
    await seedDemo(handle.db, { filesDir: config.filesDir, scryptN: config.scryptN });
    console.log(`[seed:scale] demo city seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const result = await seedScale(handle.db, { trips, log: (line) => console.log(`[seed:scale] ${line}`) });
  console.log(`[seed:scale] added ${result.added} trips in ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
} finally {
  await handle.close();
  unlock();
}
