import type { FieldSpec, ResourceManifest } from '../../src/domain/resources/manifest.js';
import { MONEY_MAX, SERVER_FILLED, TEXT_MAX } from '../../src/domain/resources/declare.js';

/**
 * The table a declaration describes (`table` and the fields' rules), as the migrations write it:
 * each column's type, not null, default and one named check (`<table>_<column>_check`, the name
 * server/errors.ts reads a 400's field from), a foreign key per `reference` (`…_fkey`), a unique
 * index per `unique` (`…_key`, on `lower(column)` for 'ci'; its violation answers 409 naming the
 * field). Each declared column carries its rules as its comment (`ruleText`), which is what
 * `npm run migration:new` (scripts/migrationNew.ts) compares with the declaration. Pure.
 */
export interface DeclaredColumn {
  /** snake_case */
  name: string;
  sqlType: string;
  notNull: boolean;
  /** SQL literal */
  default?: string;
  /** SQL boolean expression over the column, or undefined for none. */
  check?: string;
  /** The referenced table (its `id`). */
  references?: string;
  unique?: 'plain' | 'ci';
}

export interface DeclaredTable {
  table: string;
  columns: DeclaredColumn[];
  /** Columns of `readOnly` fields: the service keeps them and the diff leaves them as they are. */
  kept?: string[];
}

/** The table a `reference` names (a manifest `name` → its table), or undefined when it has none. */
export type TableOf = (resource: string) => string | undefined;

export const snake = (camelName: string) => camelName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A SQL string literal. */
export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

const sqlValue = (value: string | number | boolean, spec: FieldSpec) =>
  typeof value === 'string'
    ? literal(value)
    : typeof value === 'number'
      ? String(value)
      : spec.type === 'bool'
        ? String(value)
        : literal(String(value));

function sqlType(spec: FieldSpec): string {
  if (spec.reference) return 'integer';
  switch (spec.type) {
    case 'int':
      return 'integer';
    case 'number':
      return spec.format === 'money' || spec.decimals === 2 ? 'numeric(12,2)' : 'double precision';
    case 'text':
      return 'text';
    case 'bool':
      return 'boolean';
    case 'date':
      return 'date';
    case 'timestamp':
      return 'timestamptz';
    case 'json':
      return 'jsonb';
  }
}

function checkOf(column: string, spec: FieldSpec): string | undefined {
  const parts: string[] = [];
  if (spec.enum) parts.push(`${column} in (${spec.enum.map(literal).join(', ')})`);
  else if (spec.type === 'text' && !spec.reference)
    parts.push(`char_length(${column}) <= ${spec.maxLength ?? TEXT_MAX}`);
  if (spec.type === 'int' || spec.type === 'number') {
    const min = spec.min ?? (spec.format === 'money' ? 0 : undefined);
    const max = spec.max ?? (spec.format === 'money' ? MONEY_MAX : undefined);
    if (min !== undefined) parts.push(`${column} >= ${min}`);
    if (max !== undefined) parts.push(`${column} <= ${max}`);
  }
  if (spec.pattern) parts.push(`${column} ~ ${literal(spec.pattern)}`);
  return parts.length ? parts.join(' and ') : undefined;
}

/** The columns of a declared resource's table (id, created_at and updated_at are the engine's own). */
export function declaredTable(manifest: ResourceManifest, tableOf: TableOf): DeclaredTable {
  if (!manifest.table) throw new Error(`${manifest.name} declares no table`);
  const fields = Object.entries(manifest.fields).filter(([name]) => !SERVER_FILLED.has(name));
  const kept = fields.filter(([, spec]) => spec.readOnly).map(([name]) => snake(name));
  const columns = fields
    .filter(([, spec]) => !spec.readOnly)
    .map(([name, spec]): DeclaredColumn => {
      const column = snake(name);
      const references = spec.reference ? tableOf(spec.reference) : undefined;
      if (spec.reference && !references) throw new Error(`${manifest.name}.${name}: ${spec.reference} has no table`);
      return {
        name: column,
        sqlType: sqlType(spec),
        notNull: Boolean(spec.required),
        ...(spec.default !== undefined ? { default: sqlValue(spec.default, spec) } : {}),
        ...(checkOf(column, spec) ? { check: checkOf(column, spec) } : {}),
        ...(references ? { references } : {}),
        ...(spec.unique ? { unique: spec.unique === 'ci' ? 'ci' : 'plain' } : {}),
      };
    });
  return { table: manifest.table, columns, ...(kept.length ? { kept } : {}) };
}

/** A column's rules as one line of text: its comment in the table, what migration:new compares. */
export const ruleText = (c: DeclaredColumn) =>
  JSON.stringify({
    type: c.sqlType,
    notNull: c.notNull,
    default: c.default ?? null,
    check: c.check ?? null,
    references: c.references ?? null,
    unique: c.unique ?? null,
  });

