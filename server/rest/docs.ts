import type { AnyObject, ObjectSchema, SchemaDescription } from 'yup';
import type { FieldType, ResourceDeclaration } from './declaration.js';

const JSON_TYPES: Record<FieldType | 'text[]', object> = {
  int: { type: ['integer', 'null'] },
  number: { type: ['number', 'null'] },
  text: { type: ['string', 'null'] },
  bool: { type: ['boolean', 'null'] },
  timestamp: { type: ['string', 'null'], format: 'date-time' },
  date: { type: ['string', 'null'], format: 'date' },
  json: {},
  'text[]': { type: 'array', items: { type: 'string' } },
};

/** The JSON schema of a record, for the API docs and the response serializer. */
export function recordJsonSchema(d: ResourceDeclaration): object {
  const properties: Record<string, object> = { id: { type: 'integer' } };
  for (const [name, spec] of Object.entries(d.fields)) {
    properties[name] = {
      ...JSON_TYPES[spec.type],
      ...(spec.enum ? { description: `One of: ${spec.enum.join(', ')}` } : {}),
      ...(spec.description ? { description: spec.description } : {}),
    };
  }
  for (const [name, c] of Object.entries(d.computed ?? {}))
    properties[name] = { ...JSON_TYPES[c.type], description: 'Computed, read-only' };
  return { type: 'object', properties, additionalProperties: false };
}

function describeField(f: SchemaDescription): object {
  const base: Record<string, unknown> = {};
  switch (f.type) {
    case 'string':
      base.type = 'string';
      break;
    case 'number':
      base.type = 'number';
      break;
    case 'boolean':
      base.type = 'boolean';
      break;
    case 'date':
      base.type = 'string';
      base.format = 'date-time';
      break;
    case 'array':
      base.type = 'array';
      break;
    case 'object':
      base.type = 'object';
      break;
  }
  if (f.oneOf?.length) base.enum = f.oneOf.filter((v) => v !== undefined);
  if (f.label) base.description = f.label;
  // The rules yup checks, as JSON schema keywords (a declared field's min/max, more than, integer, maxLength, pattern).
  const tests = 'tests' in f ? f.tests : [];
  for (const test of tests) {
    const params = (test.params ?? {}) as Record<string, unknown>;
    if (test.name === 'integer' && base.type === 'number') base.type = 'integer';
    if (test.name === 'min' && typeof params.min === 'number')
      base[base.type === 'string' ? 'minLength' : 'minimum'] = params.min;
    if (test.name === 'min' && typeof params.more === 'number') base.exclusiveMinimum = params.more;
    if (test.name === 'max' && typeof params.max === 'number')
      base[base.type === 'string' ? 'maxLength' : 'maximum'] = params.max;
    if (test.name === 'matches' && params.regex instanceof RegExp) base.pattern = params.regex.source;
  }
  if ('default' in f && f.default !== undefined) base.default = f.default;
  return base;
}

/** A documentation-only JSON schema of a yup write schema (yup stays the validator). */
export function writeJsonSchema(schema: ObjectSchema<AnyObject>): object {
  const desc = schema.describe();
  const properties: Record<string, object> = {};
  const required: string[] = [];
  for (const [name, f] of Object.entries(desc.fields)) {
    properties[name] = describeField(f as SchemaDescription);
    if (!(f as SchemaDescription).optional) required.push(name);
  }
  return { type: 'object', properties, required };
}
