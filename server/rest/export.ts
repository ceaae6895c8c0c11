import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import type { Access } from '../auth/guard.js';
import { endOnDrain, EXPORT_INTERRUPTED } from '../delivery/drain.js';
import { streamCompression } from '../delivery/compression.js';
import { badRequest } from '../errors.js';
import { CITY } from '../../src/domain/city.js';
import type { FieldType, ResourceDeclaration } from './declaration.js';
import { csvRow, csvRowWriter, readableColumn, type CellReader } from './csv.js';
import { lookupOf, type Lookup } from './names.js';
import { maskSecret } from './secrets.js';
import type { ResourceEngine } from './engine.js';
import { columnRef, parseListQuery, snake, sortRef, type ListQuery } from './query.js';
import { csvValueSql, inlineParameters } from './csvSql.js';

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

/** The columns an export writes: the record's, less those the declaration leaves out. */
export function exportColumns(d: ResourceDeclaration): string[] {
  const omit = new Set(d.exportOmit ?? []);
  return ['id', ...Object.keys(d.fields), ...Object.keys(d.computed ?? {})].filter((f) => !omit.has(f));
}

const and = (clauses: RawBuilder<boolean>[]) => sql<boolean>`${sql.join(clauses, sql` and `)}`;

/** Values a lookup keeps per export before it starts over: bounds memory on a huge table. */
const LOOKUP_CACHE_LIMIT = 100_000;

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
const formatted: Record<'money' | 'cityTime', (value: RawBuilder<unknown>) => RawBuilder<unknown>> = {
  cityTime: (value) => sql<string>`to_char((${value}) at time zone ${sql.lit(CITY.timeZone)}, 'YYYY-MM-DD HH24:MI')`,
  money: (value) => sql<string>`to_char(${value}, 'FM999999999990.00')`,
};

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
 * row's id, and a secret is masked as the API masks it.
 */
