import { sql, type RawBuilder } from 'kysely';

type PersonTable = 'staffs' | 'drivers' | 'passengers';

/**
 * A computed value read from another table's row by id: `(select <value> from <table> x where x.id = <column>)`.
 * Lists run it as that subquery; an export looks the values up once per batch of ids instead (csvBatches.ts).
 */
export interface Lookup {
  /** The other table, e.g. 'passengers'. */
  table: string;
  /** The id column of the listed row, qualified, e.g. 'trips.passenger_id'. */
  column: string;
  /** The value, over the other table's row aliased `x`. */
  value: RawBuilder<unknown>;
}

const LOOKUPS = new WeakMap<RawBuilder<unknown>, Lookup>();

/** The lookup behind a computed field's SQL, when it was built by `nameOf` or `valueOf`. */
export const lookupOf = (expression: RawBuilder<unknown>): Lookup | undefined => LOOKUPS.get(expression);

function lookedUp<T>(lookup: Lookup): RawBuilder<T> {
  const expression = sql<T>`(select ${lookup.value} from ${sql.table(lookup.table)} x where x.id = ${sql.ref(lookup.column)})`;
  LOOKUPS.set(expression, lookup);
  return expression;
}

/** "First Last" of the staff member, driver or passenger whose id is in `column` (e.g. 'trips.driver_id'). */
export function nameOf(table: PersonTable, column: string): RawBuilder<string> {
  return lookedUp({ table, column, value: sql`x.first_name || ' ' || x.last_name` });
}

/** One column (snake_case) of the row of `table` whose id is in `column`, e.g. a vehicle type's name. */
export function valueOf<T = string>(table: string, field: string, column: string): RawBuilder<T> {
  return lookedUp({ table, column, value: sql.ref(`x.${field}`) });
}

/**
 * The record label of the row of `table` whose id is in `column`: its label columns (snake_case)
 * joined by a space, e.g. a vehicle's plate or a driver's first and last name; `#<id>` without any.
 */
export function labelOf(table: string, labelColumns: readonly string[], column: string): RawBuilder<string> {
  const value = labelColumns.length
    ? sql`nullif(concat_ws(' ', ${sql.join(labelColumns.map((c) => sql.ref(`x.${c}`)))}), '')`
    : sql`'#' || x.id`;
  return lookedUp({ table, column, value });
}

/** The name of a passenger or driver named by a kind column ('passenger' | 'driver') and an id column. */
export function partyNameOf(kindColumn: string, idColumn: string): RawBuilder<string> {
  return sql<string>`(case ${sql.ref(kindColumn)} when 'passenger' then ${nameOf('passengers', idColumn)} else ${nameOf('drivers', idColumn)} end)`;
}
