/**
 * The export's row path (PGlite, and any resource PostgreSQL cannot write by itself): rows read in
 * batches as arrays and written as CSV in JavaScript.
 */
import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import type { FieldType, ResourceDeclaration } from './declaration.js';
import { csvRow, csvRowWriter, type CellReader } from './csv.js';
import { lookupOf, type Lookup } from './names.js';
import { maskSecret } from './secrets.js';
import type { ResourceEngine } from './engine.js';
import { exportFormat, formatted, sortLeadsAnIndex } from './exportColumns.js';
import type { ExportWords } from './exportWords.js';
import { columnRef, sortRef, type ListQuery } from './query.js';

/**
 * Rows read per query: big enough to amortise the round trip, small enough that a batch in flight
 * (two with the read-ahead) rarely outlives a scavenge: at 2,000 the server's RSS grew by ~200 MB
 * during a million-row export, at 500 by ~100-120 MB, at no cost in rows per second.
 */
export const EXPORT_BATCH = 500;

/**
 * Rows per chunk written to the response (~25 kB of CSV): the socket's backpressure then paces the
 * export in small steps, and no chunk is big enough for V8's large-object space, which only a full
 * collection empties.
 */
const CHUNK_ROWS = 64;

/** The PostgreSQL type a sort key's text is cast back to, so the keyset compares exactly. */
const PG_TYPES: Record<FieldType | 'text[]', string> = {
  int: 'bigint',
  number: 'numeric',
  text: 'text',
  bool: 'boolean',
  timestamp: 'timestamptz',
  date: 'date',
  json: 'jsonb',
  'text[]': 'text[]',
};

const and = (clauses: RawBuilder<boolean>[]) => sql<boolean>`${sql.join(clauses, sql` and `)}`;

/** Values a lookup keeps per export before it starts over: bounds memory on a huge table. */
const LOOKUP_CACHE_LIMIT = 100_000;

/** A computed column the export looks up by id once per batch (see names.ts), with what it has read so far. */
interface ExportLookup {
  lookup: Lookup;
  /** Where the row's id column is in a row read. */
  idIndex: number;
  cache: Map<unknown, unknown>;
}

/** A row as an export reads it: its selections' values in order, then the record's id, then the sort key. */
type ExportRow = unknown[];

/**
 * What an export reads: only its columns (nothing it leaves out), with computed values that are
 * lookups by id replaced by the id, so a batch reads each name once rather than a subquery per row.
 * Rows are read as arrays (no object per row); a looked-up cell reads the lookup's values by the
 * row's id, a secret is masked as the API masks it, and an enum's code is read through its
 * language's labels (one map lookup per cell, built once per export language: exportWords.ts).
 */
function exportPlan(d: ResourceDeclaration, columns: string[], labels: ExportWords['labels']) {
  const selections: AliasedRawBuilder<unknown, string>[] = [];
  const lookups: ExportLookup[] = [];
  const readers: CellReader<ExportRow>[] = [];
  for (const [c, column] of columns.entries()) {
    const index = selections.length;
    const computed = d.computed?.[column];
    const lookup = computed && lookupOf(computed.sql);
    if (lookup) {
      const found: ExportLookup = { lookup, idIndex: index, cache: new Map() };
      selections.push(sql.ref(lookup.column).as(`__${column}`));
      lookups.push(found);
      readers.push((row) => found.cache.get(row[index]));
    } else {
      const value = computed ? computed.sql : columnRef(d.table, column);
      const format = exportFormat(d, column);
      selections.push((format ? formatted[format](value) : value).as(column));
      const label = labels[c];
      readers.push(
        d.fields[column]?.secret
          ? (row) => maskSecret(row[index])
          : label
            ? (row) => label.get(row[index] as string) ?? row[index]
            : (row) => row[index],
      );
    }
  }
  const idIndex = selections.length;
  selections.push(columnRef(d.table, 'id').as('__id'));
  return { selections, lookups, idIndex, keyIndex: idIndex + 1, write: csvRowWriter(readers) };
}

/** Reads the values of the batch's ids that no earlier batch has read. */
async function readLookups(engine: ResourceEngine, rows: ExportRow[], lookups: ExportLookup[]): Promise<void> {
  await Promise.all(
    lookups.map(async ({ lookup, idIndex, cache }) => {
      const unread = () => {
        const ids = new Set<unknown>();
        for (const row of rows) {
          const id = row[idIndex];
          if (id !== null && id !== undefined && !cache.has(id)) ids.add(id);
        }
        return ids;
      };
      let missing = unread();
      if (!missing.size) return;
      if (cache.size + missing.size > LOOKUP_CACHE_LIMIT) {
        cache.clear();
        missing = unread();
      }
      const found = await engine.readRows<{ id: unknown; value: unknown }>(
        sql`select x.id as id, ${lookup.value} as value from ${sql.table(lookup.table)} x where x.id in (${sql.join([...missing])})`,
      );
      for (const id of missing) cache.set(id, null);
      for (const { id, value } of found) cache.set(id, value);
    }),
  );
}

