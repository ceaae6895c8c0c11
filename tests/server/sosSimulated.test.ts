import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { sleep } from './sockets.js';
import { SIMULATED_SOS_CLOSE_NOTE, closeStaleSimulatedAlarms } from '../../server/trip/sos/simulated.js';

/**
 * Simulated SOS alarms (issue 33): the demo's simulator flags its alarms; they are shown as such and
 * closed 10 minutes after they were raised unless staff act first. Real alarms are never touched.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

let address = 0;
const report = (app: TestApp, body: object) =>
  app.app.inject({ method: 'POST', url: '/api/trip/sos/report', remoteAddress: `10.0.3.${++address}`, payload: body });
const alarm = async (id: number) =>
  (await t.call('GET', `/api/trip/sos-call-logs/${id}`, { token: admin })).json() as {
    status: string;
    simulated: boolean;
    notes: string | null;
    handledBy: number | null;
    ackSeconds: number | null;
    timeline: { kind: string; staffId: number | null; note: string | null }[];
  };

/**
 * Trips under way with no alarm yet, one per call. How many the seed leaves under way depends on the
 * hour it ran, so when there are too few, recently completed trips of free drivers go back on the road.
 */
async function tripsUnderWay(app: TestApp, n: number) {
  await sql`update trips set status = 'in_progress', completed_at = null
    where id in (
      select id from (
        select distinct on (t.driver_id) t.id, t.completed_at from trips t
        where t.status = 'completed' and t.driver_id is not null and not exists (
          select 1 from trips a where a.driver_id = t.driver_id and a.status in ('requested', 'accepted', 'arrived', 'in_progress'))
        order by t.driver_id, t.completed_at desc
      ) recent
      order by completed_at desc
      limit greatest(0, ${n} - (select count(*) from trips u where u.status in ('accepted', 'arrived', 'in_progress')
        and u.driver_id is not null
        and not exists (select 1 from sos_call_logs s where s.trip_id = u.id)))
    )`.execute(app.db);
  const rows = await app.db
    .selectFrom('trips')
    .select(['id'])
    .where('status', 'in', ['accepted', 'arrived', 'in_progress'])
    .where('driverId', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('sosCallLogs').select('id').whereRef('sosCallLogs.tripId', '=', 'trips.id'))),
    )
    .orderBy('id')
    .limit(n)
    .execute();
  expect(rows.length).toBe(n);
  return rows.map((r) => r.id);
}

