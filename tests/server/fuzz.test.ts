import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config.js';
import { startApp } from './harness.js';
import { listQueryFor, pathId, payloadFor, type JsonSchema } from './fuzz/hostileValues.js';
import { appSignIn, approvedDrivers, passengersFree } from './appsHelpers.js';

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

/**
 * The apps' routes are fuzzed as the apps call them: with a driver's and a passenger's token and a
 * real trip between them (requested by the passenger's app, assigned to the driver, who is online),
 * so hostile payloads reach the handlers instead of stopping at 401/403.
 */
const [driverRow] = await approvedDrivers(t, 1);
const [passengerRow] = await passengersFree(t, 1);
if (!passengerRow) throw new Error('no active passenger without a trip under way');
const driver = await appSignIn(t, 'driver', driverRow.phone);
const passenger = await appSignIn(t, 'passenger', passengerRow.phone);
const booked = await t.call('POST', '/api/trip/apps/passenger/trips', {
  token: passenger,
  body: {
    vehicleTypeId: driverRow.vehicleTypeId,
    pickupAddress: 'Moi Avenue',
    pickupLat: -1.2841,
    pickupLng: 36.8233,
    dropoffAddress: 'Kilimani',
    dropoffLat: -1.2906,
    dropoffLng: 36.7856,
  },
});
if (booked.statusCode !== 201)
  throw new Error(`fuzz: the passenger's booking failed: ${booked.statusCode} ${booked.body}`);
const tripId = String(booked.json().data.id);
const assigned = await t.call('POST', `/api/trip/trips/${tripId}/assign`, {
  token: admin,
  body: { driverId: driverRow.id },
});
if (assigned.statusCode !== 200)
  throw new Error(`fuzz: assigning the trip failed: ${assigned.statusCode} ${assigned.body}`);
if ((await t.call('POST', '/api/trip/apps/driver/online', { token: driver })).statusCode !== 200)
  throw new Error('fuzz: the driver could not go online');
/** Answers by status code, printed at the end for docs/reliability.md. */
const outcomes = new Map<number, number>();
/** Answers of the apps' routes by status code (they must reach the handlers, not stop at 401/403). */
const appOutcomes = new Map<number, number>();
let runs = 0;
afterAll(async () => {
  const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
  const byStatus = [...outcomes].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  console.log(`[fuzz] seed ${SEED}: ${total} hostile requests; ${byStatus.join(', ')}`);
  const apps = [...appOutcomes].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  console.log(`[fuzz] the apps' routes: ${apps.join(', ')}`);
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

type Auth = 'own' | 'none' | 'forged' | 'malformed';
const TOKENS: Record<Exclude<Auth, 'own'>, string> = {
  none: '',
  forged: `${admin.slice(0, -4)}AAAA`,
  malformed: 'x.y.z',
};

/** The token a route's own caller has: the driver's or passenger's app, else the admin. */
function ownToken(path: string, n: number): string {
  if (path.startsWith('/api/trip/apps/driver/')) return driver;
  if (path.startsWith('/api/trip/apps/passenger/') || path === '/api/trip/sos/report') return passenger;
  if (path.startsWith('/api/trip/apps/')) return n % 2 ? driver : passenger;
  return admin;
}
const isAppRoute = (path: string) => path.startsWith('/api/trip/apps/') || path === '/api/trip/sos/report';

/** Signing out would end a session for every later request, so it is tried without a valid token. */
const SIGNS_OUT = ['POST /api/user/auth/logout', 'POST /api/trip/apps/sign-out'];

describe('hostile requests to every documented route', () => {
  it('covers the documented API', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  it("signs the apps' routes in as the driver and the passenger of a real trip", async () => {
    expect((await t.call('GET', '/api/trip/apps/driver/trip', { token: driver })).json().data).toMatchObject({
      id: Number(tripId),
    });
    expect((await t.call('GET', `/api/trip/apps/passenger/trips/${tripId}`, { token: passenger })).statusCode).toBe(
      200,
    );
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s never answers 5xx',
    async (name, op) => {
      const request = fc.record({
        // The apps' routes mostly on the real trip, so their handlers run.
        id: isAppRoute(op.path)
          ? fc.oneof({ weight: 3, arbitrary: fc.constant(tripId) }, { weight: 2, arbitrary: pathId })
          : pathId,
        query: op.listFields
          ? listQueryFor(op.listFields).map(op.path.endsWith('/export') ? boundedExport : (q) => q)
          : fc.constant({}),
        payload: op.method === 'GET' || op.method === 'DELETE' ? fc.constant(undefined) : payloadFor(op.body),
        auth: fc.oneof(
          { weight: 9, arbitrary: fc.constant<Auth>(SIGNS_OUT.includes(name) ? 'forged' : 'own') },
          { weight: 1, arbitrary: fc.constantFrom<Auth>('none', 'forged', 'malformed') },
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ id, query, payload, auth }) => {
          const token = auth === 'own' ? ownToken(op.path, runs++) : TOKENS[auth];
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
          if (isAppRoute(op.path)) appOutcomes.set(res.statusCode, (appOutcomes.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION },
      );
    },
  );
});

/**
 * Issue 43, section 2: the routes open without a token refuse a control character in any text
 * field with a 400 naming it (a NUL in a login email was a 500 that logged the SQL). Each request
 * comes from its own address, so the sign-in limits let every payload reach the route.
 */
describe('control characters on the routes open without a token', () => {
  const CONTROL = ['\u0000', 'admin\u0000@example.com', 'a\u0001b@example.com', '\u001b[31m@x.io', 'x\u007f@y.io'];
  const ROUTES: [string, Record<string, unknown>][] = [
    ['/api/user/auth/login', { email: 'admin@example.com', password: 'Admin@1234' }],
    ['/api/user/auth/forgot_password', { email: 'admin@example.com' }],
    ['/api/user/auth/staffs/resend_otp', { email: 'admin@example.com' }],
    ['/api/user/auth/verify_email', { email: 'admin@example.com', otp: '123456', getToken: 1 }],
    ['/api/user/auth/reset_password', { email: 'admin@example.com', otp: '123456', password: 'Admin@12345' }],
    ['/api/user/auth/set_password', { email: 'admin@example.com', otp: '123456', password: 'Admin@12345' }],
    ['/api/trip/apps/driver/request-code', { phone: '+254712345678' }],
    ['/api/trip/apps/passenger/sign-in', { phone: '+254712345678', otp: '123456' }],
    ['/api/user/drivers/register', { firstName: 'A', lastName: 'B', phone: '+254712345678' }],
  ];
  let address = 0;
  it.each(ROUTES)('POST %s answers 400 naming the field', async (url, valid) => {
    for (const field of Object.keys(valid).filter((k) => typeof valid[k] === 'string')) {
      for (const value of CONTROL) {
        address++;
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: { ...valid, [field]: value },
          remoteAddress: `10.43.${address >> 8}.${address & 255}`,
        });
        outcomes.set(res.statusCode, (outcomes.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, `${field}=${JSON.stringify(value)}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(Object.keys(res.json().errors ?? {}), `${field}=${JSON.stringify(value)}`).toEqual([field]);
      }
    }
  });
});
