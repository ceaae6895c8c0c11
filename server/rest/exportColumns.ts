/**
 * What an export writes, shared by its two paths (the row path, csvBatches.ts, and the SQL path,
 * copyExport.ts): its columns, how the database formats them, the header row, and whether the sort
 * can walk an index.
 */
import { sql, type RawBuilder } from 'kysely';
import { CITY } from '../../src/domain/city.js';
import type { ResourceDeclaration } from './declaration.js';
import { readableColumn } from './csv.js';
import type { ResourceEngine } from './engine.js';

/** The columns an export writes: the record's (a computed one `beside` a field right after it), less those the declaration leaves out. */
export function exportColumns(d: ResourceDeclaration): string[] {
  const omit = new Set(d.exportOmit ?? []);
  const computed = Object.entries(d.computed ?? {});
  const besideOf = (field: string) => computed.filter(([, c]) => c.beside === field).map(([name]) => name);
  return [
    'id',
    ...Object.keys(d.fields).flatMap((field) => [field, ...besideOf(field)]),
    ...computed.filter(([, c]) => !c.beside || !d.fields[c.beside]).map(([name]) => name),
  ].filter((f) => !omit.has(f));
}

/** How an export writes a column: money with two decimals, instants on the city's clock, anything else as read. */
export type ExportFormat = 'money' | 'cityTime' | undefined;

/** A column's format, from its type in the manifest (timestamps) or its declared format (money). */
export function exportFormat(d: ResourceDeclaration, column: string): ExportFormat {
  const spec = d.fields[column] ?? d.computed?.[column];
  if (!spec) return undefined;
  if (spec.format === 'money') return 'money';
  return spec.type === 'timestamp' ? 'cityTime' : undefined;
}

/** The header row's names: readable, with the unit of a formatted column ("Fare total (KES)"). */
export const exportHeader = (d: ResourceDeclaration, columns: string[]) =>
  columns.map((column) => readableColumn(column, exportFormat(d, column)));

/**
 * Formatted by the database, not per cell in JavaScript (parsing a Date per cell and printing it
 * again was a third of an export's time): an instant as the city's clock shows it
 * ("2026-11-24 14:05", Africa/Nairobi), an amount with two decimals ("1234.50", "-80.00"; no
 * thousands separator, so a spreadsheet reads a number).
 */
// The value is parenthesised: a computed column such as `created_at + make_interval(…)` would
// otherwise bind AT TIME ZONE to its last term.
export const formatted: Record<'money' | 'cityTime', (value: RawBuilder<unknown>) => RawBuilder<unknown>> = {
  cityTime: (value) => sql<string>`to_char((${value}) at time zone ${sql.lit(CITY.timeZone)}, 'YYYY-MM-DD HH24:MI')`,
  money: (value) => sql<string>`to_char(${value}, 'FM999999999990.00')`,
};

const indexedSorts = new Map<string, boolean>();
/** Whether the sort is a stored column that a full index of the table starts with (cached: the schema is the code's). */
export async function sortLeadsAnIndex(
  engine: ResourceEngine,
  d: ResourceDeclaration,
  field: string,
): Promise<boolean> {
  if (field === 'id') return true;
  if (d.computed?.[field] || !d.fields[field]) return false;
  const key = `${d.table}.${field}`;
  let leads = indexedSorts.get(key);
  if (leads === undefined) indexedSorts.set(key, (leads = await engine.leadsAnIndex(field)));
  return leads;
}