function exportPlan(d: ResourceDeclaration, columns: string[]) {
  const selections: AliasedRawBuilder<unknown, string>[] = [];
  const lookups: ExportLookup[] = [];
  const readers: CellReader<ExportRow>[] = [];
  for (const column of columns) {
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
      readers.push(d.fields[column]?.secret ? (row) => maskSecret(row[index]) : (row) => row[index]);
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
): AsyncGenerator<string> {
  yield csvRow(exportHeader(d, columns));
  const { selections, lookups, idIndex, keyIndex, write } = exportPlan(d, columns);
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

/**
 * No JIT for an export's statement: compiling the line's ~40 expressions (in each parallel worker)
 * costs more than it saves. PostgreSQL 15, bench database, COPY to /dev/null: 1,000,000 trips
 * 20.6 s with JIT, 11.4 s without (load 11); 30,000 trips 1.6 s with, 0.5 s without.
 */
export const COPY_SETTINGS: Record<string, string> = { jit: 'off' };

/**
 * When an index gives the export's order (the sort's column leads one), PostgreSQL is kept on it:
 * without these it chose, for every trip, a parallel sequential scan, hash joins for the names and
 * a sort spilled to disk (external merge, ~120 MB) that writes nothing until it has read the whole
 * table. Walking the index backwards with the names memoised streams the first line at once and
 * holds nothing; where no index fits, the sort still happens (disabling only prices it up).
 */
export const INDEX_ORDER_SETTINGS: Record<string, string> = {
  ...COPY_SETTINGS,
  enable_sort: 'off',
  max_parallel_workers_per_gather: '0',
};

/** A resource's export as PostgreSQL writes it: each column's value and the SQL of its cell over `t.cN`. */
interface CopyPlan {
  values: RawBuilder<unknown>[];
  /** A left join per looked-up name (`nameOf`, `valueOf`), so PostgreSQL may hash them instead of a subquery per row. */
  joins: RawBuilder<unknown>[];
  /** Each cell's text for PostgreSQL's CSV writer (csvValueSql), over the subquery `t`'s columns c0, c1, … */
  cells: string[];
}

const copyPlans = new WeakMap<ResourceDeclaration, Promise<CopyPlan | undefined>>();

/**
 * How PostgreSQL writes this resource's lines: each column's value as exportPlan reads it (money
 * and times formatted, a computed name as its subquery), its cell built by csvSql.ts from the
 * value's type, which one statement with no row reads from PostgreSQL once. Undefined when a
 * column's cell cannot be written in SQL (a json value, a non-text secret): the JS path writes it.
 */
function copyPlanOf(engine: ResourceEngine, d: ResourceDeclaration): Promise<CopyPlan | undefined> {
  let plan = copyPlans.get(d);
  if (!plan) {
    plan = (async () => {
      const columns = exportColumns(d);
      const bulk = engine.bulkReader();
      if (!bulk) return undefined;
      const joins: RawBuilder<unknown>[] = [];
      const values = columns.map((column) => {
        const computed = d.computed?.[column];
        const lookup = computed && lookupOf(computed.sql);
        if (lookup) {
          // A lateral subquery this simple is pulled up into a plain left join (x.id is a key: one row at most).
          const alias = sql.raw(`j${joins.length}`);
          joins.push(
            sql`left join lateral (select ${lookup.value} as v from ${sql.table(lookup.table)} x where x.id = ${sql.ref(lookup.column)}) ${alias} on true`,
          );
          return sql`${alias}.v`;
        }
        const value = computed ? computed.sql : columnRef(d.table, column);
        const format = exportFormat(d, column);
        return format ? formatted[format](value) : value;
      });
      const probe = engine.compile(
        sql`select ${sql.join(values.map((v, i) => sql`${v} as ${sql.ref(`c${i}`)}`))} from ${sql.table(snake(d.table))} ${sql.join(joins, sql` `)} limit 0`,
      );
      const types = await bulk.columnTypes(probe.sql, probe.parameters);
      const cells: string[] = [];
      for (const [i, column] of columns.entries()) {
        const ref = `t.c${i}`;
        // Formatted money ("-80.00") and times ("2026-11-24 14:05") never need the guard or quotes.
        const cell = exportFormat(d, column) ? ref : csvValueSql(ref, types[i], d.fields[column]?.secret === true);
        if (cell === undefined) return undefined;
        cells.push(`${cell} as c${i}`);
      }
      return { values, joins, cells };
    })();
    // A failed probe is not cached: the next export asks again.
    plan.catch(() => copyPlans.delete(d));
    copyPlans.set(d, plan);
  }
  return plan;
}

/**
 * The SQL of an export on PostgreSQL (parameters inlined): `lines`, each row's cells as text that
 * copyExport streams through PostgreSQL's CSV writer (copyCsv), and `plain`, the same rows and values as plain columns (what a bare
 * `COPY (plain) TO STDOUT (FORMAT csv)` writes; the bench compares the two). Undefined where the JS
 * path must write the export.
 */
export async function copyStatements(
  engine: ResourceEngine,
  d: ResourceDeclaration,
  q: ListQuery,
): Promise<{ lines: string; plain: string } | undefined> {
  const plan = await copyPlanOf(engine, d);
  if (!plan) return undefined;
  const key = sortRef(d, q.sort.field);
  const id = columnRef(d.table, 'id');
  const dir = sql.raw(q.sort.order === 'ASC' ? 'asc' : 'desc');
  const inner = sql`select ${sql.join(plan.values.map((v, i) => sql`${v} as ${sql.ref(`c${i}`)}`))}, ${key} as __k, ${id} as __id
      from ${sql.table(snake(d.table))} ${sql.join(plan.joins, sql` `)} where ${q.where} order by ${key} ${dir}, ${id} ${dir}`;
  const select = engine.compile(
    sql`select ${sql.raw(plan.cells.join(', '))} from (${inner} offset 0) t order by t.__k ${dir}, t.__id ${dir}`,
  );
  const plainSelect = engine.compile(inner);
  const lines = inlineParameters(select.sql, select.parameters);
  const plain = inlineParameters(plainSelect.sql, plainSelect.parameters);
  return lines === undefined || plain === undefined ? undefined : { lines, plain };
}

/**
 * The export as one COPY statement on PostgreSQL, or undefined where the JS path must write it
 * (PGlite; a column csvSql.ts cannot write; a filter value that is not a plain literal). The rows
 * come in one ordered statement, (sort key, id) in the sort's direction, so nulls come last
 * ascending and first descending, by id, as the batched paths give them. The inner query reads
 * each value once (`offset 0` keeps PostgreSQL from inlining it into the line's expression, which
 * repeats it); the outer ORDER BY is the same order, which the subquery's sort or index scan
 * already gives, so it costs no second sort.
 */
export async function copyExport(
  engine: ResourceEngine,
  d: ResourceDeclaration,
  q: ListQuery,
): Promise<Readable | undefined> {
  const bulk = engine.bulkReader();
  const statements = bulk && (await copyStatements(engine, d, q));
  if (!statements) return undefined;
  const columns = exportColumns(d);
  const settings = (await sortLeadsAnIndex(engine, d, q.sort.field)) ? INDEX_ORDER_SETTINGS : COPY_SETTINGS;
  const lines = bulk.copyCsv(statements.lines, settings);
  const header = Buffer.from(csvRow(exportHeader(d, columns)));
  // An error before the body is read is answered by the iterator below (it rethrows it).
  lines.on('error', () => undefined);
  const body = Readable.from(
    (async function* () {
      yield header;
      for await (const chunk of lines) yield chunk as Buffer;
    })(),
    { highWaterMark: 1 },
  );
  // However the body ends (the client went away, even before the first chunk), `lines` goes too,
  // which cancels the statement and closes its connection if it was still running.
  body.once('close', () => lines.destroy());
  return body;
}

const indexedSorts = new Map<string, boolean>();
/** Whether the sort is a stored column that a full index of the table starts with (cached: the schema is the code's). */
async function sortLeadsAnIndex(engine: ResourceEngine, d: ResourceDeclaration, field: string): Promise<boolean> {
  if (field === 'id') return true;
  if (d.computed?.[field] || !d.fields[field]) return false;
  const key = `${d.table}.${field}`;
  let leads = indexedSorts.get(key);
  if (leads === undefined) indexedSorts.set(key, (leads = await engine.leadsAnIndex(field)));
  return leads;
}

/** Today in the city, for file names. */
const cityDate = () => new Intl.DateTimeFormat('en-CA', { timeZone: CITY.timeZone }).format(new Date());

/**
 * `GET /<res>/export?format=csv&filter=…&sort=…`: streams every row the list would show for the same
 * filter and sort, without its page cap. Registered before `/<res>/:id`.
 */
export function registerExport(
  app: FastifyInstance,
  engine: ResourceEngine,
  d: ResourceDeclaration,
  access: Access,
  errorSchema: object,
): void {
  const columns = exportColumns(d);
  app.get(
    `/${d.name}/export`,
    {
      config: { access },
      compress: streamCompression,
      schema: {
        tags: [d.name],
        summary: `Export ${d.name} as CSV`,
        description: `Every ${d.name} record matching \`filter\`, in \`sort\` order (as the list takes them, without paging), as a CSV attachment with a header row. Columns: ${columns.join(', ')}.`,
        querystring: {
          type: 'object',
          properties: {
            format: { type: 'string', description: 'csv (the only format; the default)' },
            sort: { type: 'string', description: 'JSON ["field","ASC"|"DESC"]' },
            filter: { type: 'string', description: 'JSON object, as for the list' },
          },
        },
        response: {
          200: { description: 'text/csv attachment', type: 'string' },
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const query = { ...(request.query as Record<string, unknown>) };
      if (query.format !== undefined && query.format !== 'csv')
        throw badRequest('Query parameter "format" must be csv');
      delete query.range;
      const q = parseListQuery(d, query);
      const rows =
        (await copyExport(engine, d, q)) ?? Readable.from(csvBatches(engine, d, q, columns), { highWaterMark: 1 });
      const body = endOnDrain(rows, app.draining, EXPORT_INTERRUPTED, reply.raw);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename=${d.name}-${cityDate()}.csv`)
        .send(body);
    },
  );
}
