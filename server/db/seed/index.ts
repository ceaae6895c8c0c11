import type { Db } from '../index.js';
import { seedTripService } from './trip.js';
import { seedUserService } from './user.js';

export interface SeedOptions {
  filesDir: string;
  scryptN: number;
  now?: Date;
}

/** Each service's seed, in dependency order. */
const SEEDS: ((db: Db, opts: SeedOptions) => Promise<void>)[] = [seedUserService, seedTripService];

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('roles').select('id').limit(1).executeTakeFirst();
  return !row;
}

export async function seedDemo(db: Db, opts: SeedOptions): Promise<void> {
  for (const seed of SEEDS) await seed(db, opts);
}
