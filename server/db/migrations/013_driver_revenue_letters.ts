import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Issue 15's last pieces: drivers' revenue request letters, and sign-ups by day (below).
 *
 * Drivers' revenue request letters: each letter issued is kept with its unique
 * reference and the figures, driver details and letterhead it was issued with, so fetching the
 * same reference again renders the same document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table driver_revenue_letters (
      id serial primary key,
      reference text not null unique,
      driver_id integer not null references drivers(id),
      from_month date not null,
      to_month date not null,
      issued_by integer references staffs(id) on delete set null,
      issued_at timestamptz not null default now(),
      content jsonb not null
    )`,
    `create index driver_revenue_letters_driver_idx on driver_revenue_letters (driver_id, issued_at)`,
    ...SIGNUP_STATEMENTS,
  ]);
}

/**
 * Sign-ups by local day (city time) for the growth chart and the totals by year: passengers and
 * drivers counted per local day of created_at, kept by statement triggers in the same transaction as
 * the insert, delete or created_at change, and backfilled here. Reading it costs a few hundred rows
 * instead of a pass over every passenger.
 */
const DAY = `(created_at at time zone 'Africa/Nairobi')::date`;
const signupStatements = (table: 'passengers' | 'drivers') => {
  // An update counts as its old rows taken out and its new ones put in, without a join (bulk
  // updates stay linear); days that net to zero, as for any update that keeps created_at, write nothing.
  const apply = (delta: string) =>
    `insert into signups_daily as s (kind, day, n)
      select '${table}', day, sum(x) from (${delta}) d group by 2 having sum(x) <> 0 order by 2
      on conflict (kind, day) do update set n = s.n + excluded.n`;
  const rows = (name: string, sign: 1 | -1) => `select ${DAY} as day, ${sign} as x from ${name}`;
  return [
    `create function ${table}_signups_apply() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      ${apply(rows('new_rows', 1))};
    elsif tg_op = 'DELETE' then
      ${apply(rows('old_rows', -1))};
    else
      ${apply(`${rows('new_rows', 1)} union all ${rows('old_rows', -1)}`)};
    end if;
    return null;
  end $$`,
    `create trigger ${table}_signups_insert after insert on ${table} referencing new table as new_rows for each statement execute function ${table}_signups_apply()`,
    `create trigger ${table}_signups_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function ${table}_signups_apply()`,
    `create trigger ${table}_signups_delete after delete on ${table} referencing old table as old_rows for each statement execute function ${table}_signups_apply()`,
    `insert into signups_daily (kind, day, n) select '${table}', ${DAY}, count(*) from ${table} group by 2`,
  ];
};

export const SIGNUP_STATEMENTS = [
  `create table signups_daily (
    kind text not null check (kind in ('passengers', 'drivers')),
    day date not null,
    n bigint not null default 0,
    primary key (kind, day)
  )`,
  ...signupStatements('passengers'),
  ...signupStatements('drivers'),
  `analyze signups_daily`,
];
