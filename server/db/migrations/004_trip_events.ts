import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * What happened to a trip and who did it, one row per step: the timeline of the trip page reads it
 * next to the trip's own timestamps (which say when, not who). `kind` is a step (requested,
 * assigned, reassigned, arrived, started, completed, cancelled, no_driver_found, and later offers:
 * offered, declined); `actor` says who acted (staff, passenger, driver, system); `staff_id` names the
 * staff member, `driver_id` the driver the step concerns, `note` a cancellation reason.
 * Trips written before this migration have no rows: the page falls back to their timestamps.
 * Also two indexes for the trips list's filters (below).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table trip_events (
      id serial primary key,
      trip_id integer not null references trips(id) on delete cascade,
      at timestamptz not null default now(),
      kind text not null,
      status text not null,
      actor text not null check (actor in ('staff', 'passenger', 'driver', 'system')),
      staff_id integer references staffs(id) on delete set null,
      driver_id integer references drivers(id) on delete set null,
      note text
    )`,
    `create index trip_events_trip_idx on trip_events (trip_id, at, id)`,
    // The trips list filters by payment method or vehicle type within a requested-time range; its
    // exact count is then an index-only range count instead of reading every trip of the range.
    `create index trips_payment_requested_at_idx on trips (payment_method, requested_at, id)`,
    `create index trips_vehicle_type_requested_at_idx on trips (vehicle_type_id, requested_at, id)`,
  ]);
}
