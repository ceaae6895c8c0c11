import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Daily rollups of trips, for the dashboard and the reports (issue 15). Each trip counts on the
 * city-local day it was requested (Africa/Nairobi, written out: a migration never changes):
 *
 * - trip_daily: day × vehicle type × payment method × status: trips, fares, discounts, commission,
 *   cancellation fees, distance, duration, and the sums and counts behind the average time to
 *   accept and wait at pickup;
 * - trip_reasons: the same keys × cancellation reason: trips with a reason;
 * - trip_hourly: day × local hour × vehicle type × payment method: trips requested (demand);
 * - trip_driver_daily and trip_driver_monthly: day (month) × driver: trips, completed trips, fares,
 *   discounts, commission, fees; a period reads whole months from the monthly table, its edges daily.
 *
 * Statement triggers keep them exact in the same transaction as the trip write, as trip_counts
 * is kept (002): an insert adds its rows, a delete subtracts them, an update subtracts the old
 * versions and adds the new ones (groups that net to zero are skipped). Bulk loads through
 * INSERT … SELECT (seed:scale) fire them too. The migration backfills from the trips present.
 */
const ZONE = `'Africa/Nairobi'`;
const DAY = `(requested_at at time zone ${ZONE})::date`;
const HOUR = `extract(hour from requested_at at time zone ${ZONE})::smallint`;

const ACCEPT = `extract(epoch from accepted_at - requested_at)`;
const WAIT = `extract(epoch from started_at - arrived_at)`;
const PICKED_UP = `started_at is not null and arrived_at is not null`;

export interface Rollup {
  table: string;
  keys: [name: string, expression: string][];
  measures: [name: string, expression: string][];
  where?: string;
}

const DRIVER_MEASURES: Rollup['measures'] = [
  ['trips', 'sum(s)'],
  ['completed', `coalesce(sum(s) filter (where status = 'completed'), 0)`],
  ['fare_total', `coalesce(sum(s * fare_total) filter (where status = 'completed'), 0)`],
  ['fare_discount', `coalesce(sum(s * fare_discount) filter (where status = 'completed'), 0)`],
  ['commission', 'sum(s * commission)'],
  ['cancellation_fee', 'sum(s * cancellation_fee)'],
];

export const ROLLUPS: Rollup[] = [
  {
    table: 'trip_daily',
    keys: [
      ['day', DAY],
      ['vehicle_type_id', 'vehicle_type_id'],
      ['payment_method', 'payment_method'],
      ['status', 'status'],
    ],
    measures: [
      ['trips', 'sum(s)'],
      ['fare_total', 'sum(s * fare_total)'],
      ['fare_discount', 'sum(s * fare_discount)'],
      ['commission', 'sum(s * commission)'],
      ['cancellation_fee', 'sum(s * cancellation_fee)'],
      ['distance_km', 'sum(s * distance_km)'],
      ['duration_min', 'sum(s * duration_min)'],
      ['accept_s', `coalesce(sum(s * ${ACCEPT}) filter (where accepted_at is not null), 0)`],
      ['accept_n', `coalesce(sum(s) filter (where accepted_at is not null), 0)`],
      ['wait_s', `coalesce(sum(s * ${WAIT}) filter (where ${PICKED_UP}), 0)`],
      ['wait_n', `coalesce(sum(s) filter (where ${PICKED_UP}), 0)`],
    ],
  },
  {
    table: 'trip_reasons',
    keys: [
      ['day', DAY],
      ['vehicle_type_id', 'vehicle_type_id'],
      ['payment_method', 'payment_method'],
      ['status', 'status'],
      ['reason', 'cancellation_reason'],
    ],
    measures: [['trips', 'sum(s)']],
    where: 'cancellation_reason is not null',
  },
  {
    table: 'trip_hourly',
    keys: [
      ['day', DAY],
      ['hour', HOUR],
      ['vehicle_type_id', 'vehicle_type_id'],
      ['payment_method', 'payment_method'],
    ],
    measures: [['trips', 'sum(s)']],
  },
  {
    table: 'trip_driver_daily',
    keys: [
      ['day', DAY],
      ['driver_id', 'driver_id'],
    ],
    measures: DRIVER_MEASURES,
    where: 'driver_id is not null',
  },
  {
    table: 'trip_driver_monthly',
    keys: [
      ['month', `date_trunc('month', requested_at at time zone ${ZONE})::date`],
      ['driver_id', 'driver_id'],
    ],
    measures: DRIVER_MEASURES,
    where: 'driver_id is not null',
  },
];

