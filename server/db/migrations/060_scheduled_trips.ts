import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Trips booked for later (issue 32): a `scheduled` trip waits, without a driver, until its lead time
 * before `scheduled_at`; the releaser (server/trip/trips/scheduled.ts) then claims it once across
 * processes (`update … where status = 'scheduled' … returning`) and it becomes requested, with
 * `released_at` stamped so the offer cascade adopts it after a restart. `unassigned_alerted_at`
 * marks the one notification sent when it still has no driver 5 minutes before pickup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table trips add column scheduled_at timestamptz`,
    `alter table trips add column released_at timestamptz`,
    `alter table trips add column unassigned_alerted_at timestamptz`,
    `alter table trips drop constraint trips_status_check`,
    `alter table trips add constraint trips_status_check check (status in ('scheduled', 'requested', 'accepted', 'arrived', 'in_progress', 'completed', 'cancelled_by_passenger', 'cancelled_by_driver', 'no_driver_found'))`,
    `alter table trips drop constraint trips_check`,
    `alter table trips add constraint trips_check check (driver_id is not null or status in ('scheduled', 'requested', 'cancelled_by_passenger', 'no_driver_found'))`,
    `alter table trips add constraint trips_scheduled_at_check check (status <> 'scheduled' or scheduled_at is not null)`,
    `create index trips_scheduled_due_idx on trips (scheduled_at, id) where status = 'scheduled'`,
    `create index trips_scheduled_unassigned_idx on trips (scheduled_at) where scheduled_at is not null and driver_id is null and unassigned_alerted_at is null and status in ('scheduled', 'requested')`,
  ]);
}
