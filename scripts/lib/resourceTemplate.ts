/**
 * The pure half of `npm run new:resource` (scripts/newResource.ts): the command line read into a
 * resource spec, and the spec written out as its declaration (src/domain/resources/declared/) and
 * its migration (server/db/migrations/declared/). Unit-tested in tests/unit/newResource.test.ts.
 */
import type { FieldSpec, ResourceManifest } from '../../src/domain/resources/manifest.js';
import {
  createTableStatements,
  declaredTable,
  migrationFileSource,
  type TableOf,
} from '../../server/db/declaredSchema.js';

export type { TableOf };

export type FieldKind =
  | { kind: 'text' | 'number' | 'integer' | 'money' | 'boolean' | 'date' | 'datetime' }
  | { kind: 'enum'; values: string[] }
  | { kind: 'ref'; resource: string };

/** A field's rules as the command line gives them (`plate:text:required:unique=ci`). */
export interface FieldRules {
  unique?: true | 'ci';
  min?: number;
  max?: number;
  maxLength?: number;
  pattern?: string;
  default?: string | number | boolean;
  /** Shown without grouping (a year reads 2018). */
  plain?: true;
}

export interface FieldArg extends FieldRules {
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
  'Usage: npm run new:resource -- <name> [--service trip|user] <field>:<type>[:<rule>…] …\n' +
  'types: text, number, integer, money, boolean, date, datetime, enum(a|b|c), ref(<resource>)\n' +
  'rules: required, unique, unique=ci, min=<n>, max=<n>, maxLength=<n>, plain (no grouping: years, codes),\n' +
  '       pattern=<regex> (last), default=<value>';

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const FIELD = /^[a-z][a-zA-Z0-9]*$/;
const RESERVED = new Set(['id', 'createdAt', 'updatedAt']);
const TYPES = ['text', 'number', 'integer', 'money', 'boolean', 'date', 'datetime'] as const;

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

/** Reads one `<field>:<type>[:<rule>…]`; exported for migration:new's `--add`. */
export function parseField(arg: string): FieldArg {
  const match = /^([^:]+):((?:enum|ref)\([^)]*\)|[a-z]+)((?::.*)?)$/.exec(arg);
  if (!match) throw new Error(`Cannot read the field "${arg}": write <field>:<type>[:<rule>…]\n${USAGE}`);
  const [, name, typeText, ruleText] = match as unknown as [string, string, string, string];
  if (!FIELD.test(name) || RESERVED.has(name))
    throw new Error(`Field name "${name}" must be camelCase and not id, createdAt or updatedAt`);
  const field: FieldArg = { name, type: parseType(typeText, arg), required: false };
  let rest = ruleText.replace(/^:/, '');
  while (rest) {
    // A pattern takes the rest of the argument (it may hold colons).
    const pattern = /^pattern=(.+)$/.exec(rest);
    const [rule, ...more] = pattern ? [rest] : rest.split(':');
    rest = pattern ? '' : more.join(':');
    readRule(field, rule!, arg);
  }
  return field;
}

const isNumeric = (kind: FieldKind['kind']) => kind === 'number' || kind === 'integer' || kind === 'money';

