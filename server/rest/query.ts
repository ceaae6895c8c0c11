import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../errors.js';
import { holdsControlCharacters } from '../../src/domain/fieldRules.js';
import type { FieldSpec, FieldType, ResourceDeclaration } from './declaration.js';
import { refusal } from '../../src/domain/messageCodes.js';

export const MAX_RANGE = 500;
const ORDERED: FieldType[] = ['int', 'number', 'timestamp', 'date'];

export interface ListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' };
  range: { start: number; end: number };
  where: RawBuilder<boolean>;
  filtered: boolean;
  /** The filter as given, without empty values (for a declaration's `count`). */
  filter: Record<string, unknown>;
}

function parseJsonParam(name: string, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(refusal('queryOnce', { name }));
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(refusal('queryNotJson', { name }));
  }
}

/** The database's name for a camelCase table or field name. */
export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const columnRef = (table: string, field: string) => sql.ref(`${snake(table)}.${snake(field)}`);

type Primitive = string | number | boolean | null;

/** Checks one filter value against a column type, returning the value to bind. */
function coerce(key: string, spec: Pick<FieldSpec, 'type' | 'enum'>, value: unknown): Primitive {
  if (value === null) return null;
  if (typeof value === 'object') throw badRequest(refusal('filterPlain', { key }));
  const text = String(value);
  switch (spec.type) {
    case 'int': {
      const n = Number(text);
      if (text.trim() === '' || !Number.isSafeInteger(n))
        throw badRequest(refusal('wholeNumber', { label: `Filter "${key}"` }));
      return n;
    }
    case 'number': {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n)) throw badRequest(refusal('number', { label: `Filter "${key}"` }));
      return n;
    }
    case 'bool':
      if (value === true || text === 'true') return true;
      if (value === false || text === 'false') return false;
      throw badRequest(refusal('filterTrueFalse', { key }));
    case 'timestamp':
    case 'date':
      if (Number.isNaN(Date.parse(text))) throw badRequest(refusal('filterDate', { key }));
      return spec.type === 'date' ? text.slice(0, 10) : new Date(text).toISOString();
    case 'json':
      throw badRequest(refusal('filterUnsupported', { key }));
    default:
      if (spec.enum && !spec.enum.includes(text))
        throw badRequest(refusal('oneOf', { label: `Filter "${key}"`, values: spec.enum.join(', ') }));
      return text;
  }
}

/** A filterable field of the declaration, plain or computed. */
function filterSpec(d: ResourceDeclaration, field: string): (FieldSpec & { ref: RawBuilder<unknown> }) | undefined {
  if (field === 'id') return { type: 'int', filter: true, ref: columnRef(d.table, 'id') };
  const plain = d.fields[field];
  if (plain?.filter) return { ...plain, ref: columnRef(d.table, field) };
  const computed = d.computed?.[field];
  if (computed?.filter && computed.type !== 'text[]') return { type: computed.type, filter: true, ref: computed.sql };
  return undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function buildWhere(d: ResourceDeclaration, filter: Record<string, unknown>): RawBuilder<boolean>[] {
  const clauses: RawBuilder<boolean>[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '') continue;
    if (key === 'q') {
      if (typeof value !== 'string' && typeof value !== 'number')
        throw badRequest(refusal('text', { label: 'Filter "q"' }));
      const text = String(value).trim();
      if (!text) continue;
      if (!d.search?.length && !d.searchIds?.length) throw badRequest(refusal('noSearch', { resource: d.name }));
      const pattern = `%${escapeLike(text)}%`;
      const ors = (d.search ?? []).map((f) => sql<boolean>`${columnRef(d.table, f)} ilike ${pattern}`);
      if (/^\d{1,9}$/.test(text))
        ors.push(...(d.searchIds ?? []).map((f) => sql<boolean>`${columnRef(d.table, f)} = ${Number(text)}`));
      clauses.push(ors.length ? sql<boolean>`(${sql.join(ors, sql` or `)})` : sql<boolean>`false`);
      continue;
    }
    const custom = d.filters?.[key];
    if (custom) {
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        throw badRequest(refusal('filterPlain', { key }));
      clauses.push(custom(value));
      continue;
    }
    const range = key.match(/^(.+)_(gte|lte)$/);
    if (range) {
      const spec = filterSpec(d, range[1]);
      if (!spec || !ORDERED.includes(spec.type)) throw badRequest(refusal('filterUnknown', { key }));
      const bound = coerce(key, spec, value);
      if (bound === null) throw badRequest(refusal('filterNeedsValue', { key }));
      clauses.push(range[2] === 'gte' ? sql<boolean>`${spec.ref} >= ${bound}` : sql<boolean>`${spec.ref} <= ${bound}`);
      continue;
    }
    const spec = filterSpec(d, key);
    if (!spec) throw badRequest(refusal('filterUnknown', { key }));
    if (Array.isArray(value)) {
      if (value.length === 0) {
        clauses.push(sql<boolean>`false`);
        continue;
      }
      if (value.length > MAX_RANGE) throw badRequest(refusal('filterAtMost', { key, max: MAX_RANGE }));
      const values = value.map((v) => coerce(key, spec, v));
      clauses.push(sql<boolean>`${spec.ref} in (${sql.join(values)})`);
      continue;
    }
    const bound = coerce(key, spec, value);
    clauses.push(bound === null ? sql<boolean>`${spec.ref} is null` : sql<boolean>`${spec.ref} = ${bound}`);
  }
  return clauses;
}

