import type { RawBuilder, Transaction } from 'kysely';
import type { AnyObject, ObjectSchema } from 'yup';
import type { Access, StaffPrincipal } from '../auth/guard.js';
import type { Database } from '../db/schema.js';
import type { AppServices } from '../services.js';
import type { FieldSpec, FieldType, ResourceManifest } from '../../src/domain/resources/manifest.js';

export type { FieldSpec, FieldType } from '../../src/domain/resources/manifest.js';

export type Row = Record<string, unknown>;

export interface WriteContext {
  trx: Transaction<Database>;
  staff: StaffPrincipal;
  services: AppServices;
  /** The stored row before an update or delete. */
  existing?: Row;
  /** Runs once the transaction has committed (realtime events, mail). */
  afterCommit(effect: () => Promise<void> | void): void;
}

export interface AfterWriteContext extends WriteContext {
  action: 'create' | 'update' | 'delete';
  /** The validated input (create and update). */
  input?: AnyObject;
  before?: Row;
  after?: Row;
}

export interface ActionContext extends WriteContext {
  /** The validated body (an empty object when the action declares none). */
  input: AnyObject;
  /** Record actions: the record's id; `existing` is its stored row, locked for update. */
  id?: number;
  /**
   * Texts someone about the action, after commit. In an undoable bulk run the text waits until
   * the undo window closes; an undo's texts, like the undone action's, are never sent.
   */
  text(phone: string, text: string): void;
}

export interface ActionResult {
  /** The record a collection action wrote; its row is audited and is the answer's default data. */
  recordId?: number;
  /** The answer's data, when it is not the record as the API shows it. */
  data?: unknown;
  message?: string;
  /**
   * What the decision was (a reason, a note, which part of the record), added to the audit row's
   * `after` beside the fields that changed, so the history says why as well as who and when.
   */
  audit?: Row;
}

/**
 * A named operation beyond plain field edits: `POST /<res>/:id/<name>` (record) or
 * `POST /<res>/<name>` (collection). It runs like a write: one transaction, an audit row with the
 * record before and after, and after-commit effects only once committed.
 */
export interface ActionDeclaration {
  summary: string;
  description?: string;
  /** Defaults to `update-<subject>`. */
  access?: Access;
  /** 'record' (default) acts on the record in the URL; 'collection' on the resource as a whole. */
  on?: 'record' | 'collection';
  body?: ObjectSchema<AnyObject>;
  /** 200 by default; 201 for an action that creates a record. */
  status?: 200 | 201;
  handler: (ctx: ActionContext) => Promise<ActionResult | void>;
  /**
   * Also offered on many records at once, `POST /<res>/bulk/<name>` {ids, reason, …} (bulk.ts);
   * `undo` names the action that reverses it, run on the records it was done to.
   */
  bulk?: { undo?: string };
}

export const defineAction = (a: ActionDeclaration): ActionDeclaration => a;

export type CustomFilter = (value: unknown) => RawBuilder<boolean>;

/**
 * One declaration per resource. The engine turns it into the
 * ra-data-simple-rest endpoints with filtering, sorting, paging, validation,
 * permission checks and the audit log.
 */