/**
 * Every row matching the list query, in its order, as CSV text one batch at a time; the next batch
 * is read while this one is written out. Rows without a sort key come as PostgreSQL orders nulls:
 * last ascending, first descending, by id. Two ways to page, never by offset:
 * - the sort's column leads an index: keyset on (sort key, id), each batch one range of the index;
 * - otherwise (a computed sort, or a column no index starts with), where every keyset batch would
 *   scan and sort the whole set again: the ids in order first, in one sorted statement, then the
 *   rows 500 ids at a time.
 */
export async function* csvBatches(
  engine: ResourceEngine,
  d: ResourceDeclaration,
  q: ListQuery,
  columns: string[],
  words: ExportWords,
): AsyncGenerator<string> {
  yield csvRow(words.header);
  const { selections, lookups, idIndex, keyIndex, write } = exportPlan(d, columns, words.labels);
  const key = sortRef(d, q.sort.field);
  const id = columnRef(d.table, 'id');
  const dir = q.sort.order === 'ASC' ? 'asc' : 'desc';
  const after = sql.raw(dir === 'asc' ? '>' : '<');
  const type =
    q.sort.field === 'id' ? 'int' : (d.fields[q.sort.field]?.type ?? d.computed?.[q.sort.field]?.type ?? 'text');
  const keyText = sql`(${key})::text`;
  if (!(await sortLeadsAnIndex(engine, d, q.sort.field))) {
    const order: [RawBuilder<unknown>, 'asc' | 'desc'][] = [
      [key, dir],
      [id, dir],
    ];
    const ids = await engine.readIdsInOrder(q.where, order);
    const batchAt = (start: number) => {
      const rows = engine.readBatch(
        and([q.where, sql<boolean>`${id} in (${sql.join(ids.slice(start, start + EXPORT_BATCH))})`]),
        order,
        EXPORT_BATCH,
        keyText,
        selections,
      );
      rows.catch(() => undefined);
      return rows;
    };
    let next = ids.length > 0 ? batchAt(0) : undefined;
    for (let start = 0; next; start += EXPORT_BATCH) {
      const rows: ExportRow[] = await next;
      next = start + EXPORT_BATCH < ids.length ? batchAt(start + EXPORT_BATCH) : undefined;
      await readLookups(engine, rows, lookups);
      for (let i = 0; i < rows.length; i += CHUNK_ROWS) yield write(rows, i, i + CHUNK_ROWS);
    }
    return;
  }
  const batchAfter = (phase: 'keyed' | 'unkeyed', last: ExportRow | undefined) => {
    const clauses = [q.where];
    if (phase === 'unkeyed') {
      clauses.push(sql<boolean>`${key} is null`);
      if (last) clauses.push(sql<boolean>`${id} ${after} ${last[idIndex]}`);
    } else {
      clauses.push(sql<boolean>`${key} is not null`);
      if (last)
        clauses.push(
          sql<boolean>`(${key}, ${id}) ${after} (cast(${last[keyIndex]} as ${sql.raw(PG_TYPES[type])}), ${last[idIndex]})`,
        );
    }
    const order: [RawBuilder<unknown>, 'asc' | 'desc'][] =
      phase === 'unkeyed'
        ? [[id, dir]]
        : [
            [key, dir],
            [id, dir],
          ];
    const rows = engine.readBatch(and(clauses), order, EXPORT_BATCH, keyText, selections);
    // Read ahead: if the client goes away first, nobody awaits this promise.
    rows.catch(() => undefined);
    return rows;
  };
  for (const phase of dir === 'asc' ? (['keyed', 'unkeyed'] as const) : (['unkeyed', 'keyed'] as const)) {
    let next: Promise<ExportRow[]> | undefined = batchAfter(phase, undefined);
    while (next) {
      const rows: ExportRow[] = await next;
      next = rows.length < EXPORT_BATCH ? undefined : batchAfter(phase, rows[rows.length - 1]);
      if (!rows.length) continue;
      await readLookups(engine, rows, lookups);
      for (let i = 0; i < rows.length; i += CHUNK_ROWS) yield write(rows, i, i + CHUNK_ROWS);
    }
  }
}
