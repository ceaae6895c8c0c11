import * as yup from 'yup';
import type { AnyObject, ObjectSchema } from 'yup';
import { boundedInstant, calendarDay, id, oneOf, text } from '../fieldRules';
import { refusal } from '../messageCodes';
import { defineManifest, type DeclaredAction, type FieldSpec, type Fields, type ResourceManifest } from './manifest';

/**
 * Write rules derived from the fields' rules (`required`, `min`/`max`, `maxLength`, `pattern`,
 * `default`, `enum`, `reference`, `type: 'int'`), so that one declaration gives the services'
 * validation, the panel's forms (their starting values too) and OpenAPI (server/rest/docs.ts reads
 * the yup rules) the same rules the table's checks hold (server/db/declaredSchema.ts). `unique` has
 * no yup rule: the table's unique index answers 409 naming the field.
 */

/** Fields the server fills itself; never written by a form or a body. */
export const SERVER_FILLED: ReadonlySet<string> = new Set(['createdAt', 'updatedAt']);

/** The longest text a field holds when its declaration says no `maxLength`. */
export const TEXT_MAX = 200;

/** The largest amount of money a field takes when its declaration says no `max`. */
export const MONEY_MAX = 10_000_000;

/** startsAt → Starts at; vehicleTypeId → Vehicle type id. */
const words = (camelName: string) => {
  const spaced = camelName.replace(/([A-Z])/g, ' $1').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

export type Rule = yup.Schema<unknown>;

/** The rule of one field, without required/nullable (they depend on create or update). */
function baseRule(spec: FieldSpec, label: string): Rule {
  if (spec.enum) return oneOf(spec.enum, label) as Rule;
  if (spec.reference) return id(label) as Rule;
  switch (spec.type) {
    case 'int':
    case 'number': {
      let rule = yup.number().typeError(refusal('number', { label }));
      if (spec.type === 'int') rule = rule.integer(refusal('wholeNumber', { label }));
      if (spec.format === 'money' || spec.decimals === 2)
        rule = rule.test('decimals', refusal('decimals', { label }), decimals2);
      const min = spec.min ?? (spec.format === 'money' ? 0 : undefined);
      if (min !== undefined)
        rule = rule.min(
          min,
          min === 0 ? refusal('notNegative', { label }) : refusal('atLeast', { label, min: bound(min) }),
        );
      const max = spec.max ?? (spec.format === 'money' ? MONEY_MAX : undefined);
      if (max !== undefined) rule = rule.max(max, refusal('atMost', { label, max: bound(max) }));
      return rule as Rule;
    }
    case 'bool':
      return yup.boolean().typeError(refusal('trueOrFalse', { label })) as Rule;
    case 'date':
      return calendarDay(label) as Rule;
    case 'timestamp':
      return boundedInstant(label) as Rule;
    case 'json':
      return yup.mixed() as Rule;
    case 'text': {
      let rule = text(label, spec.maxLength ?? TEXT_MAX, spec.multiline);
      if (spec.pattern)
        rule = rule.matches(new RegExp(spec.pattern), {
          message: spec.patternMessage ?? refusal('pattern', { label }),
          excludeEmptyString: true,
        });
      return rule as Rule;
    }
  }
}

/** A bound as messages write it: 10,000,000 grouped; a year (2030) or a small bound as it is. */
const bound = (n: number) => (Math.abs(n) >= 10_000 ? n.toLocaleString('en-US') : n);

const decimals2 = (value: number | undefined) =>
  value == null || Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

function fieldRule(spec: FieldSpec, label: string, create: boolean): Rule {
  const base = baseRule(spec, label);
  const blank = refusal('required', { label });
  let rule: Rule;
  if (spec.required) {
    if (create) rule = base.required(blank) as Rule;
    // An update may leave a required field out, never blank it.
    else
      rule = (spec.type === 'text' && !spec.enum ? (base as yup.StringSchema).min(1, blank) : base).nonNullable(
        blank,
      ) as Rule;
  } else rule = base.nullable() as Rule;
  // An empty text of an optional field is no value.
  if (!spec.required && spec.type === 'text' && !spec.enum)
    rule = rule.transform((value: unknown) => (value === '' ? null : value)) as Rule;
  if (create && spec.default !== undefined) rule = rule.default(spec.default) as Rule;
  return rule;
}

/**
 * What a resource adds to a field's derived rule where the vocabulary has no word for it (the form
 * of a phone number, upper-casing a code, a rule over two fields): it gets the derived rule and
 * whether it is the create rule, and returns the rule the field keeps.
 */
export type RuleRefinements = Readonly<Record<string, (derived: Rule, create: boolean) => yup.AnySchema>>;

/**
 * The create and update rules of the written fields (all but SERVER_FILLED and `readOnly` ones),
 * labelled by `labels`, each refined by `refine` when it names the field.
 */
export function fieldSchemas(
  fields: Fields,
  labels: Readonly<Record<string, string>> = {},
  refine: RuleRefinements = {},
): { create: ObjectSchema<AnyObject>; update: ObjectSchema<AnyObject> } {
  const written = Object.entries(fields).filter(([name, spec]) => !SERVER_FILLED.has(name) && !spec.readOnly);
  const shape = (create: boolean) =>
    Object.fromEntries(
      written.map(([name, spec]) => {
        const derived = fieldRule(spec, labels[name] ?? words(name), create);
        return [name, refine[name] ? refine[name](derived, create) : derived];
      }),
    );
  return { create: yup.object(shape(true)), update: yup.object(shape(false)) };
}

/** The body rules of a declared action (its body fields' rules, as on create). */
export const actionBodySchema = (action: DeclaredAction): ObjectSchema<AnyObject> =>
  fieldSchemas(action.body ?? {}).create;

/**
 * A declared resource: a manifest entry whose write rules are its fields' rules (`fieldSchemas`),
 * unless it gives its own `create` or `update`. Checked like `defineManifest`; its actions keep
 * their names' types (the handlers are checked against them).
 */
export const declareResource = <
  const F extends Fields,
  const A extends Readonly<Record<string, DeclaredAction>> = Record<never, DeclaredAction>,
>(
  manifest: Parameters<typeof defineManifest<F>>[0] & { actions?: A },
): DeclaredManifest<F, A> => {
  const derived = fieldSchemas(manifest.fields, manifest.labels?.fields);
  return defineManifest<F>({
    ...manifest,
    create: manifest.create ?? derived.create,
    update: manifest.update ?? derived.update,
  }) as DeclaredManifest<F, A>;
};

/** A declared resource's manifest entry, its fields' and actions' names kept as types. */
export type DeclaredManifest<
  F extends Fields = Fields,
  A extends Readonly<Record<string, DeclaredAction>> = Readonly<Record<string, DeclaredAction>>,
> = Omit<ResourceManifest<F>, 'actions'> & { actions?: A };
