import type { AnyObject, ObjectSchema } from 'yup';
import type { Permission } from '../permissionNames';

/**
 * What panel and services both know about a resource, written once. The server's declaration
 * (server/rest/declaration.ts) adds only what is server-only (table, computed SQL, hooks); the
 * panel's registry (src/resources) adds the screens. Framework-free: it is in the /login bundle.
 */
export type Service = 'user' | 'trip';

export type FieldType = 'int' | 'number' | 'text' | 'bool' | 'timestamp' | 'date' | 'json';

export interface FieldSpec {
  type: FieldType;
  /** Equality filter (`?filter={"col": v}` or an array of values), and `_gte`/`_lte` ranges for ordered types. */
  filter?: boolean;
  sort?: boolean;
  /** Allowed values; a filter outside them is a 400. */
  enum?: readonly string[];
  /**
   * Where the enum's values have their words in the locale catalogues: `app.enums.tripStatus` gives
   * `app.enums.tripStatus.<value>` (src/i18n/enums.ts). Screens show those, translated; without it,
   * the value as words (`credit_topup` → "Credit topup"), in English only.
   */
  enumLabels?: `app.enums.${string}`;
  /** May be null in a record. */
  nullable?: boolean;
  /** Shown masked (last 4 characters) and never returned in clear. */
  secret?: boolean;
  /** Documentation for the API docs. */
  description?: string;
  /**
   * How the value reads to people: `money` is an amount in the city's currency (exports write two
   * decimals under a header naming it); `plain` is a number written without grouping (a year reads
   * "2018", a code "10050", never "2,018").
   */
  format?: 'money' | 'phone' | 'file' | 'plain';
  /** The id of a record of another resource (its manifest `name`): a link in screens, a picker in forms. */
  reference?: string;
  /** Shown in the generated list's columns (default: every field but json ones). */
  list?: boolean;
  /*
   * Field rules (declared resources, see `declareResource`): the database (columns, checks, unique
   * indexes: server/db/declaredSchema.ts), the services' and the forms' write rules
   * (fieldSchemas.ts) and OpenAPI all read them. `type: 'int'` is a whole number.
   */
  /** Never null: not null in the table, required on create, never blanked by an update. */
  required?: boolean;
  /** No two records share the value (a duplicate answers 409 naming the field); `'ci'` ignores case (plates). */
  unique?: boolean | 'ci';
  /** Bounds of a number, both included. */
  min?: number;
  max?: number;
  /** Longest text, in characters (200 when not said). */
  maxLength?: number;
  /** Text that may hold line breaks and tabs (a description, a note). */
  multiline?: boolean;
  /** A regular expression the whole text must match (also a check in the table: keep to what both JavaScript and PostgreSQL read alike). */
  pattern?: string;
  /** What a text outside `pattern` is told (a `refusal` of src/domain/messageCodes.ts); "<Label> is not in the expected form" when not said. */
  patternMessage?: string;
  /** A number kept exactly to the cent (at most 2 decimals, numeric(12,2) in the table), as `format: 'money'` is. */
  decimals?: 2;
  /**
   * Kept by the service itself (a counter, an order), never by a write body: no write rule, and its
   * column is left as the hand-written migration made it.
   */
  readOnly?: boolean;
  /** The value a create leaves out gets (the table's default, the form's starting value). */
  default?: string | number | boolean;
}

export type Fields = Record<string, FieldSpec>;

/**
 * A workflow step of a declared resource, `POST /<res>/:id/<name>`: its words, its body's fields
 * (with field rules, as the resource's fields), who may run it and what the panel asks first. Its
 * server code is the handler of the same name in server/declared/<camelName>.ts
 * (`defineDeclaredHandlers`). Run in one transaction with the record locked, audited under its name.
 */
export interface DeclaredAction {
  /** The button's words, e.g. "Retire vehicle". */
  label: string;
  body?: Fields;
  /** The permission it needs; `update-<subject>` when not said. */
  permission?: string;
  /** The question the panel asks before it runs, e.g. "Retire this vehicle? It leaves the active fleet." */
  confirm?: string;
  /** Also offered on many records at once (`POST /<res>/bulk/<name>`, its `reason` in every audit row). */
  inBulk?: boolean;
}

/** What a record is called in titles and references: the fields it reads, and how it joins them. */
export interface RecordLabel {
  /** Fields of the record the label reads (`id` included); a test checks the server has them. */
  fields: readonly string[];
  /** The label, or undefined when the record lacks the values (the panel then shows `#<id>`). */
  format: (record: Readonly<Record<string, unknown>>) => string | undefined;
}

/**
 * Where the resource sits in the panel's menu: a leaf `id` (its label `app.menu.<id>`, or the
 * resource's name when the manifest carries `labels`), an icon of src/layout/menuIcons.ts and,
 * for a leaf inside a group, the group's menu id. `{ none }` says why a resource has no entry
 * (it is reached from another page); a test fails when neither is declared.
 */
