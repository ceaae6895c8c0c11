import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Notices of changed records for the services' read caches (server/rest/recordCache.ts): after each
 * statement that changes trips, or what a trip's answer shows from other tables (its current offer,
 * the names of its passenger, driver, vehicle type and booking staff member), PostgreSQL sends
 * `record_changed` with `trips:<id>,<id>…` — or `trips:*` when a statement changed many trips or a
 * name — to every process listening, whichever process or tool wrote. Statement-level, so a bulk
 * update sends one notice, not one per row; the notice is delivered at commit, and not at all on
 * a rollback.
 */
const MANY = 200;

const notifyIds = (name: string, transition: 'changed_new' | 'changed_old', idColumn: string) => `
create function ${name}() returns trigger language plpgsql as $$
declare
  ids text;
  n int;
begin
  select count(*), string_agg(distinct ${idColumn}::text, ',') into n, ids from ${transition} where ${idColumn} is not null;
  if n > ${MANY} then
    perform pg_notify('record_changed', 'trips:*');
  elsif n > 0 then
    perform pg_notify('record_changed', 'trips:' || ids);
  end if;
  return null;
end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    notifyIds('trips_changed_new', 'changed_new', 'id'),
    notifyIds('trips_changed_old', 'changed_old', 'id'),
    notifyIds('trip_offers_changed_new', 'changed_new', 'trip_id'),
    notifyIds('trip_offers_changed_old', 'changed_old', 'trip_id'),
    `create function trips_names_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('record_changed', 'trips:*');
  return null;
end $$`,
    `create trigger trips_updated_notice after update on trips referencing new table as changed_new for each statement execute function trips_changed_new()`,
    `create trigger trips_deleted_notice after delete on trips referencing old table as changed_old for each statement execute function trips_changed_old()`,
    `create trigger trip_offers_inserted_notice after insert on trip_offers referencing new table as changed_new for each statement execute function trip_offers_changed_new()`,
    `create trigger trip_offers_updated_notice after update on trip_offers referencing new table as changed_new for each statement execute function trip_offers_changed_new()`,
    `create trigger trip_offers_deleted_notice after delete on trip_offers referencing old table as changed_old for each statement execute function trip_offers_changed_old()`,
    ...['passengers', 'drivers', 'staffs'].map(
      (table) =>
        `create trigger ${table}_names_notice after update of first_name, last_name or delete on ${table} for each statement execute function trips_names_changed()`,
    ),
    `create trigger vehicle_types_names_notice after update of name or delete on vehicle_types for each statement execute function trips_names_changed()`,
  ]);
}