async function raise(app: TestApp, tripId: number, simulated?: unknown) {
  const res = await report(app, { tripId, caller: 'passenger', lat: -1.29, lng: 36.82, simulated });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** Moves an alarm's raise back by `minutes`. */
const age = (app: TestApp, id: number, minutes: number) =>
  sql`update sos_call_logs set called_at = now() - make_interval(mins => ${minutes}), last_reported_at = now() - make_interval(mins => ${minutes}) where id = ${id}`.execute(
    app.db,
  );

describe('simulated SOS alarms', () => {
  // First, before this file raises alarms of its own.
  it('the seed leaves a single alarm new (the banner’s): simulated, raised within minutes of its latest booking', async () => {
    const open = await sql<{ simulated: boolean; fresh: boolean }>`
      select simulated, called_at >= (select max(requested_at) from trips) - interval '15 minutes' as fresh
      from sos_call_logs where status = 'new'`.execute(t.db);
    expect(open.rows).toEqual([{ simulated: true, fresh: true }]);
  });

  it('are flagged as the simulator asks where the development outbox is on; real reports are not', async () => {
    const [a, b] = await tripsUnderWay(t, 2);
    expect((await alarm(await raise(t, a, true))).simulated).toBe(true);
    expect((await alarm(await raise(t, b))).simulated).toBe(false);
    // The board can list them apart.
    const list = await t.call('GET', '/api/trip/sos-call-logs', {
      token: admin,
      query: { filter: JSON.stringify({ simulated: true }), range: '[0,99]' },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { simulated: boolean }[]).every((x) => x.simulated)).toBe(true);
  });

  it('refuses a flag that is not true or false, with a message, and raises nothing', async () => {
    const [trip] = await tripsUnderWay(t, 1);
    const res = await report(t, { tripId: trip, caller: 'passenger', lat: -1.29, lng: 36.82, simulated: 'maybe' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('simulated must be true or false');
    const n = await t.db.selectFrom('sosCallLogs').select('id').where('tripId', '=', trip).execute();
    expect(n).toEqual([]);
  });

  it('are never taken for a drill where real transports send the messages (production-like): the flag is ignored', async () => {
    const real = await startApp({ smtpUrl: 'smtp://127.0.0.1:2525', smsWebhookUrl: 'http://127.0.0.1:9/sms' });
    try {
      expect(real.app.services.messenger.outbox).toBeUndefined();
      const [trip] = await tripsUnderWay(real, 1);
      const id = await raise(real, trip, true);
      const row = await real.db
        .selectFrom('sosCallLogs')
        .select('simulated')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.simulated).toBe(false);
    } finally {
      await real.close();
    }
  });

  it('are closed 10 minutes after they were raised when nobody acted, with a note; acted on, recent or real ones stay', async () => {
    const [stale, recent, acked, noted, real] = await tripsUnderWay(t, 5);
    const ids = {
      stale: await raise(t, stale, true),
      recent: await raise(t, recent, true),
      acked: await raise(t, acked, true),
      noted: await raise(t, noted, true),
      real: await raise(t, real),
    };
    expect(
      (await t.call('POST', `/api/trip/sos-call-logs/${ids.acked}/acknowledge`, { token: admin })).statusCode,
    ).toBe(200);
    const note = await t.call('POST', `/api/trip/sos-call-logs/${ids.noted}/note`, {
      token: admin,
      body: { note: 'Calling the passenger' },
    });
    expect(note.statusCode, note.body).toBe(200);
    for (const id of [ids.stale, ids.acked, ids.noted, ids.real]) await age(t, id, 11);
    await age(t, ids.recent, 9);

    const closed = await closeStaleSimulatedAlarms(t.app.services);
    expect(closed).toContain(ids.stale);
    for (const id of [ids.recent, ids.acked, ids.noted, ids.real]) expect(closed).not.toContain(id);

    const gone = await alarm(ids.stale);
    expect(gone.status).toBe('false_alarm');
    expect(gone.notes).toBe(SIMULATED_SOS_CLOSE_NOTE);
    // Nobody acknowledged it: the time-to-acknowledge figures are not skewed by 10-minute waits.
    expect(gone.handledBy).toBeNull();
    expect(gone.ackSeconds).toBeNull();
    expect(gone.timeline.at(-1)).toMatchObject({ kind: 'false_alarm', staffId: null, note: SIMULATED_SOS_CLOSE_NOTE });
    expect((await alarm(ids.recent)).status).toBe('new');
    expect((await alarm(ids.acked)).status).toBe('acknowledged');
    expect((await alarm(ids.noted)).status).toBe('new');
    expect((await alarm(ids.real)).status).toBe('new');
    // Off the banner's list (status new).
    const banner = await t.call('GET', '/api/trip/sos-call-logs', {
      token: admin,
      query: { filter: JSON.stringify({ status: 'new' }), range: '[0,99]' },
    });
    expect((banner.json() as { id: number }[]).map((x) => x.id)).not.toContain(ids.stale);
    // Once is enough.
    expect(await closeStaleSimulatedAlarms(t.app.services)).toEqual([]);
  });

  it('left over from an earlier run are closed as the server starts', async () => {
    let id = 0;
    const app = await startApp({ closeSimulatedSos: true }, async (built) => {
      const [log] = await sql<{ id: number }>`
        insert into sos_call_logs (trip_id, caller_kind, caller_id, lat, lng, status, called_at, last_reported_at, simulated)
        select t.id, 'passenger', t.passenger_id, -1.29, 36.82, 'new', now() - interval '2 hours', now() - interval '2 hours', true
        from trips t where t.status = 'in_progress' order by t.id limit 1
        returning id`
        .execute(built.services.db)
        .then((r) => r.rows);
      id = log.id;
    });
    try {
      const status = async () =>
        (await app.db.selectFrom('sosCallLogs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
      for (let i = 0; i < 40 && (await status()) === 'new'; i++) await sleep(100);
      expect(await status()).toBe('false_alarm');
    } finally {
      await app.close();
    }
  });
});