export type MenuPlacement = { id: string; icon: string; group?: string } | { none: string };

/** English words of a resource that has no lines in src/i18n/en.ts (a generated one): merged under `resources.<path>`. */
export interface ResourceLabels {
  /** Polyglot's `singular |||| plural`. */
  name: string;
  fields: Record<string, string>;
}

export interface ResourceManifest<F extends Fields = Fields> {
  /** Backend name: the URL segment under the service and the Content-Range unit, e.g. `staffs`. */
  name: string;
  service: Service;
  /** Permission subject: 'Staff' gives view-Staff, create-Staff, … */
  subject: string;
  /** The panel's URL base from the spec's route table, e.g. `staff-management/staffs`. */
  path: string;
  /** Readable columns (camelCase), with their filter and sort abilities. */
  fields: F;
  /** Text fields that `q` searches (case-insensitive, substring). */
  search?: readonly string[];
  /** When `q` is a whole number, also match these integer fields exactly. */
  searchIds?: readonly string[];
  defaultSort?: readonly [string, 'ASC' | 'DESC'];
  label: RecordLabel;
  /** Write rules shared by the service's validation and the panel's forms; absent: read-only. */
  create?: ObjectSchema<AnyObject>;
  update?: ObjectSchema<AnyObject>;
  /** The menu entry (see MenuPlacement). */
  menu?: MenuPlacement;
  /** How the permission matrix names the subject; a subject of src/domain/permissionNames.ts SUBJECTS has it there. */
  subjectLabel?: string;
  /** English labels when src/i18n/en.ts has none (generated resources). */
  labels?: ResourceLabels;
  /** Declared actions (see DeclaredAction), by name. */
  actions?: Readonly<Record<string, DeclaredAction>>;
  /**
   * The table (snake_case) whose columns the fields' rules describe: `npm run migration:new` keeps
   * it as they say (server/db/declaredDiff.ts). A resource with no hand-written server declaration
   * (a generated one) is served from it by the engine with plain create, update and delete; one
   * with a declaration (vehicle types, SOS contacts, payment gateways, discounts) names the same
   * table there.
   */
  table?: string;
}

/** Checks a manifest entry against its own field names (search, sort) and keeps its literal types. */
export const defineManifest = <const F extends Fields>(
  manifest: ResourceManifest<F> & {
    search?: readonly (keyof F & string)[];
    searchIds?: readonly ((keyof F & string) | 'id')[];
    defaultSort?: readonly [(keyof F & string) | 'id', 'ASC' | 'DESC'];
  },
): ResourceManifest<F> => manifest;

export const viewPermission = (manifest: ResourceManifest): Permission => `view-${manifest.subject}`;

const present = (value: unknown): value is string | number =>
  (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';

/** The record's own text field, e.g. a role's name. */
export const labelField = (field: string): RecordLabel => ({
  fields: [field],
  format: (record) => (present(record[field]) ? String(record[field]) : undefined),
});

/** Several fields joined by a space, e.g. first and last name; any of them may be missing. */
export const labelFields = (...fields: string[]): RecordLabel => ({
  fields,
  format: (record) => {
    const parts = fields.map((field) => record[field]).filter(present);
    return parts.length ? parts.join(' ') : undefined;
  },
});

/** A record known by its number, e.g. `Trip #1042`. */
export const labelNumbered = (noun: string): RecordLabel => ({
  fields: ['id'],
  format: (record) => (present(record.id) ? `${noun} #${record.id}` : undefined),
});

/** An enum value as words: `fare_dispute` → `Fare dispute`. */
export const enumWords = (value: string): string => {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The label of a record, `#<id>` when its label fields are missing. */
export const recordLabel = (manifest: ResourceManifest, record: Readonly<Record<string, unknown>>): string =>
  manifest.label.format(record) ?? `#${String(record.id)}`;

type Scalar<S extends FieldSpec> = S['enum'] extends readonly (infer E)[]
  ? E
  : S['type'] extends 'int' | 'number'
    ? number
    : S['type'] extends 'bool'
      ? boolean
      : S['type'] extends 'json'
        ? unknown
        : string;

/** A record as the API answers it, typed from the manifest's fields (computed fields not included). */
export type ManifestRecord<M extends ResourceManifest> = { id: number } & {
  -readonly [K in keyof M['fields']]: Scalar<M['fields'][K]> | (M['fields'][K]['nullable'] extends true ? null : never);
};

/** The body of a declared action, typed from its body's fields (an action without a body takes none). */
export type DeclaredActionBody<A extends DeclaredAction> = [A['body']] extends [Fields]
  ? Omit<ManifestRecord<ResourceManifest<NonNullable<A['body']>>>, 'id'>
  : Record<string, never>;
