import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Pricing screens: a vehicle type's trips of the last 7 days are counted from this index alone
 * (a range scan per type) instead of the whole table's recent rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create index trips_vehicle_type_requested_at_idx on trips (vehicle_type_id, requested_at)`,
  ]);
}
