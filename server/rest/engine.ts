import type { FastifyRequest } from 'fastify';
import { sql, type AliasedRawBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { AnyObject } from 'yup';
import { staffOf, type Access } from '../auth/guard.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { AppServices } from '../services.js';
import type { ResourceDeclaration, Row, WriteContext } from './declaration.js';
import { recordAudit } from './audit.js';
import { arrayQueryOf, bulkReaderOf, preparedQueryOf, type BulkReader, type PreparedQuery } from '../db/index.js';
import { lookupOf } from './names.js';
import { keysetOf, seekOf } from './keyset.js';
import { columnRef, parseListQuery, snake, sortRef } from './query.js';
import { maskSecret, mergeSecret } from './secrets.js';
import { errorSchema, idParams, parseId, parseIdList, validateBody } from './requests.js';
import { refusal } from '../../src/domain/messageCodes.js';
import { guardColumns } from './writeGuards.js';

/** Request helpers, in requests.ts since the actions and other routes use them too; kept importable from here. */
export { errorSchema, idParams, parseId, parseIdList, validateBody };

type Action = 'list' | 'read' | 'create' | 'update' | 'delete';
const PERMISSION_ACTION: Record<Action, string> = {
  list: 'view',
  read: 'view',
  create: 'create',
  update: 'update',
  delete: 'delete',
};

/** Emitted on services.events after a resource write commits: `{ resource, id }` (caches listen). */
export const RECORD_CHANGED = 'recordChanged';
export interface RecordChangedEvent {
  resource: string;
  id: number;
}

export function accessFor(d: ResourceDeclaration, action: Action): Access {
  return d.access?.[action] ?? (`${PERMISSION_ACTION[action]}-${d.subject}` as Access);
}

export class ResourceEngine {
  /** Reads skip the CamelCasePlugin: the engine aliases snake_case columns itself, so its rewrite is pure cost. */
  private readonly read: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tables are named at run time
  private readonly selected: ReturnType<ResourceEngine['selections']>;
  private readonly secretFields: string[];
  /** The table's name in the database, for the plugin-less reads. */
  private readonly table: string;
  private readonly idRef: ReturnType<typeof columnRef>;
  private readonly prepared: PreparedQuery | undefined;
  /** The read of one record by id as a prepared statement (see byIdStatement). */
  private readonly byId: { name: string; text: string } | undefined;
  constructor(
    private readonly d: ResourceDeclaration,
    private readonly services: AppServices,
  ) {
    this.read = (services.db as Kysely<any>).withoutPlugins(); // eslint-disable-line @typescript-eslint/no-explicit-any
    this.table = snake(d.table);
    this.idRef = columnRef(d.table, 'id');
    this.selected = this.compiledSelections();
    this.prepared = preparedQueryOf(this.read);
    this.byId = this.byIdStatement();
    this.secretFields = Object.keys(d.fields).filter((f) => d.fields[f].secret);
  }

  private selections() {
    const { d } = this;
    return [
      this.idRef.as('id'),
      ...Object.keys(d.fields).map((f) => columnRef(d.table, f).as(f)),
      ...Object.entries(d.computed ?? {})
        .filter(([, c]) => !c.onRequest)
        .map(([name, c]) => c.sql.as(name)),
    ];
  }

  /**
   * The select list as one piece of SQL text, compiled once: Kysely would otherwise rebuild and
   * recompile ~50 selection nodes on every read. Only a list without bound parameters qualifies.
   */
  private compiledSelections(): ReturnType<ResourceEngine['selections']> {
    const selections = this.selections();
    const compiled = sql`${sql.join(selections)}`.compile(this.read);
    if (compiled.parameters.length) return selections;
    // Kysely accepts any expression as a selection at run time; its types only want aliased ones.
    return [sql.raw(compiled.sql) as unknown as (typeof selections)[number]];
  }

  /**
   * One record by id as the text of a prepared statement: the same fields as `selected`, with each
   * looked-up name (`nameOf`, `valueOf`) a left join on the other table's key instead of a subquery per
   * name. Sent as a named statement (pg), it is parsed and planned once per connection; the
   * answer is the same record. Undefined when the select list has bound parameters.
   */
  private byIdStatement(): { name: string; text: string } | undefined {
    const { d } = this;
    const joins: RawBuilder<unknown>[] = [];
    const computed = Object.entries(d.computed ?? {})
      .filter(([, c]) => !c.onRequest)
      .map(([name, c]) => {
        const lookup = lookupOf(c.sql);
        if (!lookup) return c.sql.as(name);
        const alias = sql.raw(`j${joins.length}`);
        // A lateral subquery this simple is pulled up into a plain left join (x.id is a key: one row at most).
        joins.push(
          sql`left join lateral (select ${lookup.value} as v from ${sql.table(lookup.table)} x where x.id = ${sql.ref(lookup.column)}) ${alias} on true`,
        );
        return sql`${alias}.v`.as(name);
      });
    const parts = [this.idRef.as('id'), ...Object.keys(d.fields).map((f) => columnRef(d.table, f).as(f)), ...computed];
    const compiled =
      sql`select ${sql.join(parts)} from ${sql.table(this.table)} ${sql.join(joins, sql` `)} where ${this.idRef} = ${0}`.compile(
        this.read,
      );
    if (compiled.parameters.length !== 1) return undefined;
    // A statement name is per connection and must always mean the same text: the text's hash is in it.
    let hash = 0;
    for (let i = 0; i < compiled.sql.length; i++) hash = (Math.imul(hash, 31) + compiled.sql.charCodeAt(i)) | 0;
    return { name: `by_id_${this.table}_${(hash >>> 0).toString(36)}`, text: compiled.sql };
  }

  /** The row as the API shows it: secrets masked. */
  present(row: Row | undefined): Row | undefined {
    if (!row || !this.secretFields.length) return row;
    const out: Row = { ...row };
    for (const f of this.secretFields) if (f in out) out[f] = maskSecret(out[f]);
    return out;
  }

  /** One record as the API shows it (secrets not yet masked); `db` may be a transaction. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are named at run time
  async findRow(id: number, db: Kysely<any> = this.read): Promise<Row | undefined> {
    if (db === this.read && this.prepared && this.byId) {
      const rows = await this.prepared(this.byId.name, this.byId.text, [id]);
      return rows[0];
    }
    const reader = db === this.read ? db : db.withoutPlugins();
    return reader.selectFrom(this.table).select(this.selected).where(this.idRef, '=', id).executeTakeFirst();
  }

  /** Select lists of field selections asked for before, by their sorted field names (a few per screen). */
  private readonly fieldSelections = new Map<string, ReturnType<ResourceEngine['selections']>>();

  /**
   * The select list for a `fields` query parameter (comma-separated field names; `id` is always
   * included), or the whole record when it is absent. An unknown field is a 400.
   */
  selectionFor(raw: unknown): ReturnType<ResourceEngine['selections']> {
    if (raw === undefined) return this.selected;
    if (typeof raw !== 'string') throw badRequest(refusal('fieldsOnce'));
    const names = [
      ...new Set(
        raw
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
      ),
    ].sort();
    const known = (f: string) => f === 'id' || f in this.d.fields || f in (this.d.computed ?? {});
    const unknown = names.filter((f) => !known(f));
    if (unknown.length)
      throw badRequest(
        refusal(unknown.length > 1 ? 'unknownFields' : 'unknownFieldIn', { names: unknown.slice(0, 5).join(', ') }),
      );
    const key = names.join(',');
    let selection = this.fieldSelections.get(key);
    if (!selection) {
      const { d } = this;
      const parts = [
        this.idRef.as('id'),
        ...names.filter((f) => f in d.fields).map((f) => columnRef(d.table, f).as(f)),
        ...names.filter((f) => d.computed?.[f]).map((f) => d.computed![f].sql.as(f)),
      ];
      const compiled = sql`${sql.join(parts)}`.compile(this.read);
      selection = compiled.parameters.length ? parts : [sql.raw(compiled.sql) as unknown as (typeof parts)[number]];
      if (this.fieldSelections.size < 100) this.fieldSelections.set(key, selection);
    }
    return selection;
  }

  async list(query: Record<string, unknown>): Promise<{ rows: Row[]; total: number; start: number }> {
    if (query.shape !== undefined && query.shape !== 'rows' && query.shape !== 'objects')
      throw badRequest(refusal('shapeValue'));
    if (query.shape === 'rows' && query.fields === undefined) throw badRequest(refusal('shapeNeedsFields'));
    const { d } = this;
    const q = parseListQuery(d, query);
    const selected = this.selectionFor(query.fields);
    const limit = q.range.end - q.range.start + 1;
    const order = q.sort.order === 'ASC' ? 'asc' : 'desc';
    // A keyset page reads from its cursor on (the page before it: backwards from the cursor), no offset.
    const keyset = keysetOf(d, q, query);
    const reversed = keyset?.direction === 'before';
    const pageOrder = reversed ? (order === 'asc' ? 'desc' : 'asc') : order;
    const seek = keyset === undefined ? seekOf(d, q) : undefined;
    const page = this.read
      .selectFrom(this.table)
      .where(q.where)
      .$if(keyset !== undefined, (qb) => qb.where(keyset!.where))
      .$if(seek !== undefined, (qb) => qb.where(seek!.where))
      .orderBy(sortRef(d, q.sort.field), pageOrder)
      .orderBy(this.idRef, pageOrder)
      .limit(limit)
      .$if(keyset === undefined, (qb) => qb.offset(seek?.offset ?? q.range.start));
    // A deferred join finds the page's ids first (an index-only scan can skip the offset rows),
    // then reads and computes only those rows.
    const rowsPromise = d.deferredJoin
      ? this.read
          .selectFrom(this.table)
          .select(selected)
          .where(this.idRef, 'in', page.select(this.idRef.as('id')))
          .orderBy(sortRef(d, q.sort.field), order)
          .orderBy(this.idRef, order)
          .execute()
      : page
          .select(selected)
          .execute()
          .then((rows) => (reversed ? rows.reverse() : rows));
    const genericCount = () =>
      this.read
        .selectFrom(this.table)
        .select(sql<number>`count(*)`.as('n'))
        .where(q.where)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    // A declaration's count may answer undefined for filters it has no shortcut for.
    const totalPromise = d.count
      ? d
          .count({ where: q.where, filtered: q.filtered, filter: q.filter, db: this.services.db })
          .then((n) => n ?? genericCount())
      : genericCount();
    const [rows, total] = await Promise.all([rowsPromise, totalPromise]);
    return { rows: rows.map((r) => this.present(r)!), total, start: q.range.start };
  }

  /**
   * Up to `limit` rows matching `where`, in the given order, each an array of its `selections`
   * (aliased expressions over the table) with `key` last (exports page by it). Secrets are NOT
   * masked: the caller masks what it writes. An export reads a million rows this way without
   * building an object per row.
   */
  async readBatch(
    where: RawBuilder<boolean>,
    order: [RawBuilder<unknown>, 'asc' | 'desc'][],
    limit: number,
    key: RawBuilder<unknown>,
    selections: readonly AliasedRawBuilder<unknown, string>[],
  ): Promise<unknown[][]> {
    let query = this.read.selectFrom(this.table).select(selections).select(key.as('__key')).where(where);
    for (const [ref, direction] of order) query = query.orderBy(ref, direction);
    query = query.limit(limit);
    const arrays = arrayQueryOf(this.read);
    if (!arrays) return (await query.execute()).map((row) => Object.values(row));
    const { sql: text, parameters } = query.compile();
    return arrays(text, parameters);
  }

  /**
   * The ids of every row matching `where`, in `order`, in one statement: PostgreSQL sorts the set
   * once. Read as one comma-separated text (no row object per id), so a million ids cost ~8 MB.
   */
  async readIdsInOrder(where: RawBuilder<boolean>, order: [RawBuilder<unknown>, 'asc' | 'desc'][]): Promise<number[]> {
    const orderBy = sql.join(order.map(([ref, direction]) => sql`${ref} ${sql.raw(direction)}`));
    const { rows } = await sql<{
      ids: string | null;
    }>`select string_agg(${this.idRef}::text, ',' order by ${orderBy}) as ids
      from ${sql.table(this.table)} where ${where}`.execute(this.read);
    return parseIdList(rows[0]?.ids ?? '');
  }

  /** Whether a full (not partial) index of the table starts with this column. */
  async leadsAnIndex(column: string): Promise<boolean> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
      where i.indrelid = ${this.table}::regclass and i.indpred is null and a.attname = ${snake(column)}`.execute(
      this.read,
    );
    return rows[0].n > 0;
  }

  /** PostgreSQL's bulk reader (COPY exports); undefined on PGlite. */
  bulkReader(): BulkReader | undefined {
    return bulkReaderOf(this.read);
  }

  /** The SQL text and parameters of a statement, compiled as this engine's reads are. */
  compile(statement: RawBuilder<unknown>): { sql: string; parameters: readonly unknown[] } {
    return statement.compile(this.read);
  }

  /** Rows of a read-only statement, without the CamelCasePlugin (exports' lookups). */
  async readRows<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(this.read)).rows;
  }

  /** Runs a write in one transaction with its audit record; effects run after commit. */
  async transact<T>(request: FastifyRequest, fn: (ctx: WriteContext) => Promise<T>): Promise<T> {
    const effects: (() => Promise<void> | void)[] = [];
    const staff = staffOf(request);
    const result = await this.services.db
      .transaction()
      .execute((trx) => fn({ trx, staff, services: this.services, afterCommit: (e) => effects.push(e) }));
    for (const effect of effects) {
      try {
        await effect();
      } catch (err) {
        request.log.error({ err }, 'after-commit effect failed');
      }
    }
    return result;
  }

  /** Tells listeners (caches) once the write commits that a record changed. */
  changed(ctx: WriteContext, id: number): void {
    const event: RecordChangedEvent = { resource: this.d.name, id };
    ctx.afterCommit(() => void this.services.events.emit(RECORD_CHANGED, event));
  }

  /** The stored row, locked until the transaction ends; 404 when there is none. */
  async lockRow(ctx: WriteContext, id: number): Promise<Row> {
    const existing = await ctx.trx
      .selectFrom(this.d.table)
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) throw notFound(refusal('noSuch', { label: 'record' }));
    return existing;
  }

  private async columnsFor(input: AnyObject, ctx: WriteContext): Promise<Row> {
    const values = this.d.toColumns ? await this.d.toColumns(input, ctx) : { ...input };
    await guardColumns(this.d.table, values, ctx);
    for (const [f, spec] of Object.entries(this.d.fields)) {
      if (spec.secret && f in values && ctx.existing) values[f] = mergeSecret(values[f], ctx.existing[f]);
      if (spec.type === 'json' && f in values && values[f] !== null) values[f] = JSON.stringify(values[f]);
    }
    return values;
  }

  async create(request: FastifyRequest): Promise<Row> {
    const { d } = this;
    const input = await validateBody(d.create!, request.body);
    return this.transact(request, async (ctx) => {
      const values = await this.columnsFor(input, ctx);
      const { id } = await ctx.trx.insertInto(d.table).values(values).returning('id').executeTakeFirstOrThrow();
      const after = this.present(await this.findRow(id as number, ctx.trx))!;
      await d.afterWrite?.({ ...ctx, action: 'create', input, after });
      this.changed(ctx, id as number);
      const final = d.afterWrite ? this.present(await this.findRow(id as number, ctx.trx))! : after;
      await recordAudit(ctx.trx, {
        staffId: ctx.staff.id,
        resource: d.name,
        recordId: id as number,
        action: 'create',
        after: final,
      });
      return final;
    });
  }

  async update(request: FastifyRequest, id: number): Promise<Row> {
    const { d } = this;
    const input = await validateBody(d.update!, request.body);
    return this.transact(request, async (ctx) => {
      const existing = await this.lockRow(ctx, id);
      const before = this.present(await this.findRow(id, ctx.trx))!;
      const values = await this.columnsFor(input, { ...ctx, existing });
      if ('updatedAt' in d.fields) values.updatedAt = new Date();
      if (Object.keys(values).length) await ctx.trx.updateTable(d.table).set(values).where('id', '=', id).execute();
      await d.afterWrite?.({ ...ctx, existing, action: 'update', input, before });
      this.changed(ctx, id);
      const after = this.present(await this.findRow(id, ctx.trx))!;
      await recordAudit(ctx.trx, {
        staffId: ctx.staff.id,
        resource: d.name,
        recordId: id,
        action: 'update',
        before,
        after,
      });
      return after;
    });
  }

  async remove(request: FastifyRequest, id: number): Promise<Row> {
    const { d } = this;
    return this.transact(request, async (ctx) => {
      const existing = await this.lockRow(ctx, id);
      const before = this.present(await this.findRow(id, ctx.trx))!;
      await d.beforeDelete?.({ ...ctx, existing });
      await ctx.trx.deleteFrom(d.table).where('id', '=', id).execute();
      await d.afterWrite?.({ ...ctx, existing, action: 'delete', before });
      this.changed(ctx, id);
      await recordAudit(ctx.trx, { staffId: ctx.staff.id, resource: d.name, recordId: id, action: 'delete', before });
      return before;
    });
  }
}

export { ApiError };
