import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * A driver has at most one active trip (requested … in progress), even when two dispatchers assign
 * at the same moment. The assign path also locks the driver's row; this index is the last word.
 * The statuses are ACTIVE_TRIP_STATUSES of src/domain/trip.ts, written out: a migration never changes.
 */
export const ONE_ACTIVE_TRIP_PER_DRIVER = 'trips_one_active_per_driver_key';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create unique index ${ONE_ACTIVE_TRIP_PER_DRIVER} on trips (driver_id)
      where status in ('requested', 'accepted', 'arrived', 'in_progress') and driver_id is not null`,
  ]);
}
