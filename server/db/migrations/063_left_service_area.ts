import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * A driver leaving the service area on a trip (issue 32): `left_area_at` is set once when a position
 * of the trip's driver falls outside every active service area, and cleared when one is back inside
 * (server/trip/trips/areaFlag.ts). The guard `left_area_at is null` makes the flag once across processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`alter table trips add column left_area_at timestamptz`]);
}
