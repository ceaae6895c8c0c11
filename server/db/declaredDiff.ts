import { sql, type Kysely } from 'kysely';
import type { ResourceManifest } from '../../src/domain/resources/manifest.js';
import {
  addRuleStatements,
  columnDefinition,
  columnRuleStatements,
  commentStatement,
  createTableStatements,
  declaredTable,
  dropColumnRuleStatements,
  dropRuleStatements,
  literal,
  readRuleText,
  RULE_PARTS,
  ruleText,
  type DeclaredColumn,
  type RulePart,
  type DeclaredTable,
  type TableOf,
} from './declaredSchema.js';

/**
 * What `npm run migration:new` (scripts/migrationNew.ts) reads: the difference between the tables the
 * declarations describe (declaredSchema.ts) and the tables a database has, as the steps of the next
 * migration. A declared column carries its rules as its comment; a step compares those. A step that
 * loses or refuses data (a drop, a narrower type, not null, a stricter check, a new unique index)
 * says how many of the database's rows it touches. An empty plan: the migrations build what the
 * declarations say (tests/server/declaredSchema.test.ts).
 */
export interface PlanStep {
  /** One line for people: "vehicles: add column mileage integer". */
  summary: string;
  statements: string[];
  /** A step that drops or converts values (written only with --allow-data-loss): the rows it touches. */
  dataLoss?: { rows: number; what: string };
  /**
   * Why the step would fail on this database's rows (a field made required that rows lack, a check
   * or a unique rule they break): not written until the rows are fixed, or the field has a default.
   */
  blocked?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are named at run time
type AnyDb = Kysely<any>;

const SERVER_COLUMNS = new Set(['id', 'created_at', 'updated_at']);

interface LiveColumn {
  name: string;
  sqlType: string;
  notNull: boolean;
  comment: string | null;
}

async function liveColumns(db: AnyDb, table: string): Promise<LiveColumn[] | undefined> {
  const { rows } = await sql<{ name: string; type: string; notNull: boolean; comment: string | null }>`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as "notNull",
      col_description(c.oid, a.attnum) as comment
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relname = ${table} and n.nspname = current_schema() and c.relkind = 'r'
    order by a.attnum`.execute(db);
  if (!rows.length) return undefined;
  return rows.map((r) => ({ name: r.name, sqlType: r.type, notNull: r.notNull, comment: r.comment }));
}

/** Tables whose columns carry declared rules (a declared resource's table), by name. */
async function declaredTablesIn(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    select distinct c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0
    where n.nspname = current_schema() and c.relkind = 'r'
      and col_description(c.oid, a.attnum) like '{"type":%'`.execute(db);
  return rows.map((r) => r.table);
}

const count = async (db: AnyDb, text: string) =>
  Number((await sql<{ n: number }>`${sql.raw(`select count(*)::int as n from ${text}`)}`.execute(db)).rows[0]!.n);

/** The types a column may change to without losing a value (the rest need --allow-data-loss). */
const WIDENINGS: Record<string, string[]> = {
  integer: ['bigint', 'numeric(12,2)', 'double precision', 'text'],
  'numeric(12,2)': ['double precision', 'text'],
  'double precision': ['text'],
  boolean: ['text'],
  date: ['text', 'timestamp with time zone', 'timestamptz'],
};

/** Does changing a column from one type to the other keep every value (numeric(5,2) → numeric(12,2) does)? */
function widens(from: string, to: string): boolean {
  if ((WIDENINGS[normalType(from)] ?? []).includes(normalType(to))) return true;
  const numeric = /^numeric\((\d+),(\d+)\)$/;
  const [, p, s] = numeric.exec(from) ?? [];
  if (p === undefined) return false;
  const [, p2, s2] = numeric.exec(to) ?? [];
  // A double holds any decimal of up to 15 digits exactly as written.
  if (to === 'double precision' || to === 'text') return Number(p) <= 15 || to === 'text';
  return p2 !== undefined && s2 === s && Number(p2) >= Number(p);
}

const sameType = (a: string, b: string) => normalType(a) === normalType(b);
const normalType = (t: string) => (t === 'timestamptz' ? 'timestamp with time zone' : t);

/** A SQL default as the declarations write it: `'test'::text` → `'test'`. */
const plainDefault = (expression: string) => expression.replace(/::[a-z ]+(\(\d+(,\d+)?\))?$/, '');

/**
 * The rules a column of a hand-written migration holds (it has no rules comment yet), read from the
 * database under the names the declarations use: its default, its check (`<table>_<column>_check`,
 * PostgreSQL's own name for a column's check), its unique index (`<table>_<column>_key`) and, when
 * the declaration names a reference, its foreign key (`<table>_<column>_fkey`); a foreign key the
 * declaration does not speak of is left alone.
 */
async function adoptedRules(db: AnyDb, table: string, live: LiveColumn, want: DeclaredColumn): Promise<DeclaredColumn> {
  const col = live.name;
  const { rows } = await sql<{ def: string | null; check: string | null; fkey: string | null; index: string | null }>`
    select
      (select pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d join pg_attribute a
        on a.attrelid = d.adrelid and a.attnum = d.adnum where d.adrelid = c.oid and a.attname = ${col}) as def,
      (select pg_get_constraintdef(k.oid) from pg_constraint k
        where k.conrelid = c.oid and k.contype = 'c' and k.conname = ${`${table}_${col}_check`}) as check,
      (select f.relname from pg_constraint k join pg_class f on f.oid = k.confrelid
        where k.conrelid = c.oid and k.contype = 'f' and k.conname = ${`${table}_${col}_fkey`}) as fkey,
      (select pg_get_indexdef(i.indexrelid) from pg_index i join pg_class x on x.oid = i.indexrelid
        where i.indrelid = c.oid and i.indisunique and x.relname = ${`${table}_${col}_key`}) as index
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relname = ${table} and n.nspname = current_schema() and c.relkind = 'r'`.execute(db);
  const r = rows[0]!;
  const unique = r.index?.includes(`(lower(${col}))`) ? 'ci' : r.index ? 'plain' : undefined;
  return {
    name: col,
    sqlType: live.sqlType,
    notNull: live.notNull,
    ...(r.def !== null ? { default: plainDefault(r.def) } : {}),
    ...(r.check !== null ? { check: r.check } : {}),
    ...(want.references && r.fkey !== null ? { references: r.fkey } : {}),
    ...(unique ? { unique } : {}),
  };
}

async function columnSteps(db: AnyDb, table: string, want: DeclaredColumn, live: LiveColumn): Promise<PlanStep[]> {
  const recorded = readRuleText(live.name, live.comment);
  const had = recorded ?? (await adoptedRules(db, table, live, want));
  const col = want.name;
  const typeChanged = !sameType(live.sqlType, want.sqlType);
  // A column adopted from a hand-written migration gets its rules comment even when nothing else changes.
  if (recorded && ruleText(had) === ruleText(want) && !typeChanged && live.notNull === want.notNull) return [];

  const changed = (part: RulePart) => (had[part] ?? null) !== (want[part] ?? null);
  // A check may not fit the new type: it goes first and comes back after.
  const parts = RULE_PARTS.filter((part) => changed(part) || (part === 'check' && typeChanged));
  const statements: string[] = parts.flatMap((part) => dropRuleStatements(table, had, part));
  const summary: string[] = [];
  let dataLoss: PlanStep['dataLoss'];
  const blocked: string[] = [];

  if (typeChanged) {
    statements.push(`alter table ${table} alter column ${col} type ${want.sqlType} using ${col}::${want.sqlType}`);
    summary.push(`type ${live.sqlType} → ${want.sqlType}`);
    if (!widens(live.sqlType, want.sqlType))
      dataLoss = {
        rows: await count(db, `${table} where ${col} is not null`),
        what: `values of ${col} converted to ${want.sqlType}`,
      };
  }
  if ((had.default ?? null) !== (want.default ?? null)) {
    statements.push(
      want.default !== undefined
        ? `alter table ${table} alter column ${col} set default ${want.default}`
        : `alter table ${table} alter column ${col} drop default`,
    );
    summary.push(want.default !== undefined ? `default ${want.default}` : 'no default');
  }
  if (live.notNull !== want.notNull) {
    if (want.notNull) {
      const nulls = await count(db, `${table} where ${col} is null`);
      if (nulls && want.default !== undefined)
        statements.push(`update ${table} set ${col} = ${want.default} where ${col} is null`);
      else if (nulls) blocked.push(`${nulls} row${nulls === 1 ? ' has' : 's have'} no ${col}`);
      statements.push(`alter table ${table} alter column ${col} set not null`);
      summary.push('required');
    } else {
      statements.push(`alter table ${table} alter column ${col} drop not null`);
      summary.push('optional');
    }
  }
  if (changed('check')) {
    summary.push(want.check ? `check ${want.check}` : 'no check');
    if (want.check) {
      const outside = await count(db, `${table} where not (${want.check})`).catch(() => 0);
      if (outside) blocked.push(`${outside} row${outside === 1 ? ' is' : 's are'} outside the check on ${col}`);
    }
  }
  if (changed('unique')) {
    summary.push(want.unique ? `unique${want.unique === 'ci' ? ' ignoring case' : ''}` : 'not unique');
    if (want.unique) {
      const key = want.unique === 'ci' ? `lower(${col})` : col;
      const dupes = await count(
        db,
        `(select ${key} from ${table} where ${col} is not null group by ${key} having count(*) > 1) d`,
      );
      if (dupes) blocked.push(`${dupes} value${dupes === 1 ? ' of' : 's of'} ${col} held by more than one row`);
    }
  }
  if (changed('references')) summary.push(want.references ? `references ${want.references}` : 'no reference');
  statements.push(...parts.flatMap((part) => addRuleStatements(table, want, part)), commentStatement(table, want));
  if (!recorded) summary.push('rules recorded');
  return [
    {
      summary: `${table}: alter column ${col}${summary.length ? `: ${summary.join(', ')}` : ''}`,
      statements,
      ...(dataLoss ? { dataLoss } : {}),
      ...(blocked.length ? { blocked: blocked.join('; ') } : {}),
    },
  ];
}

/** The steps that bring one declared table from what the database has to what the declaration says. */
async function tableSteps(db: AnyDb, want: DeclaredTable): Promise<PlanStep[]> {
  const live = await liveColumns(db, want.table);
  if (!live)
    return [
      {
        summary: `${want.table}: create table (${want.columns.map((c) => c.name).join(', ')})`,
        statements: createTableStatements(want),
      },
    ];
  const steps: PlanStep[] = [];
  for (const column of want.columns) {
    const existing = live.find((c) => c.name === column.name);
    if (!existing) {
      const rows = column.notNull && column.default === undefined ? await count(db, want.table) : 0;
      steps.push({
        summary: `${want.table}: add column ${columnDefinition(column)}`,
        statements: [
          `alter table ${want.table} add column ${columnDefinition(column)}`,
          ...columnRuleStatements(want.table, column),
        ],
        ...(rows
          ? { dataLoss: { rows, what: `rows without a value for the required ${column.name} (give it a default)` } }
          : {}),
      });
    } else steps.push(...(await columnSteps(db, want.table, column, existing)));
  }
  for (const column of live.filter(
    (c) => !SERVER_COLUMNS.has(c.name) && !want.kept?.includes(c.name) && !want.columns.some((w) => w.name === c.name),
  )) {
    const had = readRuleText(column.name, column.comment);
    steps.push({
      summary: `${want.table}: drop column ${column.name}`,
      statements: [
        ...(had ? dropColumnRuleStatements(want.table, had) : []),
        `alter table ${want.table} drop column ${column.name}`,
      ],
      dataLoss: {
        rows: await count(db, `${want.table} where ${column.name} is not null`),
        what: `values of ${column.name}`,
      },
    });
  }
  return steps;
}

/**
 * The plan: for every declared resource (a manifest entry with `table` whose server declaration is
 * the plain one), the steps its table needs; then the declared tables no declaration names any more.
 */
export async function planMigration(
  db: AnyDb,
  manifests: readonly ResourceManifest[],
  tableOf: TableOf,
): Promise<PlanStep[]> {
  const steps: PlanStep[] = [];
  const wanted = manifests.filter((m) => m.table).map((m) => declaredTable(m, tableOf));
  for (const table of wanted) steps.push(...(await tableSteps(db, table)));
  for (const table of await declaredTablesIn(db))
    if (!wanted.some((w) => w.table === table))
      steps.push({
        summary: `${table}: drop table (no declaration names it)`,
        statements: [`drop table ${table}`],
        dataLoss: { rows: await count(db, table), what: `rows of ${table}` },
      });
  return steps;
}

export { literal };
