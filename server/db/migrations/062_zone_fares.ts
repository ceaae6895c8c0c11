import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Airport-style fixed fares between two zones (issue 32, src/domain/zoneFares.ts): from one zone to
 * another (both ways as an option), for one vehicle type or for every type (null). A zone with fixed
 * fares cannot be deleted (restrict); the engine answers 409. The pair is checked for duplicates by
 * the server's declaration (a field error); the Zone permissions cover them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table zone_fares (
      id serial primary key,
      from_zone_id integer not null references zones(id) on delete restrict,
      to_zone_id integer not null references zones(id) on delete restrict,
      vehicle_type_id integer references vehicle_types(id) on delete restrict,
      amount numeric(10,2) not null check (amount > 0),
      both_ways boolean not null default true,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create index zone_fares_pair_idx on zone_fares (from_zone_id, to_zone_id) where active`,
  ]);
}
