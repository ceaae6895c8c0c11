import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_STAFF_PASSWORD } from '../../server/db/seed/demoAccounts.js';
import { startApp, type TestApp } from './harness.js';

/**
 * SOS races on real PostgreSQL connections (PGlite has one connection, so it cannot race): staff
 * acknowledging the same alarm at once, and a caller pressing SOS repeatedly at once. Runs under
 * `npm run test:pg`.
 */
if (!process.env.DATABASE_URL) throw new Error('sosAlarms.pg.test.ts needs DATABASE_URL (npm run test:pg)');

const N = 8;
let t: TestApp;
let tokens: { token: string; name: string }[];
let caller = 0;

beforeAll(async () => {
  t = await startApp();
  const admin = await t.login();
  const support = await t.db
    .selectFrom('staffs')
    .innerJoin('roles', 'roles.id', 'staffs.roleId')
    .select(['staffs.email', 'staffs.firstName', 'staffs.lastName'])
    .where('roles.name', '=', 'Support Agent')
    .where('staffs.status', '=', 'active')
    .orderBy('staffs.id')
    .executeTakeFirstOrThrow();
  tokens = [
    { token: admin, name: 'Amara Okafor' },
    {
      token: await t.login(support.email, SEED_STAFF_PASSWORD),
      name: `${support.firstName} ${support.lastName}`,
    },
  ];
});
afterAll(() => t?.close());

const report = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/trip/sos/report', remoteAddress: `10.0.2.${++caller}`, payload: body });

async function tripUnderWay() {
  return t.db
    .selectFrom('trips')
    .select(['id'])
    .where('status', 'in', ['accepted', 'arrived', 'in_progress'])
    .where('driverId', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('sosCallLogs').select('id').whereRef('sosCallLogs.tripId', '=', 'trips.id'))),
    )
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

describe('SOS on real connections', () => {
  it(`lets exactly one of ${N} simultaneous acknowledgements win; the others learn who has it`, async () => {
    const trip = await tripUnderWay();
    const raised = await report({ tripId: trip.id, caller: 'passenger', lat: -1.29, lng: 36.82 });
    expect(raised.statusCode).toBe(201);
    const id = raised.json().data.id as number;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call('POST', `/api/trip/sos-call-logs/${id}/acknowledge`, { token: tokens[i % 2].token, body: {} }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array(N - 1).fill(409)]);
    const row = await t.db
      .selectFrom('sosCallLogs')
      .select(['status', 'handledBy', 'ackSeconds'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('acknowledged');
    const winner = tokens.find((x) => answers.some((a, i) => a.statusCode === 200 && tokens[i % 2] === x))!;
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().message).toBe(`Already acknowledged by ${winner.name}`);
    const steps = await t.db
      .selectFrom('sosCallEvents')
      .select('kind')
      .where('sosCallLogId', '=', id)
      .where('kind', '=', 'acknowledged')
      .execute();
    expect(steps).toHaveLength(1);
  });

  it(`merges ${N} simultaneous presses of the same caller into one alarm`, async () => {
    const trip = await tripUnderWay();
    const answers = await Promise.all(
      Array.from({ length: N }, () => report({ tripId: trip.id, caller: 'driver', lat: -1.29, lng: 36.82 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(N - 1).fill(200), 201]);
    const logs = await t.db
      .selectFrom('sosCallLogs')
      .select(['id', 'reportCount'])
      .where('tripId', '=', trip.id)
      .where('callerKind', '=', 'driver')
      .execute();
    expect(logs).toEqual([{ id: expect.any(Number), reportCount: N }]);
  });
});