function readRule(field: FieldArg, rule: string, arg: string): void {
  const [key, value] = rule.includes('=')
    ? [rule.slice(0, rule.indexOf('=')), rule.slice(rule.indexOf('=') + 1)]
    : [rule];
  const kind = field.type.kind;
  const fail = (why: string): never => {
    throw new Error(`"${arg}": ${why}\n${USAGE}`);
  };
  const number = () => {
    const n = Number(value);
    if (value === undefined || value === '' || !Number.isFinite(n)) fail(`${key} needs a number, e.g. ${key}=10`);
    if (kind === 'integer' && !Number.isInteger(n)) fail(`${key} of an integer field must be a whole number`);
    return n;
  };
  switch (key) {
    case 'required':
      if (value !== undefined) fail('required takes no value');
      field.required = true;
      return;
    case 'plain':
      if (value !== undefined) fail('plain takes no value');
      if (kind !== 'integer' && kind !== 'number') fail('plain is for integer and number fields (years, codes)');
      field.plain = true;
      return;
    case 'unique':
      if (value !== undefined && value !== 'ci') fail('unique takes no value, or unique=ci (case-insensitive)');
      if (kind === 'boolean') fail('a boolean cannot be unique');
      if (value === 'ci' && kind !== 'text') fail('unique=ci is for text fields');
      field.unique = value === 'ci' ? 'ci' : true;
      return;
    case 'min':
    case 'max':
      if (!isNumeric(kind)) fail(`${key} is for number, integer and money fields`);
      field[key] = number();
      if (field.min !== undefined && field.max !== undefined && field.min > field.max) fail('min is more than max');
      return;
    case 'maxLength': {
      if (kind !== 'text') fail('maxLength is for text fields');
      const n = number();
      if (!Number.isInteger(n) || n < 1) fail('maxLength must be a whole number from 1');
      field.maxLength = n;
      return;
    }
    case 'pattern':
      if (kind !== 'text') fail('pattern is for text fields');
      try {
        new RegExp(value ?? '');
      } catch {
        fail(`pattern ${value} is not a regular expression`);
      }
      if (!value) fail('pattern needs a regular expression');
      field.pattern = value;
      return;
    case 'default':
      if (value === undefined) fail('default needs a value, e.g. default=true');
      field.default = defaultValue(field, value!, fail);
      return;
    default:
      fail(`unknown rule ${rule}`);
  }
}

function defaultValue(field: FieldArg, value: string, fail: (why: string) => never): string | number | boolean {
  const type = field.type;
  switch (type.kind) {
    case 'boolean':
      if (value !== 'true' && value !== 'false') fail('the default of a boolean is true or false');
      return value === 'true';
    case 'number':
    case 'integer':
    case 'money': {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n) || (type.kind === 'integer' && !Number.isInteger(n)))
        fail(`default=${value} is not a ${type.kind === 'integer' ? 'whole number' : 'number'}`);
      return n;
    }
    case 'enum':
      if (!type.values.includes(value)) fail(`default=${value} is not one of ${type.values.join(', ')}`);
      return value;
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) fail('the default of a date is written 2027-12-31');
      return value;
    case 'datetime':
    case 'ref':
      return fail(`a ${type.kind} field takes no default`);
    case 'text':
      return value;
  }
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
  if ((TYPES as readonly string[]).includes(text)) return { kind: text as (typeof TYPES)[number] };
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

/** A field's words: vehicleTypeId (a reference) → Vehicle type, startsAt → Starts at. */
export const fieldLabel = (field: FieldArg) =>
  words(field.type.kind === 'ref' ? field.name.replace(/Id$/, '') || field.name : field.name);

/** A field of the command line as the declaration's field (its type, rules, sort and filter). */
export function fieldSpecOf(field: FieldArg): FieldSpec {
  const type = field.type;
  const base: FieldSpec = (() => {
    switch (type.kind) {
      case 'text':
        return { type: 'text', sort: true };
      case 'number':
        return { type: 'number', sort: true, filter: true };
      case 'integer':
        return { type: 'int', sort: true, filter: true };
      case 'money':
        return { type: 'number', format: 'money', sort: true, filter: true };
      case 'boolean':
        return { type: 'bool', sort: true, filter: true };
      case 'date':
        return { type: 'date', sort: true, filter: true };
      case 'datetime':
        return { type: 'timestamp', sort: true, filter: true };
      case 'enum':
        return { type: 'text', enum: type.values, sort: true, filter: true };
      case 'ref':
        return { type: 'int', reference: type.resource, filter: true };
    }
  })();
  return {
    ...base,
    ...(field.required ? { required: true } : { nullable: true }),
    ...(field.unique ? { unique: field.unique } : {}),
    ...(field.min !== undefined ? { min: field.min } : {}),
    ...(field.max !== undefined ? { max: field.max } : {}),
    ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
    ...(field.pattern !== undefined ? { pattern: field.pattern } : {}),
    ...(field.default !== undefined ? { default: field.default } : {}),
    ...(field.plain ? { format: 'plain' as const } : {}),
  };
}

