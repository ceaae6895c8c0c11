import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { fieldLabel } from '../../src/domain/fieldRules.js';
import { refusal } from '../../src/domain/messageCodes.js';
import { snake } from './query.js';

/** The numbers a column can hold: [least, most] (an unconstrained numeric or a float: any finite number). */
type Range = readonly [number, number];

const INT4: Range = [-2147483648, 2147483647];
const RANGES: Record<string, Range> = {
  smallint: [-32768, 32767],
  integer: INT4,
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** Each table's numeric columns, read once per process from information_schema (PGlite and PostgreSQL alike). */
const tables = new Map<string, Promise<Map<string, Range | undefined>>>();

function numericColumns(db: Db, table: string): Promise<Map<string, Range | undefined>> {
  let found = tables.get(table);
  if (!found) {
    // One-letter names: the CamelCasePlugin leaves them as they are.
    found = sql<{ c: string; t: string; p: number | null; s: number | null }>`
      select column_name as c, data_type as t, numeric_precision as p, numeric_scale as s
      from information_schema.columns
      where table_schema = current_schema() and table_name = ${snake(table)}
        and data_type in ('smallint', 'integer', 'bigint', 'numeric', 'real', 'double precision')`
      .execute(db)
      .then(({ rows }) => {
        const columns = new Map<string, Range | undefined>();
        for (const c of rows) {
          let range = RANGES[c.t];
          if (c.t === 'numeric' && c.p !== null) {
            // numeric(p, s): fewer than p − s digits before the point.
            const scale = Number(c.s ?? 0);
            const most = 10 ** (Number(c.p) - scale) - 10 ** -scale;
            range = [-most, most];
          }
          columns.set(c.c, range);
        }
        return columns;
      });
    found.catch(() => tables.delete(table));
    tables.set(table, found);
  }
  return found;
}

/**
 * The field errors of a write's numbers that its table's columns cannot hold (issue 43): not
 * finite (JSON's 1e309 reads as Infinity), or outside the column's type (an integer beyond
 * 2,147,483,647, a numeric(12,2) amount of 1e308). Until the declarations carry each field's own
 * bounds, this keeps every engine write from reaching PostgreSQL with a number it refuses or rounds.
 */
export async function columnBoundsProblems(
  db: Db,
  table: string,
  values: Record<string, unknown>,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const numbers = Object.entries(values).filter(([, v]) => typeof v === 'number');
  if (!numbers.length) return errors;
  const columns = await numericColumns(db, table);
  for (const [field, value] of numbers as [string, number][]) {
    const label = fieldLabel(field);
    if (!Number.isFinite(value)) {
      errors[field] = refusal('number', { label });
      continue;
    }
    const range = columns.get(snake(field));
    if (range && (value < range[0] || value > range[1]))
      errors[field] = refusal('between', { label, min: range[0], max: range[1] });
  }
  return errors;
}
