import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Issue 25. `auth_counters`: the sign-in counters that must hold across processes and outlive a
 * minute (failed codes per phone, SMS sent per phone per hour and day, failed passwords per staff
 * account, and the locks they set), one row per key with its count and the end of its window.
 * `sos_call_logs.verified`: false for an alarm reported without the trip's app token (only while
 * the SOS_PUBLIC_REPORTS setting allows such reports); the banner marks it unverified.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table auth_counters (
      key text primary key,
      count integer not null,
      reset_at timestamptz not null
    )`,
    `create index auth_counters_reset_at_idx on auth_counters (reset_at)`,
    `alter table sos_call_logs add column verified boolean not null default true`,
  ]);
}
