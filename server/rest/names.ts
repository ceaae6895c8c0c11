import { sql, type RawBuilder } from 'kysely';

type PersonTable = 'staffs' | 'drivers' | 'passengers';

/** "First Last" of the staff member, driver or passenger whose id is in `column` (e.g. 'trips.driver_id'). */
export function nameOf(table: PersonTable, column: string): RawBuilder<string> {
  return sql<string>`(select x.first_name || ' ' || x.last_name from ${sql.table(table)} x where x.id = ${sql.ref(column)})`;
}

/** The name of a passenger or driver named by a kind column ('passenger' | 'driver') and an id column. */
export function partyNameOf(kindColumn: string, idColumn: string): RawBuilder<string> {
  return sql<string>`(case ${sql.ref(kindColumn)} when 'passenger' then ${nameOf('passengers', idColumn)} else ${nameOf('drivers', idColumn)} end)`;
}
