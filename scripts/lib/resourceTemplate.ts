/**
 * The pure half of `npm run new:resource` (scripts/newResource.ts): the command line read into a
 * resource spec, and the spec written out as its declaration (src/domain/resources/declared/) and
 * its migration (server/db/migrations/declared/). Unit-tested in tests/unit/newResource.test.ts.
 */
export type FieldKind =
  | { kind: 'text' | 'number' | 'money' | 'boolean' | 'date' | 'datetime' }
  | { kind: 'enum'; values: string[] }
  | { kind: 'ref'; resource: string };

export interface FieldArg {
  name: string;
  type: FieldKind;
  required: boolean;
}

export interface ResourceSpec {
  /** kebab-case, plural: the API segment, the panel path and the table's source. */
  name: string;
  service: 'trip' | 'user';
  fields: FieldArg[];
}

export const USAGE =
  'Usage: npm run new:resource -- <name> [--service trip|user] <field>:<type>[:required] …\n' +
  'types: text, number, money, boolean, date, datetime, enum(a|b|c), ref(<resource>)';

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const FIELD = /^[a-z][a-zA-Z0-9]*$/;
const RESERVED = new Set(['id', 'createdAt', 'updatedAt']);

/** Reads the arguments; throws an Error whose message says what is wrong (and the usage). */
export function parseArgs(argv: readonly string[]): ResourceSpec {
  const args = [...argv];
  let service: ResourceSpec['service'] = 'trip';
  const at = args.indexOf('--service');
  if (at >= 0) {
    const value = args[at + 1];
    if (value !== 'trip' && value !== 'user') throw new Error(`--service must be trip or user\n${USAGE}`);
    service = value;
    args.splice(at, 2);
  }
  const [name, ...fieldArgs] = args;
  if (!name || !NAME.test(name))
    throw new Error(`The name must be kebab-case letters and digits, e.g. promotions\n${USAGE}`);
  if (fieldArgs.length === 0) throw new Error(`Declare at least one field\n${USAGE}`);
  const fields = fieldArgs.map(parseField);
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.name)) throw new Error(`Field ${field.name} is declared twice`);
    seen.add(field.name);
  }
  return { name, service, fields };
}

function parseField(arg: string): FieldArg {
  const match = /^([^:]+):((?:enum|ref)\([^)]*\)|[a-z]+)(:required)?$/.exec(arg);
  if (!match) throw new Error(`Cannot read the field "${arg}": write <field>:<type>[:required]\n${USAGE}`);
  const [, name, typeText, required] = match as unknown as [string, string, string, string | undefined];
  if (!FIELD.test(name) || RESERVED.has(name))
    throw new Error(`Field name "${name}" must be camelCase and not id, createdAt or updatedAt`);
  return { name, type: parseType(typeText, arg), required: Boolean(required) };
}

function parseType(text: string, arg: string): FieldKind {
  const enumMatch = /^enum\(([^)]*)\)$/.exec(text);
  if (enumMatch) {
    const values = enumMatch[1]!.split('|').filter(Boolean);
    if (values.length < 2 || !values.every((v) => /^[a-z][a-z0-9_]*$/.test(v)))
      throw new Error(`"${arg}": an enum needs two or more snake_case values, e.g. enum(draft|live)`);
    return { kind: 'enum', values };
  }
  const refMatch = /^ref\(([^)]*)\)$/.exec(text);
  if (refMatch) {
    if (!NAME.test(refMatch[1]!)) throw new Error(`"${arg}": ref(<resource>) names a resource, e.g. ref(drivers)`);
    return { kind: 'ref', resource: refMatch[1]! };
  }
  if (['text', 'number', 'money', 'boolean', 'date', 'datetime'].includes(text))
    return { kind: text as 'text' | 'number' | 'money' | 'boolean' | 'date' | 'datetime' };
  throw new Error(`"${arg}": unknown type ${text}\n${USAGE}`);
}

export const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const snake = (camelName: string) =>
  camelName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/-/g, '_');
const pascal = (kebab: string) => camel(kebab).replace(/^./, (c) => c.toUpperCase());
/** promotions → Promotion, categories → Category (the permission subject is singular, as the spec's). */
export const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('s') && !word.endsWith('ss')
      ? word.slice(0, -1)
      : word;
