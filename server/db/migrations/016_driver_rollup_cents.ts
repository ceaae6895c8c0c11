import type { Kysely } from 'kysely';
import { body, DELTA, ROLLUPS, upserts, type Rollup } from './008_trip_rollups.js';
import { runStatements } from './run.js';

/**
 * The per-driver rollups (trip_driver_daily, trip_driver_monthly of migration 008) keep money in
 * integer cents (bigint) instead of numeric(16,2): the drivers' revenue report sums tens of
 * thousands of these rows per request, and bigint sums are several times cheaper than numeric
 * ones (most of all in PGlite) while staying exact. The columns are renamed with a `_cents`
 * suffix so that no reader can take cents for shillings. The trigger function of 008 is replaced
 * by the same upserts with the driver tables' money measures multiplied by 100 (exact: trip money
 * is numeric(12,2)).
 */
const MONEY = ['fare_total', 'fare_discount', 'commission', 'cancellation_fee'];
const DRIVER_TABLES = ['trip_driver_daily', 'trip_driver_monthly'];

export const ROLLUPS_016: Rollup[] = ROLLUPS.map((r) =>
  DRIVER_TABLES.includes(r.table)
    ? {
        ...r,
        measures: r.measures.map(([name, e]): [string, string] =>
          MONEY.includes(name) ? [`${name}_cents`, `((${e}) * 100)::bigint`] : [name, e],
        ),
      }
    : r,
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    ...DRIVER_TABLES.flatMap((table) => [
      `alter table ${table} ${MONEY.map((c) => `alter column ${c} drop default, alter column ${c} type bigint using (${c} * 100)::bigint, alter column ${c} set default 0`).join(', ')}`,
      ...MONEY.map((c) => `alter table ${table} rename column ${c} to ${c}_cents`),
    ]),
    `create or replace function trip_rollups_apply() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
${body(upserts(DELTA.insert, ROLLUPS_016))}
    elsif tg_op = 'DELETE' then
${body(upserts(DELTA.delete, ROLLUPS_016))}
    else
${body(upserts(DELTA.update, ROLLUPS_016))}
    end if;
    return null;
  end $$`,
    // PGlite has no autovacuum: a rollup analyzed only when 008 created it empty keeps reltuples = 0
    // and gets nested-loop and sort plans at a million trips (the trip report's top reasons: ~35 ms
    // before, ~23 ms after on PGlite). PostgreSQL's autovacuum analyzes them anyway.
    ...['trip_driver_daily', 'trip_driver_monthly', 'trip_daily', 'trip_reasons', 'trip_hourly', 'signups_daily'].map(
      (table) => `analyze ${table}`,
    ),
  ]);
}
