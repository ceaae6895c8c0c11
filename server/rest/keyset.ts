import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../errors.js';
import type { ResourceDeclaration } from './declaration.js';
import { columnRef, sortRef, type ListQuery } from './query.js';
import { refusal } from '../../src/domain/messageCodes.js';

/**
 * Keyset pages: `after=[sortValue, id]` (the last row of the page before) or `before=[sortValue, id]`
 * (the first row of the page after) with the usual `range`: the page is then read from that row of
 * the sort's index on, whatever its offset, instead of skipping `range.start` rows. The panel's data
 * provider sends them for its next and previous pages; `range` still names the page's place, so
 * Content-Range is as simple-rest expects.
 */
export interface Keyset {
  direction: 'after' | 'before';
  /** `(sort key, id) > | < (value, id)` in the list's order. */
  where: RawBuilder<boolean>;
}

/** PostgreSQL types a cursor's sort value is cast to, by the field's type. */
const CASTS: Record<string, string> = {
  int: 'bigint',
  number: 'numeric',
  timestamp: 'timestamptz',
  date: 'date',
  text: 'text',
};

/**
 * The keyset of a list query, or undefined when it has none (or its sort is not a stored column:
 * computed sorts page by offset). A cursor with a null sort value also pages by offset (nulls are
 * ordered apart). A malformed cursor is a 400.
 */
export function keysetOf(d: ResourceDeclaration, q: ListQuery, query: Record<string, unknown>): Keyset | undefined {
  const direction = query.after !== undefined ? 'after' : query.before !== undefined ? 'before' : undefined;
  if (!direction) return undefined;
  if (query.after !== undefined && query.before !== undefined) throw badRequest(refusal('afterOrBefore'));
  const raw = query[direction];
  let cursor: unknown;
  try {
    cursor = typeof raw === 'string' ? JSON.parse(raw) : undefined;
  } catch {
    cursor = undefined;
  }
  if (!Array.isArray(cursor) || cursor.length !== 2 || !Number.isSafeInteger(cursor[1]))
    throw badRequest(refusal('cursorShape', { name: direction }));
  const [value, id] = cursor as [unknown, number];
  const field = q.sort.field;
  const type = field === 'id' ? 'int' : d.fields[field]?.type;
  if (!type || !(type in CASTS) || d.computed?.[field]) return undefined;
  if (value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number')
    throw badRequest(refusal('cursorShape', { name: direction }));
  if (type === 'timestamp' || type === 'date') {
    if (Number.isNaN(Date.parse(String(value)))) throw badRequest(refusal('cursorDate', { name: direction }));
  } else if ((type === 'int' || type === 'number') && !Number.isFinite(Number(value)))
    throw badRequest(refusal('cursorNumber', { name: direction }));
  // After the page in DESC order means smaller keys; before it, larger ones (and the opposite in ASC).
  const smaller = (q.sort.order === 'DESC') === (direction === 'after');
  const key = sortRef(d, field);
  const beyond = sql<boolean>`(${key}, ${columnRef(d.table, 'id')}) ${sql.raw(smaller ? '<' : '>')} (cast(${String(value)} as ${sql.raw(CASTS[type])}), ${id})`;
  // Nulls come first in DESC and last in ASC: they lie before a DESC page and after an ASC one.
  const where = smaller ? beyond : sql<boolean>`(${beyond} or ${key} is null)`;
  return { direction, where };
}

/**
 * From this offset on, a list asks its declaration's `seek` for a boundary: skipping this many
 * index entries (~0.5 ms on PostgreSQL) costs about what reading the counts does.
 */
export const SEEK_FROM = 5_000;

/** A deep page by offset starts from a boundary the declaration finds in its counts, when it can. */
export function seekOf(d: ResourceDeclaration, q: ListQuery) {
  if (q.range.start < SEEK_FROM) return undefined;
  return d.seek?.({ filter: q.filter, sort: q.sort, start: q.range.start });
}
