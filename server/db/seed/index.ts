import type { Db } from '../index.js';
import { TRIP_SEED_STEPS, seedTripService } from './trip.js';
import { seedUserService } from './user.js';

export interface SeedOptions {
  filesDir: string;
  scryptN: number;
  now?: Date;
  /** Told each step as it starts: `Seeding the demo city (2 of 7): prices, vehicle types and discounts`. */
  progress?: (line: string) => void;
}

/** Each service's seed, in dependency order. */
const SEEDS: ((db: Db, opts: SeedOptions) => Promise<void>)[] = [seedUserService, seedTripService];

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('roles').select('id').limit(1).executeTakeFirst();
  return !row;
}

/** Every step of the seed, for its progress lines. */
export const SEED_STEPS = ['staff, drivers and passengers', ...TRIP_SEED_STEPS];

export async function seedDemo(db: Db, opts: SeedOptions): Promise<void> {
  let done = 0;
  const progress = opts.progress
    ? (step: string) => opts.progress!(`Seeding the demo city (${++done} of ${SEED_STEPS.length}): ${step}`)
    : undefined;
  progress?.(SEED_STEPS[0]);
  for (const seed of SEEDS) await seed(db, { ...opts, progress });
}