/** startsAt → Starts at. */
export const words = (camelName: string) => {
  const spaced = camelName.replace(/([A-Z])/g, ' $1').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

const fieldSpec = (field: FieldArg): string => {
  const nullable = field.required ? '' : ', nullable: true';
  switch (field.type.kind) {
    case 'text':
      return `{ type: 'text', sort: true${nullable} }`;
    case 'number':
      return `{ type: 'number', sort: true, filter: true${nullable} }`;
    case 'money':
      return `{ type: 'number', format: 'money', sort: true, filter: true${nullable} }`;
    case 'boolean':
      return `{ type: 'bool', sort: true, filter: true${nullable} }`;
    case 'date':
      return `{ type: 'date', sort: true, filter: true${nullable} }`;
    case 'datetime':
      return `{ type: 'timestamp', sort: true, filter: true${nullable} }`;
    case 'enum':
      return `{ type: 'text', enum: [${field.type.values.map((v) => `'${v}'`).join(', ')}], sort: true, filter: true${nullable} }`;
    case 'ref':
      return `{ type: 'int', reference: '${field.type.resource}', filter: true${nullable} }`;
  }
};

/** The yup rule of a field in a create (`required` applies) or an update (everything optional). */
const fieldRule = (field: FieldArg, create: boolean): string => {
  const label = words(field.name);
  const base = (() => {
    switch (field.type.kind) {
      case 'text':
        return `text('${label}', 200)`;
      case 'number':
        return `yup.number().typeError('${label} must be a number')`;
      case 'money':
        return `money('${label}')`;
      case 'boolean':
        return `yup.boolean().typeError('${label} must be true or false')`;
      case 'date':
        return `calendarDay('${label}')`;
      case 'datetime':
        return `boundedInstant('${label}')`;
      case 'enum':
        return `oneOf([${field.type.values.map((v) => `'${v}'`).join(', ')}], '${label}')`;
      case 'ref':
        return `id('${words(singular(field.type.resource))}')`;
    }
  })();
  if (field.required) {
    if (create) return `${base}.required('${label} is required')`;
    // An update may leave a required field out, never blank it.
    return field.type.kind === 'text'
      ? `${base}.min(1, '${label} is required').nonNullable('${label} is required')`
      : `${base}.nonNullable('${label} is required')`;
  }
  return field.type.kind === 'date' ? base : `${base}.nullable()`;
};

const HELPERS: Partial<Record<FieldKind['kind'], string>> = {
  text: 'text',
  money: 'money',
  date: 'calendarDay',
  datetime: 'boundedInstant',
  enum: 'oneOf',
  ref: 'id',
};

/** src/domain/resources/declared/<camelName>.ts */
export function declarationSource(spec: ResourceSpec, command: string): string {
  const variable = camel(spec.name);
  const helpers = [...new Set(spec.fields.map((f) => HELPERS[f.type.kind]).filter(Boolean))].sort();
  const texts = spec.fields.filter((f) => f.type.kind === 'text').map((f) => f.name);
  const labelOf = spec.fields.find((f) => f.type.kind === 'text' && f.required)?.name ?? texts[0];
  const lines: (string | null)[] = [
    `// Declared by \`${command}\`. The whole resource (API, screens, menu, permissions) follows`,
    '// from this entry; see docs/architecture.md, "A new resource". Edit it freely.',
    "import * as yup from 'yup';",
    helpers.length ? `import { ${helpers.join(', ')} } from '../../fieldRules';` : null,
    `import { defineManifest, ${labelOf ? 'labelField' : 'labelNumbered'} } from '../manifest';`,
    '',
    `export const ${variable} = defineManifest({`,
    `  name: '${spec.name}',`,
    `  service: '${spec.service}',`,
    `  subject: '${pascal(singular(spec.name))}',`,
    `  subjectLabel: '${words(variable)}',`,
    `  path: '${spec.name}',`,
    `  table: '${snake(variable)}',`,
    '  fields: {',
    ...spec.fields.map((f) => `    ${f.name}: ${fieldSpec(f)},`),
    "    createdAt: { type: 'timestamp', sort: true },",
    "    updatedAt: { type: 'timestamp', sort: true },",
    '  },',
    texts.length ? `  search: [${texts.map((t) => `'${t}'`).join(', ')}],` : null,
    "  searchIds: ['id'],",
    "  defaultSort: ['createdAt', 'DESC'],",
    labelOf ? `  label: labelField('${labelOf}'),` : `  label: labelNumbered('${words(singular(variable))}'),`,
    `  menu: { id: '${variable}', icon: 'declared' },`,
    '  labels: {',
    `    name: '${words(singular(variable))} |||| ${words(variable)}',`,
    `    fields: { ${[...spec.fields.map((f) => `${f.name}: '${words(f.name)}'`), "createdAt: 'Created at'", "updatedAt: 'Updated at'"].join(', ')} },`,
    '  },',
    '  create: yup.object({',
    ...spec.fields.map((f) => `    ${f.name}: ${fieldRule(f, true)},`),
    '  }),',
    '  update: yup.object({',
    ...spec.fields.map((f) => `    ${f.name}: ${fieldRule(f, false)},`),
    '  }),',
    '});',
    '',
  ];
  return lines.filter((line) => line !== null).join('\n');
}

const COLUMN: Record<FieldKind['kind'], string> = {
  text: 'text',
  number: 'double precision',
  money: 'numeric(12,2)',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  enum: 'text',
  ref: 'integer',
};

/** Which table a `ref(<resource>)` points to, for the foreign key (the hand-written resources' tables). */
export type TableOf = (resource: string) => string | undefined;

/** server/db/migrations/declared/<NNN>_<snake name>.ts */
export function migrationSource(spec: ResourceSpec, tableOf: TableOf): string {
  const table = snake(camel(spec.name));
  const columns = spec.fields.map((f) => {
    const parts = [snake(f.name), COLUMN[f.type.kind]];
    if (f.required) parts.push('not null');
    if (f.type.kind === 'enum')
      parts.push(`check (${snake(f.name)} in (${f.type.values.map((v) => `''${v}''`).join(', ')}))`);
    if (f.type.kind === 'ref') {
      const target = tableOf(f.type.resource);
      if (target) parts.push(`references ${target}(id) on delete restrict`);
    }
    return `      ${parts.join(' ')},`;
  });
  return [
    `// Written by \`npm run new:resource\` with the declaration src/domain/resources/declared/${camel(spec.name)}.ts.`,
    "import type { Kysely } from 'kysely';",
    "import { runStatements } from '../run.js';",
    '',
    'export async function up(db: Kysely<unknown>): Promise<void> {',
    '  await runStatements(db, [',
    `    \`create table ${table} (`,
    '      id serial primary key,',
    ...columns,
    '      created_at timestamptz not null default now(),',
    '      updated_at timestamptz not null default now()',
    '    )`,',
    `    \`create index ${table}_created_at_idx on ${table} (created_at desc, id desc)\`,`,
    '  ]);',
    '}',
    '',
  ].join('\n');
}

/** The folder's index, one line per declaration file (their export is the camelCase file name). */
export function declaredIndexSource(files: readonly string[]): string {
  const names = files.map((f) => f.replace(/\.ts$/, '')).sort();
  return [
    '// Written by `npm run new:resource` (scripts/newResource.ts) from the files of this folder: do not edit by hand.',
    "import type { ResourceManifest } from '../manifest';",
    ...names.map((n) => `import { ${n} } from './${n}';`),
    '',
    "/** The generated resources' declarations (src/domain/resources/declared/*.ts). */",
    `export const DECLARED: readonly ResourceManifest[] = [${names.join(', ')}];`,
    '',
  ].join('\n');
}

/** The migrations folder's index, by migration name in order. */
export function migrationsIndexSource(files: readonly string[]): string {
  const names = files.map((f) => f.replace(/\.ts$/, '')).sort();
  const id = (n: string) => `m${n.replace(/[^a-zA-Z0-9]/g, '_')}`;
  return [
    '// Written by `npm run new:resource` (scripts/newResource.ts) from the files of this folder: do not edit by hand.',
    "import type { Migration } from 'kysely';",
    ...names.map((n) => `import * as ${id(n)} from './${n}.js';`),
    '',
    "/** The generated resources' migrations (server/db/migrations/declared/*.ts), by name. */",
    `export const declaredMigrations: Record<string, Migration> = {${names.length ? `\n${names.map((n) => `  '${n}': ${id(n)},`).join('\n')}\n` : ''}};`,
    '',
  ].join('\n');
}
