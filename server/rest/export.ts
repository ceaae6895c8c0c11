import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { Access } from '../auth/guard.js';
import { badRequest } from '../errors.js';
import { CITY } from '../../src/domain/city.js';
import type { FieldType, ResourceDeclaration, Row } from './declaration.js';
import { csvRow, readableName } from './csv.js';
import type { ResourceEngine } from './engine.js';
import { columnRef, parseListQuery, sortRef, type ListQuery } from './query.js';

/** Rows read per query: big enough to amortise the round trip, small enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

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

/**
 * Every row matching the list query, in its order, as CSV text one batch at a time. Pages by keyset
 * on (sort key, id), never by offset: rows with a sort key first (or last, as PostgreSQL orders
 * nulls: last ascending, first descending), then those without one, by id.
 */
export async function* csvBatches(
  engine: ResourceEngine,
  d: ResourceDeclaration,
  q: ListQuery,
  columns: string[],
): AsyncGenerator<string> {
  yield csvRow(columns.map(readableName));
  const key = sortRef(d, q.sort.field);
  const id = columnRef(d.table, 'id');
  const dir = q.sort.order === 'ASC' ? 'asc' : 'desc';
  const after = sql.raw(dir === 'asc' ? '>' : '<');
  const type =
    q.sort.field === 'id' ? 'int' : (d.fields[q.sort.field]?.type ?? d.computed?.[q.sort.field]?.type ?? 'text');
  const keyText = sql`(${key})::text`;
  for (const phase of dir === 'asc' ? ['keyed', 'unkeyed'] : ['unkeyed', 'keyed']) {
    let last: Row | undefined;
    for (;;) {
      const clauses = [q.where];
      if (phase === 'unkeyed') {
        clauses.push(sql<boolean>`${key} is null`);
        if (last) clauses.push(sql<boolean>`${id} ${after} ${last.id}`);
      } else {
        clauses.push(sql<boolean>`${key} is not null`);
        if (last)
          clauses.push(
            sql<boolean>`(${key}, ${id}) ${after} (cast(${last.__key} as ${sql.raw(PG_TYPES[type])}), ${last.id})`,
          );
      }
      const order: [RawBuilder<unknown>, 'asc' | 'desc'][] =
        phase === 'unkeyed'
          ? [[id, dir]]
          : [
              [key, dir],
              [id, dir],
            ];
      const rows = await engine.readBatch(and(clauses), order, EXPORT_BATCH, keyText);
      if (rows.length) yield rows.map((r) => csvRow(columns.map((c) => r[c]))).join('');
      if (rows.length < EXPORT_BATCH) break;
      last = rows[rows.length - 1];
    }
  }
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
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename=${d.name}-${cityDate()}.csv`)
        .send(Readable.from(csvBatches(engine, d, q, columns)));
    },
  );
}