/**
 * The upserts over `delta` (s = +1 or −1 per trip row), shared by the trigger and the backfill.
 * Groups whose every sum is zero (a row touched without a counted change) are skipped; keys are
 * written in order so that concurrent writers lock rollup rows in the same order.
 */
export function upserts(delta: string, rollups: Rollup[] = ROLLUPS): string[] {
  return rollups.map(({ table, keys, measures, where }) => {
    const positions = keys.map((_, i) => i + 1).join(', ');
    const names = [...keys, ...measures].map(([n]) => n).join(', ');
    return `insert into ${table} as r (${names})
      select ${[...keys, ...measures].map(([, e]) => e).join(', ')}
      from ${delta}${where ? ` where ${where}` : ''}
      group by ${positions} having ${measures.map(([, e]) => `${e} <> 0`).join(' or ')} order by ${positions}
      on conflict (${keys.map(([n]) => n).join(', ')}) do update set ${measures.map(([n]) => `${n} = r.${n} + excluded.${n}`).join(', ')}`;
  });
}

/** An update counts as its old rows taken out and its new rows put in; no join, so bulk updates stay linear. */
export const DELTA = {
  insert: `(select 1 as s, t.* from new_rows t) d`,
  delete: `(select -1 as s, t.* from old_rows t) d`,
  update: `(select 1 as s, t.* from new_rows t union all select -1 as s, t.* from old_rows t) d`,
};

export const body = (statements: string[]) => statements.map((s) => `    ${s};`).join('\n');

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table trip_daily (
      day date not null,
      vehicle_type_id integer not null,
      payment_method text not null,
      status text not null,
      trips bigint not null default 0,
      fare_total numeric(16,2) not null default 0,
      fare_discount numeric(16,2) not null default 0,
      commission numeric(16,2) not null default 0,
      cancellation_fee numeric(16,2) not null default 0,
      distance_km numeric(16,2) not null default 0,
      duration_min bigint not null default 0,
      accept_s numeric not null default 0,
      accept_n bigint not null default 0,
      wait_s numeric not null default 0,
      wait_n bigint not null default 0,
      primary key (day, vehicle_type_id, payment_method, status)
    )`,
    `create table trip_reasons (
      day date not null,
      vehicle_type_id integer not null,
      payment_method text not null,
      status text not null,
      reason text not null,
      trips bigint not null default 0,
      primary key (day, vehicle_type_id, payment_method, status, reason)
    )`,
    `create table trip_hourly (
      day date not null,
      hour smallint not null,
      vehicle_type_id integer not null,
      payment_method text not null,
      trips bigint not null default 0,
      primary key (day, hour, vehicle_type_id, payment_method)
    )`,
    `create table trip_driver_daily (
      day date not null,
      driver_id integer not null,
      trips bigint not null default 0,
      completed bigint not null default 0,
      fare_total numeric(16,2) not null default 0,
      fare_discount numeric(16,2) not null default 0,
      commission numeric(16,2) not null default 0,
      cancellation_fee numeric(16,2) not null default 0,
      primary key (day, driver_id)
    )`,
    `create table trip_driver_monthly (
      month date not null,
      driver_id integer not null,
      trips bigint not null default 0,
      completed bigint not null default 0,
      fare_total numeric(16,2) not null default 0,
      fare_discount numeric(16,2) not null default 0,
      commission numeric(16,2) not null default 0,
      cancellation_fee numeric(16,2) not null default 0,
      primary key (month, driver_id)
    )`,
    `create function trip_rollups_apply() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
${body(upserts(DELTA.insert))}
    elsif tg_op = 'DELETE' then
${body(upserts(DELTA.delete))}
    else
${body(upserts(DELTA.update))}
    end if;
    return null;
  end $$`,
    `create trigger trips_rollup_insert after insert on trips referencing new table as new_rows for each statement execute function trip_rollups_apply()`,
    `create trigger trips_rollup_update after update on trips referencing old table as old_rows new table as new_rows for each statement execute function trip_rollups_apply()`,
    `create trigger trips_rollup_delete after delete on trips referencing old table as old_rows for each statement execute function trip_rollups_apply()`,
    ...upserts(`(select 1 as s, t.* from trips t) d`),
    `create index if not exists passengers_created_at_idx on passengers (created_at)`,
    `create index if not exists drivers_created_at_idx on drivers (created_at)`,
    `analyze trip_daily`,
    `analyze trip_reasons`,
    `analyze trip_hourly`,
    `analyze trip_driver_daily`,
    `analyze trip_driver_monthly`,
  ]);
}
