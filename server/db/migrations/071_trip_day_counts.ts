import type { Kysely } from 'kysely';
import { body, DELTA, upserts, type Rollup } from './008_trip_rollups.js';
import { runStatements } from './run.js';

/**
 * Trips per city-local day (Africa/Nairobi, written out: a migration never changes) and status, for
 * deep list pages (issue 30): the trips list finds the day holding row N of its order by adding up
 * these counts (a few hundred rows) and skips only into that day, instead of walking N index
 * entries. trip_daily has the same days, split four ways (~10,000 rows at a million trips, 1.5 ms to
 * add up against 0.3 ms here).
 *
 * Statement triggers keep it exact in the same transaction as the trip write, as trip_counts (002)
 * and the rollups (008) are kept; the migration backfills from the trips present.
 */
const DAY_COUNTS: Rollup = {
  table: 'trip_day_counts',
  keys: [
    ['day', `(requested_at at time zone 'Africa/Nairobi')::date`],
    ['status', 'status'],
  ],
  // A day's count fits an integer, whose sums (bigint) PostgreSQL adds faster than bigint's (numeric).
  measures: [['n', 'sum(s)']],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table trip_day_counts (
      day date not null,
      status text not null,
      n integer not null default 0,
      primary key (day, status)
    )`,
    `create function trip_day_counts_apply() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
${body(upserts(DELTA.insert, [DAY_COUNTS]))}
    elsif tg_op = 'DELETE' then
${body(upserts(DELTA.delete, [DAY_COUNTS]))}
    else
${body(upserts(DELTA.update, [DAY_COUNTS]))}
    end if;
    return null;
  end $$`,
    `create trigger trips_day_counts_insert after insert on trips referencing new table as new_rows for each statement execute function trip_day_counts_apply()`,
    `create trigger trips_day_counts_update after update on trips referencing old table as old_rows new table as new_rows for each statement execute function trip_day_counts_apply()`,
    `create trigger trips_day_counts_delete after delete on trips referencing old table as old_rows for each statement execute function trip_day_counts_apply()`,
    ...upserts(`(select 1 as s, t.* from trips t) d`, [DAY_COUNTS]),
    `analyze trip_day_counts`,
  ]);
}