/** Reads a comment written by ruleText back (undefined for another comment or none). */
export function readRuleText(name: string, comment: string | null | undefined): DeclaredColumn | undefined {
  if (!comment) return undefined;
  try {
    const r = JSON.parse(comment) as {
      type: string;
      notNull: boolean;
      default: string | null;
      check: string | null;
      references: string | null;
      unique: 'plain' | 'ci' | null;
    };
    return {
      name,
      sqlType: r.type,
      notNull: r.notNull,
      ...(r.default !== null ? { default: r.default } : {}),
      ...(r.check !== null ? { check: r.check } : {}),
      ...(r.references !== null ? { references: r.references } : {}),
      ...(r.unique !== null ? { unique: r.unique } : {}),
    };
  } catch {
    return undefined;
  }
}

const columnDefinition = (c: DeclaredColumn) =>
  [c.name, c.sqlType, c.notNull ? 'not null' : '', c.default !== undefined ? `default ${c.default}` : '']
    .filter(Boolean)
    .join(' ');

/** The pieces of a column's rules the database holds apart: its check, its reference, its unique index. */
export const RULE_PARTS = ['check', 'references', 'unique'] as const;
export type RulePart = (typeof RULE_PARTS)[number];

/** The statements that add one part of a column's rules (none when the column has no such rule). */
export function addRuleStatements(table: string, c: DeclaredColumn, part: RulePart): string[] {
  if (part === 'check')
    return c.check ? [`alter table ${table} add constraint ${table}_${c.name}_check check (${c.check})`] : [];
  if (part === 'references')
    return c.references
      ? [
          `alter table ${table} add constraint ${table}_${c.name}_fkey foreign key (${c.name}) references ${c.references}(id) on delete restrict`,
          `create index ${table}_${c.name}_idx on ${table} (${c.name})`,
        ]
      : [];
  return c.unique
    ? [`create unique index ${table}_${c.name}_key on ${table} (${c.unique === 'ci' ? `lower(${c.name})` : c.name})`]
    : [];
}

/** The statements that drop one part of a column's rules (the column stays). */
export function dropRuleStatements(table: string, c: DeclaredColumn, part: RulePart): string[] {
  if (part === 'check') return c.check ? [`alter table ${table} drop constraint ${table}_${c.name}_check`] : [];
  if (part === 'references')
    return c.references
      ? [`alter table ${table} drop constraint ${table}_${c.name}_fkey`, `drop index ${table}_${c.name}_idx`]
      : [];
  return c.unique ? [`drop index ${table}_${c.name}_key`] : [];
}

/** The statement that records a column's rules as its comment. */
export const commentStatement = (table: string, c: DeclaredColumn) =>
  `comment on column ${table}.${c.name} is ${literal(ruleText(c))}`;

/** The statements that give a column its check, key, unique index and comment (after it exists). */
export const columnRuleStatements = (table: string, c: DeclaredColumn): string[] => [
  ...RULE_PARTS.flatMap((part) => addRuleStatements(table, c, part)),
  commentStatement(table, c),
];

/** The statements that drop what columnRuleStatements made (the column stays). */
export const dropColumnRuleStatements = (table: string, c: DeclaredColumn): string[] =>
  RULE_PARTS.flatMap((part) => dropRuleStatements(table, c, part));

/** The statements that create a declared table with its rules. */
export function createTableStatements(t: DeclaredTable): string[] {
  return [
    [
      `create table ${t.table} (`,
      '  id serial primary key,',
      ...t.columns.map((c) => `  ${columnDefinition(c)},`),
      '  created_at timestamptz not null default now(),',
      '  updated_at timestamptz not null default now()',
      ')',
    ].join('\n'),
    `create index ${t.table}_created_at_idx on ${t.table} (created_at desc, id desc)`,
    ...t.columns.flatMap((c) => columnRuleStatements(t.table, c)),
  ];
}

export { columnDefinition };

/** A statement as a string in source: a template literal when it can be one as written (readable), else JSON. */
const stringSource = (statement: string) =>
  /[`\\]|\$\{/.test(statement) ? JSON.stringify(statement) : `\`${statement}\``;

/** A migration file that runs the statements in order (PGlite takes one statement per query). */
export function migrationFileSource(header: string, statements: readonly string[]): string {
  return [
    `// ${header}`,
    "import type { Kysely } from 'kysely';",
    "import { runStatements } from '../run.js';",
    '',
    'export async function up(db: Kysely<unknown>): Promise<void> {',
    '  await runStatements(db, [',
    ...statements.map((s) => `    ${stringSource(s)},`),
    '  ]);',
    '}',
    '',
  ].join('\n');
}
