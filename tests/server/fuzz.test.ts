import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config.js';
import { startApp } from './harness.js';
import { listQueryFor, pathId, payloadFor, type JsonSchema } from './fuzz/hostileValues.js';

/**
 * Property-based fuzzing of every documented route: hostile bodies, query strings and ids must get
 * a 4xx, never a 5xx. The routes come from the OpenAPI document the app builds, so a new route is
 * fuzzed without touching this file. Deterministic: the seed is fixed (FUZZ_SEED overrides it) and
 * fast-check prints it with the failing request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 50);

// The global rate limit would answer 429 halfway through; the per-route auth limits stay on.
const t = await startApp({ rateLimits: { ...testConfig().rateLimits, global: 0 } });
const admin = await t.login();
/** Answers by status code, printed at the end for docs/reliability.md. */
const outcomes = new Map<number, number>();
afterAll(async () => {
  const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
  const byStatus = [...outcomes].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  console.log(`[fuzz] seed ${SEED}: ${total} hostile requests; ${byStatus.join(', ')}`);
  await t.close();
});

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: JsonSchema;
  listFields?: string[];
}

type OpenApiOperation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};

/** The fields a list route's records have, from its documented 200 answer. */
function recordFields(op: OpenApiOperation): string[] {
  const schema = op.responses?.['200']?.content?.['application/json']?.schema;
  const item = schema?.items ?? schema;
  return Object.keys(item?.properties ?? {});
}

const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase() as Operation['method'],
    path,
    body: op.requestBody?.content?.['application/json']?.schema,
    listFields: op.parameters?.some((p) => p.name === 'filter') ? recordFields(op) : undefined,
  })),
);

/**
 * An export streams every matching row: a hostile filter that happens to match everything would
 * stream all trips on each run. Object filters get an id bound, so the suite stays within its time.
 */
function boundedExport(query: Record<string, string>): Record<string, string> {
  try {
    const filter: unknown = JSON.parse(query.filter ?? '{}');
    if (filter && typeof filter === 'object' && !Array.isArray(filter))
      return { ...query, filter: JSON.stringify({ id_lte: 200, ...filter }) };
  } catch {
    /* not JSON: the server answers 400 at once */
  }
  return query;
}

type Auth = 'admin' | 'none' | 'forged' | 'malformed';
const TOKENS: Record<Auth, string> = { admin, none: '', forged: `${admin.slice(0, -4)}AAAA`, malformed: 'x.y.z' };

/** Signing out would end the admin's session for every later request, so it is tried without a token. */
const SIGNS_OUT = 'POST /api/user/auth/logout';

describe('hostile requests to every documented route', () => {
  it('covers the documented API', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s never answers 5xx',
    async (name, op) => {
      const request = fc.record({
        id: pathId,
        query: op.listFields
          ? listQueryFor(op.listFields).map(op.path.endsWith('/export') ? boundedExport : (q) => q)
          : fc.constant({}),
        payload: op.method === 'GET' || op.method === 'DELETE' ? fc.constant(undefined) : payloadFor(op.body),
        auth: fc.oneof(
          { weight: 9, arbitrary: fc.constant<Auth>(name === SIGNS_OUT ? 'forged' : 'admin') },
          { weight: 1, arbitrary: fc.constantFrom<Auth>('none', 'forged', 'malformed') },
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ id, query, payload, auth }) => {
          const token = TOKENS[auth];
          const res = await t.app.inject({
            method: op.method,
            url: op.path.replace(/\{[^}]+\}/g, id),
            query,
            payload: payload?.raw,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(payload ? { 'content-type': 'application/json' } : {}),
            },
          });
          outcomes.set(res.statusCode, (outcomes.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION },
      );
    },
  );
});
