import fc from 'fast-check';

/** A JSON Schema fragment as @fastify/swagger writes it into the OpenAPI document. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
}

const CONTROL_TEXT = ['\u0000', 'a\u0000b', '\u001b[31mred', '\u0007', 'tab\there', 'line\nbreak', '\u007f', '\r\n'];
const SQL_TEXT = [
  "'; drop table staffs; --",
  "1' or '1'='1",
  '%',
  '_',
  '\\',
  '$1',
  'null',
  "' union select * from staffs --",
];
const ODD_TEXT = [
  '',
  ' ',
  '\ud800',
  '😀'.repeat(50),
  'é',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '2024-02-30',
  'true',
];
const OPERATORS = [
  { $ne: 1 },
  { $gt: '' },
  { $where: '1' },
  JSON.parse('{"__proto__":{"isAdmin":true}}') as object,
  { constructor: null },
];

const nested = (depth: number): unknown => (depth === 0 ? 'deep' : [nested(depth - 1)]);

/** Values of the wrong JSON type, or of the right type but hostile, for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...CONTROL_TEXT, ...SQL_TEXT, ...ODD_TEXT, ...OPERATORS),
  fc.constantFrom<unknown>(null, true, false, 0, -1, 2 ** 31, -(2 ** 53), 1e308, -1e308, 0.1, [], {}),
  fc.constantFrom<unknown>('x'.repeat(10_000), 'é'.repeat(3_000), nested(60), { a: { b: { c: { d: [{}] } } } }),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A plausible value for a field of this schema, so that some requests get past the first check. */
function plausibleValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({ min: 1, max: 8 });
    case 'number':
      return fc.double({ min: -200, max: 20_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? plausibleValue(schema.items) : fc.string({ maxLength: 8 }), { maxLength: 3 });
    case 'object':
      return schema.properties ? bodyFor(schema) : fc.constant({});
    default:
      return fc.oneof(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.constantFrom('+254712345678', 'fuzz@example.com', '2026-11-22T10:00:00Z', '2026-11-22'),
      );
  }
}

/** A body with some of the schema's fields, each plausible or hostile, and now and then an unknown field. */
export function bodyFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const record = fc.record(
    Object.fromEntries(fields.map(([name, field]) => [name, fc.oneof(plausibleValue(field), hostileValue)])),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, unknown>>;
  return fc
    .tuple(
      record,
      fc.option(fc.tuple(fc.constantFrom('isAdmin', 'id', 'roleId', '__proto__', 'password'), hostileValue)),
    )
    .map(([body, extra]) => (extra ? { ...body, [extra[0]]: extra[1] } : body));
}

/** A whole request body: usually an object, sometimes not JSON at all or not an object. */
export function payloadFor(schema: JsonSchema | undefined): fc.Arbitrary<{ raw: string }> {
  const object = schema?.properties ? bodyFor(schema) : fc.dictionary(fc.string({ maxLength: 8 }), hostileValue);
  return fc.oneof(
    { weight: 8, arbitrary: object.map((body) => ({ raw: JSON.stringify(body) })) },
    { weight: 1, arbitrary: hostileValue.map((value) => ({ raw: JSON.stringify(value) ?? 'null' })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{"a":', '{', '[1,', 'nul', '{"a":1}}', '\u0000', '').map((raw) => ({ raw })),
    },
  );
}

/** A path id: usually a real-looking one, sometimes hostile. The admin's own records (id 1) are left alone. */
export const pathId: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 2, max: 12 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '99999999999',
      '2147483648',
      '1.5',
      'abc',
      '%00',
      "1'%20or%201=1",
      '%7B%7D',
      'null',
    ),
  },
);

/** A simple-rest list query (`filter`, `sort`, `range` as JSON) built from hostile parts. */
export function listQueryFor(fields: string[]): fc.Arbitrary<Record<string, string>> {
  const key = fc.oneof(
    fc.constantFrom('q', 'id', ...fields),
    fields.length ? fc.constantFrom(...fields.map((f) => `${f}_gte`)) : fc.constant('id_gte'),
    fc.string({ maxLength: 10 }),
  );
  const json = (arb: fc.Arbitrary<unknown>) => arb.map((v) => JSON.stringify(v) ?? 'null');
  return fc.record(
    {
      filter: fc.oneof(json(fc.dictionary(key, hostileValue, { maxKeys: 3 })), fc.string({ maxLength: 12 })),
      sort: fc.oneof(
        json(fc.tuple(fc.oneof(fc.constantFrom('id', ...fields), fc.string()), fc.constantFrom('ASC', 'DESC', 'x'))),
        json(hostileValue),
      ),
      range: fc.oneof(json(fc.tuple(fc.integer(), fc.integer())), json(hostileValue)),
      page: fc.oneof(fc.integer().map(String), fc.string({ maxLength: 6 })),
      perPage: fc.oneof(fc.integer().map(String), fc.string({ maxLength: 6 })),
    },
    { requiredKeys: [] },
  );
}
