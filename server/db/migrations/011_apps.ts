import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * The driver and passenger apps (issue 16).
 * - app_sessions: one row per app sign-in (phone + OTP), so a sign-out or a block ends the token
 *   like a staff session. `kind` is driver or passenger, `subject_id` that driver's or passenger's id.
 * - trip_offers: every offer of a requested trip to a driver, with its outcome; at most one pending
 *   offer per trip (partial unique index), so two cascades cannot offer one trip twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table app_sessions (
      id uuid primary key,
      kind text not null check (kind in ('driver', 'passenger')),
      subject_id integer not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`,
    `create index app_sessions_subject_idx on app_sessions (kind, subject_id)`,
    `create table trip_offers (
      id serial primary key,
      trip_id integer not null references trips(id) on delete cascade,
      driver_id integer not null references drivers(id) on delete cascade,
      attempt integer not null,
      radius_km double precision not null,
      distance_km double precision not null,
      sent_at timestamptz not null default now(),
      expires_at timestamptz not null,
      answered_at timestamptz,
      outcome text check (outcome in ('accepted', 'declined', 'timeout', 'cancelled'))
    )`,
    `create index trip_offers_trip_idx on trip_offers (trip_id, sent_at, id)`,
    `create unique index trip_offers_one_pending_key on trip_offers (trip_id) where outcome is null`,
    `create index trip_offers_driver_pending_idx on trip_offers (driver_id) where outcome is null`,
    // A driver's acceptance rate reads the driver's offers of the last 30 days.
    `create index trip_offers_driver_sent_idx on trip_offers (driver_id, sent_at)`,
  ]);
}
