import * as yup from 'yup';
import type { AnySchema, ObjectSchema, AnyObject } from 'yup';
import { fieldLabel, textProblem } from '../../src/domain/fieldRules.js';
import { refusal, type RefusalCode } from '../../src/domain/messageCodes.js';

export { MULTILINE } from '../../src/domain/fieldRules.js';

const TYPE_NAMES: Record<string, string> = {
  number: 'a number',
  boolean: 'true or false',
  date: 'a date and time',
  object: 'an object',
  array: 'a list',
  string: 'text',
};

/** The types whose message the catalogue names (src/i18n/validation.ts). */
const TYPE_CODES: Record<string, RefusalCode> = { number: 'number', string: 'text', date: 'dateTime' };

// yup's own wording ("firstName must be a `number` type, but the final value was …") echoes the
// input back and names the field by its key; this says the same thing in the panel's words.
yup.setLocale({
  mixed: {
    notType: ({ path, type }: { path: string; type: string }) => {
      const code = TYPE_CODES[type];
      return code
        ? refusal(code, { label: fieldLabel(path) })
        : `${fieldLabel(path)} must be ${TYPE_NAMES[type] ?? type}`;
    },
    notNull: ({ path }: { path: string }) => refusal('required', { label: fieldLabel(path) }),
  },
});

type Walkable = AnySchema & {
  fields?: Record<string, AnySchema>;
  innerType?: AnySchema;
};

function walk(schema: Walkable, value: unknown, path: string, errors: Record<string, string>): void {
  if (value === undefined || value === null) return;
  // JSON's 1e309 reads as Infinity, which yup takes for a number (issue 43).
  if (schema.type === 'number' && typeof value === 'number' && !Number.isFinite(value)) {
    errors[path] ??= refusal('number', { label: fieldLabel(path) });
    return;
  }
  if (schema.type === 'string') {
    const multiline = (schema.spec.meta as { multiline?: boolean } | undefined)?.multiline === true;
    const problem = textProblem(value, fieldLabel(path), multiline);
    if (problem) errors[path] ??= problem;
    return;
  }
  if (schema.type === 'object' && schema.fields && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, field] of Object.entries(schema.fields)) {
      walk(field as Walkable, (value as AnyObject)[key], path ? `${path}.${key}` : key, errors);
    }
    return;
  }
  if (schema.type === 'array' && schema.innerType && Array.isArray(value)) {
    value.forEach((item, i) => walk(schema.innerType as Walkable, item, `${path}[${i}]`, errors));
  }
}

/**
 * Checks the JSON types of a body's text fields before yup sees it: yup's `trim` and `lowercase`
 * throw a TypeError on a non-string, and PostgreSQL refuses a NUL character, so either would
 * otherwise end as a 500. Returns the field errors, keyed like yup's paths.
 */
export function screenInput(schema: ObjectSchema<AnyObject>, body: AnyObject): Record<string, string> {
  const errors: Record<string, string> = {};
  walk(schema as unknown as Walkable, body, '', errors);
  return errors;
}

/** The body without the screened fields (top-level ones; a nested path drops its top-level field). */
export function withoutFields(body: AnyObject, paths: string[]): AnyObject {
  const rest = { ...body };
  for (const path of paths) delete rest[path.split(/[.[]/)[0]];
  return rest;
}