export interface ResourceDeclaration {
  /** URL segment and Content-Range unit, e.g. 'staffs'. */
  name: string;
  table: keyof Database & string;
  /** Permission subject: 'Staff' gives view-Staff, create-Staff, … */
  subject: string;
  description?: string;
  /** Readable columns (camelCase), with their filter and sort abilities. */
  fields: Record<string, FieldSpec>;
  /** Read-only values computed in SQL, e.g. a role's permission names. */
  computed?: Record<
    string,
    {
      type: FieldType | 'text[]';
      sql: RawBuilder<unknown>;
      filter?: boolean;
      sort?: boolean;
      /** Answered only when a list's `fields` names it (a list-only shorthand, not part of the full record). */
      onRequest?: boolean;
      /** As a field's: `money` is an amount in the city's currency. */
      format?: 'money';
      /** Exported right after this field (a reference's label beside its id), instead of after all fields. */
      beside?: string;
    }
  >;
  /** Text columns that `q` searches (case-insensitive, substring). */
  search?: string[];
  /** When `q` is a whole number, also match these integer columns exactly. */
  searchIds?: string[];
  /** Filters beyond plain columns, by filter key. */
  filters?: Record<string, CustomFilter>;
  defaultSort?: [string, 'ASC' | 'DESC'];
  /** Per-action access; defaults to `<action>-<subject>`. */
  access?: Partial<Record<'list' | 'read' | 'create' | 'update' | 'delete', Access>>;
  /** Absent or false for a read-only resource. */
  create?: ObjectSchema<AnyObject>;
  update?: ObjectSchema<AnyObject>;
  delete?: boolean;
  /** Turns validated input into column values (hash, drop virtual fields, keep masked secrets). */
  toColumns?: (input: AnyObject, ctx: WriteContext) => Promise<Row> | Row;
  /** Business checks before a delete; throw an ApiError to refuse. */
  beforeDelete?: (ctx: WriteContext) => Promise<void>;
  /** Side effects inside the same transaction (join tables, notifications, revocations). */
  afterWrite?: (ctx: AfterWriteContext) => Promise<void>;
  /**
   * List pages by a deferred join: the page's ids first (index-only, cheap to
   * skip deep offsets), then only those rows with their computed values.
   * For large tables.
   */
  deferredJoin?: boolean;
  /**
   * Keep the answers of "one record by id" in memory (server/rest/readCaches.ts). Only for a
   * resource whose every change reaches the cache: a trigger of migration 050 on its table and on
   * the tables its computed fields read, and its in-process writes announced (recordChanged).
   */
  cacheReads?: boolean;
  /** Named operations, see ActionDeclaration. */
  actions?: Record<string, ActionDeclaration>;
  /** Fields left out of CSV exports (bulky or meaningless in a spreadsheet, e.g. an encoded polyline). */
  exportOmit?: string[];
  /** Exact total for a list query, when the generic count is too slow; undefined falls back to count(*). */
  count?: (ctx: {
    where: RawBuilder<boolean>;
    filtered: boolean;
    filter: Record<string, unknown>;
    db: import('../db/index.js').Db;
  }) => Promise<number | undefined>;
  /**
   * A deep page without walking its offset: for a list query whose range starts at `start` (past
   * SEEK_FROM), a condition that leaves out every row before a known boundary and the offset left
   * to skip after it, both SQL over small tables kept exact by triggers (the trips' day counts).
   * Read in the page's own statement. Undefined for the queries it cannot place (they page by offset).
   */
  seek?: (ctx: {
    filter: Record<string, unknown>;
    sort: { field: string; order: 'ASC' | 'DESC' };
    start: number;
  }) => { where: RawBuilder<boolean>; offset: RawBuilder<number> } | undefined;
}

/** What a server declaration adds to its manifest entry: table, computed SQL, hooks, server-only rules. */
export type ServerOnly = Omit<
  ResourceDeclaration,
  'name' | 'subject' | 'fields' | 'search' | 'searchIds' | 'defaultSort'
>;

/**
 * The engine's declaration: the manifest entry's name, subject, fields, search and default sort
 * (src/domain/resources), plus what only the server knows. Write schemas come from the manifest
 * unless the server declares its own (rules that need the database or server-only fields).
 */
export function defineResource(manifest: ResourceManifest, server: ServerOnly): ResourceDeclaration {
  // The table whose columns the manifest's field rules describe is the one the declaration serves.
  const served = server.table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  if (manifest.table && manifest.table !== served)
    throw new Error(`${manifest.name}: the manifest names the table ${manifest.table}, the declaration ${served}`);
  return {
    ...server,
    name: manifest.name,
    subject: manifest.subject,
    fields: manifest.fields,
    search: manifest.search && [...manifest.search],
    searchIds: manifest.searchIds && [...manifest.searchIds],
    defaultSort: manifest.defaultSort && [manifest.defaultSort[0], manifest.defaultSort[1]],
    create: server.create ?? manifest.create,
    update: server.update ?? manifest.update,
  };
}
