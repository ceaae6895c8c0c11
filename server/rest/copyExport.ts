/**
 * The export's SQL path on PostgreSQL: one COPY statement whose lines the database writes whole
 * (csvSql.ts has csv.ts's cell rules in SQL).
 */
import { Readable } from 'node:stream';
import { sql, type RawBuilder } from 'kysely';
import type { ResourceDeclaration } from './declaration.js';
import { csvRow } from './csv.js';
import { lookupOf } from './names.js';
import type { ResourceEngine } from './engine.js';
import { exportColumns, exportFormat, formatted, sortLeadsAnIndex } from './exportColumns.js';
import { exportWords, type ExportLanguage, type ExportWords } from './exportWords.js';
import { columnRef, snake, sortRef, type ListQuery } from './query.js';
import { csvValueSql, inlineParameters } from './csvSql.js';

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
 *
 * One parallel worker walks the index with the leader (a parallel index scan under Gather Merge,
 * which keeps the order): it reads the rows, joins the names and formats money and times, while
 * the leader writes the cells. Passing a row to the leader is priced at nothing, else PostgreSQL
 * never chooses this plan for an export (a million rows, 0.1 each); the setup's price stays, so a
 * small export runs alone. PostgreSQL 15, a million trips, COPY to /dev/null on two cores:
 * 6.8–10.0 s with the worker, 9.6–12.7 s without, 7.4–9.4 s with a second worker.
 */
export const INDEX_ORDER_SETTINGS: Record<string, string> = {
  ...COPY_SETTINGS,
  enable_sort: 'off',
  max_parallel_workers_per_gather: '1',
  parallel_tuple_cost: '0',
};

/**
 * A compressed answer's export walks the index without the worker: the compressor needs the core
 * it would take. bench:api, a million trips, two cores, share of the bare COPY (cold, warm): br
 * 92 %, 96 % without the worker, 74 %, 68 % with it; identity 93–98 % without, 93–103 % with.
 */
export const COMPRESSED_INDEX_ORDER_SETTINGS: Record<string, string> = {
  ...INDEX_ORDER_SETTINGS,
  max_parallel_workers_per_gather: '0',
};

/** The settings of an export's statement: by whether an index gives its order and its answer is compressed. */
export function copySettingsFor(indexOrder: boolean, compressed: boolean): Record<string, string> {
  if (!indexOrder) return COPY_SETTINGS;
  return compressed ? COMPRESSED_INDEX_ORDER_SETTINGS : INDEX_ORDER_SETTINGS;
}

/** A resource's export as PostgreSQL writes it: each column's value and the SQL of its cell over `t.cN`. */
interface CopyPlan {
  values: RawBuilder<unknown>[];
  /** A left join per looked-up name (`nameOf`, `valueOf`), so PostgreSQL may hash them instead of a subquery per row. */
  joins: RawBuilder<unknown>[];
  /** Each cell's text for PostgreSQL's CSV writer (csvValueSql), over the subquery `t`'s columns c0, c1, … */
  cells: string[];
}

const copyPlans = new WeakMap<ResourceDeclaration, Map<ExportLanguage, Promise<CopyPlan | undefined>>>();

/** An enum's code as its label in the export's language (the code when the catalogue has none): one CASE, written once per plan. */
function labelled(value: RawBuilder<unknown>, labels: ReadonlyMap<string, string>): RawBuilder<unknown> {
  const text = sql`(${value})::text`;
  const whens = [...labels].map(([code, label]) => sql`when ${code} then ${label}`);
  return sql<string>`case ${text} ${sql.join(whens, sql` `)} else ${text} end`;
}

/**
 * How PostgreSQL writes this resource's lines: each column's value as exportPlan reads it (money
 * and times formatted, a computed name as its subquery), its cell built by csvSql.ts from the
 * value's type, which one statement with no row reads from PostgreSQL once. Undefined when a
 * column's cell cannot be written in SQL (a json value, a non-text secret): the JS path writes it.
 */
function copyPlanOf(
  engine: ResourceEngine,
  d: ResourceDeclaration,
  language: ExportLanguage,
): Promise<CopyPlan | undefined> {
  let byLanguage = copyPlans.get(d);
  if (!byLanguage) copyPlans.set(d, (byLanguage = new Map()));
  let plan = byLanguage.get(language);
  if (!plan) {
    plan = (async () => {
      const columns = exportColumns(d);
      const { labels } = await exportWords(d, columns, language);
      const bulk = engine.bulkReader();
      if (!bulk) return undefined;
      const joins: RawBuilder<unknown>[] = [];
      const values = columns.map((column, c) => {
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
        const label = labels[c];
        return format ? formatted[format](value) : label ? labelled(value, label) : value;
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
    plan.catch(() => byLanguage.delete(language));
    byLanguage.set(language, plan);
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
  language: ExportLanguage = 'raw',
): Promise<{ lines: string; plain: string } | undefined> {
  const plan = await copyPlanOf(engine, d, language);
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
  compressed: boolean,
  language: ExportLanguage,
  words: ExportWords,
): Promise<Readable | undefined> {
  const bulk = engine.bulkReader();
  const statements = bulk && (await copyStatements(engine, d, q, language));
  if (!statements) return undefined;
  const settings = copySettingsFor(await sortLeadsAnIndex(engine, d, q.sort.field), compressed);
  const lines = bulk.copyCsv(statements.lines, settings);
  const header = Buffer.from(csvRow(words.header));
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
