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

const sameType = (a: string, b: string) => normalType(a) === normalType(b);
const normalType = (t: string) => (t === 'timestamptz' ? 'timestamp with time zone' : t);

async function columnSteps(db: AnyDb, table: string, want: DeclaredColumn, live: LiveColumn): Promise<PlanStep[]> {
  const had: DeclaredColumn = readRuleText(live.name, live.comment) ?? {
    name: live.name,
    sqlType: live.sqlType,
    notNull: live.notNull,
  };
  const col = want.name;
  const typeChanged = !sameType(live.sqlType, want.sqlType);
  if (ruleText(had) === ruleText(want) && !typeChanged && live.notNull === want.notNull) return [];

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
    if (!(WIDENINGS[normalType(live.sqlType)] ?? []).includes(normalType(want.sqlType)))
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
    (c) => !SERVER_COLUMNS.has(c.name) && !want.columns.some((w) => w.name === c.name),
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
