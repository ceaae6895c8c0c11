import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Drivers' revenue request letters (issue 15): each letter issued is kept with its unique
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
  ]);
}