/** Parses and validates `sort`, `range` and `filter` of a simple-rest list call. */
export function parseListQuery(d: ResourceDeclaration, query: Record<string, unknown>): ListQuery {
  const rawSort = parseJsonParam('sort', query.sort);
  const rawRange = parseJsonParam('range', query.range);
  const rawFilter = parseJsonParam('filter', query.filter) ?? {};
  if (holdsControlCharacters(rawFilter)) throw badRequest(refusal('control', { label: 'Filters' }));

  const [defaultField, defaultOrder] = d.defaultSort ?? ['id', 'ASC'];
  let sort = { field: defaultField, order: defaultOrder };
  if (rawSort !== undefined) {
    if (
      !Array.isArray(rawSort) ||
      rawSort.length !== 2 ||
      typeof rawSort[0] !== 'string' ||
      typeof rawSort[1] !== 'string'
    ) {
      throw badRequest(refusal('sortShape'));
    }
    const order = rawSort[1].toUpperCase();
    if (order !== 'ASC' && order !== 'DESC') throw badRequest(refusal('sortOrder'));
    const field = rawSort[0];
    const sortable = field === 'id' || d.fields[field]?.sort || d.computed?.[field]?.sort;
    if (!sortable) throw badRequest(refusal('cannotSort', { field }));
    sort = { field, order };
  }

  let range = { start: 0, end: MAX_RANGE - 1 };
  if (rawRange !== undefined) {
    if (
      !Array.isArray(rawRange) ||
      rawRange.length !== 2 ||
      !rawRange.every((n) => Number.isSafeInteger(n) && n >= 0) ||
      rawRange[1] < rawRange[0]
    ) {
      throw badRequest(refusal('rangeShape'));
    }
    if (rawRange[1] - rawRange[0] + 1 > MAX_RANGE) throw badRequest(refusal('rangeAtMost', { max: MAX_RANGE }));
    range = { start: rawRange[0], end: rawRange[1] };
  }

  if (typeof rawFilter !== 'object' || rawFilter === null || Array.isArray(rawFilter)) {
    throw badRequest(refusal('filterObject'));
  }
  const clauses = buildWhere(d, rawFilter as Record<string, unknown>);
  const where = clauses.length ? sql<boolean>`${sql.join(clauses, sql` and `)}` : sql<boolean>`true`;
  const filter = Object.fromEntries(
    Object.entries(rawFilter as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== ''),
  );
  return { sort, range, where, filtered: clauses.length > 0, filter };
}

/** The SQL expression to order by for a sort field. */
export function sortRef(d: ResourceDeclaration, field: string): RawBuilder<unknown> {
  return d.computed?.[field]?.sql ?? columnRef(d.table, field);
}
