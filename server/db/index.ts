import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { listenPglite, listenPostgres, type NoticeListener } from './listen.js';
import pg from 'pg';
import type { Database } from './schema.js';
import { copyCsv, copyText } from './copy.js';
import type { Readable } from 'node:stream';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when running on PGlite (tests dump and load it). */
  pglite?: PGlite;
  /** Listens to a NOTIFY channel until the answered function is called (server/db/listen.ts). */
  listen(channel: string, listener: NoticeListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// NUMERIC and INT8 arrive as strings by default; the API speaks JSON numbers.
// Money is numeric(12,2) and counts fit easily in a double.
const toNumber = (v: string) => (v === null ? null : Number(v));
// A DATE is a calendar day, not an instant: keep '2027-12-31' as it is.
const asIs = (v: string) => v;

/** Runs one read-only statement and answers its rows as arrays of values, in select-list order. */
export type ArrayQuery = (text: string, params: readonly unknown[]) => Promise<unknown[][]>;

/**
 * The array reader of each database made by createDb, found from its Kysely instance (and from the
 * instances `withoutPlugins()` derives, which share its executor's driver). Kysely has no row mode:
 * bulk reads (exports) use this to skip building an object per row.
 */
const arrayQueries = new WeakMap<object, ArrayQuery>();

/** The array reader of `db`'s database; undefined for a Kysely instance createDb did not make. */
export function arrayQueryOf(db: Pick<Kysely<unknown>, 'getExecutor'>): ArrayQuery | undefined {
  return arrayQueries.get(db.getExecutor().adapter);
}

/**
 * Runs one read-only statement as a named prepared statement where the driver has them (`pg`: each
 * pooled connection parses and plans it once, then binds and executes; after five runs PostgreSQL
 * keeps its generic plan), or as an ordinary parameterised query (PGlite). Rows as objects.
 */
export type PreparedQuery = (
  name: string,
  text: string,
  params: readonly unknown[],
) => Promise<Record<string, unknown>[]>;

const preparedQueries = new WeakMap<object, PreparedQuery>();

/** The prepared-statement reader of `db`'s database; undefined for a Kysely instance createDb did not make. */
export function preparedQueryOf(db: Pick<Kysely<unknown>, 'getExecutor'>): PreparedQuery | undefined {
  return preparedQueries.get(db.getExecutor().adapter);
}

/** PostgreSQL only: bulk reads that skip pg's per-value parsing (exports). */
export interface BulkReader {
  /** The type (OID) of each column of a statement's result, read from its description without a row. */
  columnTypes(text: string, params: readonly unknown[]): Promise<number[]>;
  /** The one text column of `select` (no bound parameters), streamed as bytes through COPY; see copy.ts. */
  copyText(select: string, settings?: Record<string, string>): Readable;
  /** The rows of `select` (no bound parameters) as PostgreSQL's CSV with CRLF line ends, streamed as bytes; see copy.ts. */
  copyCsv(select: string, settings?: Record<string, string>): Readable;
}

const bulkReaders = new WeakMap<object, BulkReader>();

/** The bulk reader of `db`'s database: undefined on PGlite (its COPY TO writes to a blob in memory). */
export function bulkReaderOf(db: Pick<Kysely<unknown>, 'getExecutor'>): BulkReader | undefined {
  return bulkReaders.get(db.getExecutor().adapter);
}

export interface DbOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests). */
  loadDataDir?: Blob;
  /** PGlite: lines added to postgresql.conf (tests keep the WAL small, so their dumps stay small). */
  postgresqlConf?: string[];
  poolSize?: number;
}

export async function createDb(opts: DbOptions): Promise<DbHandle> {
  const plugins = [new CamelCasePlugin()];
  if (opts.databaseUrl) {
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, toNumber);
    pg.types.setTypeParser(pg.types.builtins.INT8, toNumber);
    pg.types.setTypeParser(pg.types.builtins.DATE, asIs);
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    arrayQueries.set(db.getExecutor().adapter, async (text, values) => {
      const result = await pool.query<unknown[]>({ text, values: values as unknown[], rowMode: 'array' });
      return result.rows;
    });
    preparedQueries.set(db.getExecutor().adapter, async (name, text, values) => {
      const result = await pool.query<Record<string, unknown>>({ name, text, values: values as unknown[] });
      return result.rows;
    });
    bulkReaders.set(db.getExecutor().adapter, {
      async columnTypes(text, values) {
        const result = await pool.query({ text, values: values as unknown[], rowMode: 'array' });
        return result.fields.map((field) => field.dataTypeID);
      },
      copyText: (select, settings) => copyText(pool, select, settings),
      copyCsv: (select, settings) => copyCsv(pool, select, settings),
    });
    return {
      db,
      kind: 'postgres',
      listen: (channel, listener) => listenPostgres(opts.databaseUrl!, channel, listener),
      close: () => db.destroy(),
    };
  }
  const pglite = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    postgresqlconf: opts.postgresqlConf,
    // Trigram indexes (migration 014: the passengers' `q`); PostgreSQL ships pg_trgm in its contrib.
    extensions: { pg_trgm },
    parsers: { [pgliteTypes.NUMERIC]: toNumber, [pgliteTypes.INT8]: toNumber, [pgliteTypes.DATE]: asIs },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  arrayQueries.set(db.getExecutor().adapter, async (text, values) => {
    const result = await pglite.query<unknown[]>(text, values as unknown[], { rowMode: 'array' });
    return result.rows;
  });
  // PGlite has no named statements: one connection, the extended protocol per query.
  preparedQueries.set(db.getExecutor().adapter, async (_name, text, values) => {
    const result = await pglite.query<Record<string, unknown>>(text, values as unknown[]);
    return result.rows;
  });
  return {
    db,
    kind: 'pglite',
    pglite,
    listen: (channel, listener) => listenPglite(pglite, channel, listener),
    async close() {
      // PGlite does not checkpoint its WAL on close (electric-sql/pglite#327): without this a restart
      // replays the whole log, and a copy of the directory taken after exit may miss recent writes.
      await pglite.exec('CHECKPOINT').catch(() => undefined);
      await db.destroy();
    },
  };
}
