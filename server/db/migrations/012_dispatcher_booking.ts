import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * The dispatcher's phone booking:
 * - `trips.driver_note`: the note a dispatcher gives the driver ("gate B, blue door"), shown on the trip;
 * - the seeded Dispatcher role books and assigns (create-Trip, update-Trip, create-Passenger). A fresh
 *   database gets these from the seed; this grants them to a Dispatcher role of an existing one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table trips add column driver_note text`,
    `insert into role_permissions (role_id, permission_id)
       select r.id, p.id from roles r cross join permissions p
       where r.name = 'Dispatcher' and p.name in ('create-Trip', 'update-Trip', 'create-Passenger')
       on conflict do nothing`,
  ]);
}