const SERVER_FIELDS: Record<string, FieldSpec> = {
  createdAt: { type: 'timestamp', sort: true },
  updatedAt: { type: 'timestamp', sort: true },
};

/** The declaration's fields: the command line's, then the two the server fills. */
export const fieldsOf = (spec: ResourceSpec): Record<string, FieldSpec> => ({
  ...Object.fromEntries(spec.fields.map((f) => [f.name, fieldSpecOf(f)])),
  ...SERVER_FIELDS,
});

/** `{ type: 'text', required: true }` as source (prettier gives it the project's quotes). */
const objectSource = (value: object): string =>
  `{ ${Object.entries(value)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join(', ')} }`;

/** src/domain/resources/declared/<camelName>.ts */
export function declarationSource(spec: ResourceSpec, command: string): string {
  const variable = camel(spec.name);
  const texts = spec.fields.filter((f) => f.type.kind === 'text').map((f) => f.name);
  const labelOf = spec.fields.find((f) => f.type.kind === 'text' && f.required)?.name ?? texts[0];
  const fields = fieldsOf(spec);
  const labels: Record<string, string> = {
    ...Object.fromEntries(spec.fields.map((f) => [f.name, fieldLabel(f)])),
    createdAt: 'Created at',
    updatedAt: 'Updated at',
  };
  const lines: (string | null)[] = [
    `// Declared by \`${command}\`. The whole resource (API, rules, table, screens, menu,`,
    '// permissions) follows from this entry; see docs/architecture.md, "A new resource". Edit it,',
    '// then `npm run migration:new -- <name>` brings the table up to it.',
    "import { declareResource } from '../declare';",
    `import { ${labelOf ? 'labelField' : 'labelNumbered'} } from '../manifest';`,
    '',
    `export const ${variable} = declareResource({`,
    `  name: '${spec.name}',`,
    `  service: '${spec.service}',`,
    `  subject: '${pascal(singular(spec.name))}',`,
    `  subjectLabel: '${words(variable)}',`,
    `  path: '${spec.name}',`,
    `  table: '${snake(variable)}',`,
    '  fields: {',
    ...Object.entries(fields).map(([name, f]) => `    ${name}: ${objectSource(f)},`),
    '  },',
    texts.length ? `  search: [${texts.map((t) => `'${t}'`).join(', ')}],` : null,
    "  searchIds: ['id'],",
    "  defaultSort: ['createdAt', 'DESC'],",
    labelOf ? `  label: labelField('${labelOf}'),` : `  label: labelNumbered('${words(singular(variable))}'),`,
    `  menu: { id: '${variable}', icon: 'declared' },`,
    '  labels: {',
    `    name: '${words(singular(variable))} |||| ${words(variable)}',`,
    `    fields: ${objectSource(labels)},`,
    '  },',
    '});',
    '',
  ];
  return lines.filter((line) => line !== null).join('\n');
}

/** The declaration's shape as declaredTable reads it. */
export const manifestOf = (spec: ResourceSpec): ResourceManifest =>
  ({
    name: spec.name,
    service: spec.service,
    subject: pascal(singular(spec.name)),
    path: spec.name,
    table: snake(camel(spec.name)),
    fields: fieldsOf(spec),
    label: { fields: ['id'], format: () => undefined },
  }) satisfies ResourceManifest;

/** server/db/migrations/declared/<NNN>_<snake name>.ts: the table the declaration describes. */
export function migrationSource(spec: ResourceSpec, tableOf: TableOf): string {
  return migrationFileSource(
    `Written by \`npm run new:resource\` from the declaration src/domain/resources/declared/${camel(spec.name)}.ts.`,
    createTableStatements(declaredTable(manifestOf(spec), tableOf)),
  );
}

/** The folder's index, one line per declaration file (their export is the camelCase file name), with its manifest name. */
export function declaredIndexSource(declarations: readonly { file: string; name: string }[]): string {
  const sorted = [...declarations]
    .map(({ file, name }) => ({ variable: file.replace(/\.ts$/, ''), name }))
    .sort((a, b) => a.variable.localeCompare(b.variable));
  const names = sorted.map((d) => d.variable);
  return [
    '// Written by `npm run new:resource` (scripts/newResource.ts) from the files of this folder: do not edit by hand.',
    "import type { ResourceManifest } from '../manifest';",
    ...names.map((n) => `import { ${n} } from './${n}';`),
    '',
    "/** The generated resources' declarations (src/domain/resources/declared/*.ts). */",
    `export const DECLARED: readonly ResourceManifest[] = [${names.join(', ')}];`,
    '',
    '/** The same by manifest name, with their types (ACTIONS reads their declared actions). */',
    `export const DECLARED_BY_NAME = { ${sorted.map((d) => `'${d.name}': ${d.variable}`).join(', ')} } as const;`,
    '',
  ].join('\n');
}

/** server/declared/<camelName>.ts: the resource's action handlers, none until its declaration names an action. */
export function handlersSource(spec: ResourceSpec): string {
  const variable = camel(spec.name);
  return [
    `// The server code of the actions that src/domain/resources/declared/${variable}.ts declares: one handler per`,
    "// action, typed against the record and the action's body (a missing or extra one fails tsc). See",
    '// docs/architecture.md, "Declared actions".',
    `import { ${variable} } from '../../src/domain/resources/declared/${variable}.js';`,
    "import { defineDeclaredHandlers } from '../rest/declaredActions.js';",
    '',
    `export default defineDeclaredHandlers(${variable}, {});`,
    '',
  ].join('\n');
}

/** server/declared/index.ts: one line per handlers file of the folder. */
export function handlersIndexSource(files: readonly string[]): string {
  const names = files.map((f) => f.replace(/\.ts$/, '')).sort();
  return [
    '// Written by `npm run new:resource` (scripts/newResource.ts) from the files of this folder: do not edit by hand.',
    "import type { DeclaredHandlersOf } from '../rest/declaredActions.js';",
    ...names.map((n) => `import ${n} from './${n}.js';`),
    '',
    '/**',
    " * The handlers of the declared resources' actions (src/domain/resources/declared/*.ts `actions`),",
    ' * one file per resource, each `export default defineDeclaredHandlers(<manifest>, {…})`',
    ' * (server/rest/declaredActions.ts).',
    ' */',
    `export const DECLARED_HANDLERS: readonly DeclaredHandlersOf[] = [${names.join(', ')}];`,
    '',
  ].join('\n');
}

/** The migrations folder's index, by migration name in order. */
export function migrationsIndexSource(files: readonly string[]): string {
  const names = files.map((f) => f.replace(/\.ts$/, '')).sort();
  const id = (n: string) => `m${n.replace(/[^a-zA-Z0-9]/g, '_')}`;
  return [
    '// Written by `npm run new:resource` and `npm run migration:new` from the files of this folder: do not edit by hand.',
    "import type { Migration } from 'kysely';",
    ...names.map((n) => `import * as ${id(n)} from './${n}.js';`),
    '',
    "/** The generated resources' migrations (server/db/migrations/declared/*.ts), by name. */",
    `export const declaredMigrations: Record<string, Migration> = {${names.length ? `\n${names.map((n) => `  '${n}': ${id(n)},`).join('\n')}\n` : ''}};`,
    '',
  ].join('\n');
}
