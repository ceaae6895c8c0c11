import { sql, type ExpressionBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/schema.js';
import { loginAs, startApp, type TestApp } from './harness.js';
import { escalateOverdueAlarms } from '../../server/trip/sos/escalation.js';

let t: TestApp;
let admin: string;
let agent: string;
let agentName: string;
let agentId: number;
let financeId: number;

beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  const support = await loginAs(t, 'Support Agent');
  agent = support.token;
  agentName = `${support.staff.firstName} ${support.staff.lastName}`;
  agentId = support.staff.id;
  financeId = (await loginAs(t, 'Finance')).staff.id;
});
afterAll(() => t?.close());

// Each report from an address of its own: the per-IP limit (10 a minute) is tested in tripDomain.test.ts.
let caller = 0;
const report = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/trip/sos/report', remoteAddress: `10.0.1.${++caller}`, payload: body });
const act = (id: number, action: string, body: object = {}, token = admin) =>
  t.call('POST', `/api/trip/sos-call-logs/${id}/${action}`, { token, body });
const alarm = async (id: number) => (await t.call('GET', `/api/trip/sos-call-logs/${id}`, { token: admin })).json();

/**
 * A trip under way that has no alarm yet (each test raises its own). Late at night the demo city has
 * only a handful under way, so then a completed trip without an alarm is made one that ended a
 * minute ago (an SOS is taken for an hour after a trip ends).
 */
async function freshTrip() {
  const noAlarm = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'trips'>) =>
    not(exists(selectFrom('sosCallLogs').select('id').whereRef('sosCallLogs.tripId', '=', 'trips.id')));
  const underWay = await t.db
    .selectFrom('trips')
    .select(['id', 'passengerId', 'driverId'])
    .where('status', 'in', ['accepted', 'arrived', 'in_progress'])
    .where('driverId', 'is not', null)
    .where(noAlarm)
    .orderBy('id')
    .executeTakeFirst();
  if (underWay) return underWay;
  const ended = await t.db
    .selectFrom('trips')
    .select(['id', 'passengerId', 'driverId'])
    .where('status', '=', 'completed')
    .where('driverId', 'is not', null)
    .where(noAlarm)
    .orderBy('completedAt', 'desc')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('trips')
    .set({ completedAt: new Date(Date.now() - 60_000) })
    .where('id', '=', ended.id)
    .execute();
  return ended;
}

async function raise(caller: 'passenger' | 'driver' = 'passenger') {
  const trip = await freshTrip();
  const res = await report({ tripId: trip.id, caller, lat: -1.29, lng: 36.82 });
  expect(res.statusCode, res.body).toBe(201);
  return { trip, id: res.json().data.id as number };
}

const logCount = async () =>
  Number((await sql<{ n: string }>`select count(*) n from sos_call_logs`.execute(t.db)).rows[0].n);

describe('SOS actions', () => {
  it('acknowledges in one click: who, when, the seconds to acknowledge, a timeline step and sosUpdated', async () => {
    const { id } = await raise();
    // Raised 42 s ago.
    await t.db
      .updateTable('sosCallLogs')
      .set({ calledAt: new Date(Date.now() - 42_000) })
      .where('id', '=', id)
      .execute();
    const deliver = vi.fn();
    t.app.services.notifier.setDelivery(deliver);
    const res = await act(id, 'acknowledge', {}, agent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^SOS #\d+ acknowledged after 4[23] s$/);
    const row = await alarm(id);
    expect(row).toMatchObject({ status: 'acknowledged', handledBy: agentId, handledByName: agentName });
    expect(row.ackSeconds).toBeGreaterThanOrEqual(42);
    expect(row.ackSeconds).toBeLessThanOrEqual(43);
    expect(row.timeline.map((e: { kind: string }) => e.kind)).toEqual(['raised', 'acknowledged']);
    expect(row.timeline[1]).toMatchObject({ staffName: agentName, seconds: row.ackSeconds });
    const sent = deliver.mock.calls.filter(([, event]) => event === 'sosUpdated');
    expect(sent).toHaveLength(1);
    const [staffIds, , payload] = sent[0];
    expect(payload).toMatchObject({
      id,
      kind: 'acknowledged',
      status: 'acknowledged',
      acknowledgedBy: agentName,
      acknowledgedAt: row.handledAt,
      ackSeconds: row.ackSeconds,
      at: expect.any(String),
    });
    // Only staff entitled to view SOS call logs: the admin and the support agent, not the dispatcher or finance.
    expect(staffIds).toEqual(expect.arrayContaining([1, agentId]));
    expect(staffIds).not.toContain(2);
    expect(staffIds).not.toContain(financeId);
    const audit = await t.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('resource', '=', 'sos-call-logs')
      .where('recordId', '=', String(id))
      .where('action', '=', 'acknowledge')
      .executeTakeFirstOrThrow();
    expect(audit.staffId).toBe(agentId);
  });

  it('lets one of two concurrent acknowledgements win; the other is a 409 naming who has it', async () => {
    const { id } = await raise();
    const [a, b] = await Promise.all([act(id, 'acknowledge', {}, admin), act(id, 'acknowledge', {}, agent)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Amara Okafor' : agentName;
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(`Already acknowledged by ${winner}`);
    const row = await alarm(id);
    expect(row.handledByName).toBe(winner);
    expect(row.timeline.filter((e: { kind: string }) => e.kind === 'acknowledged')).toHaveLength(1);
  });

  it('adds notes, resolves with a required note, then refuses to acknowledge or resolve again', async () => {
    const { id } = await raise();
    expect((await act(id, 'acknowledge')).statusCode).toBe(200);
    const empty = await act(id, 'note', { note: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ note: 'Write a note' });
    expect((await act(id, 'note', { note: 'Called the passenger, no answer' })).statusCode).toBe(200);
    const before = await alarm(id);
    const noNote = await act(id, 'resolve', {});
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual({ note: 'Say how the alarm was resolved' });
    expect(await alarm(id)).toEqual(before); // unchanged
    const resolved = await act(id, 'resolve', { note: 'Police met the car; passenger safe' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const row = await alarm(id);
    expect(row).toMatchObject({
      status: 'resolved',
      resolvedBy: 1,
      resolvedByName: 'Amara Okafor',
      notes: 'Police met the car; passenger safe',
      resolvedAt: expect.any(String),
    });
    expect(row.timeline.map((e: { kind: string; note: string | null }) => [e.kind, e.note])).toEqual([
      ['raised', null],
      ['acknowledged', null],
      ['note', 'Called the passenger, no answer'],
      ['resolved', 'Police met the car; passenger safe'],
    ]);
    const again = await act(id, 'acknowledge', {}, agent);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This alarm was already resolved by Amara Okafor');
    expect((await act(id, 'false-alarm', { note: 'x' })).statusCode).toBe(409);
    // A note on a closed alarm is still allowed (follow-up calls).
    expect((await act(id, 'note', { note: 'Follow-up call tomorrow' })).statusCode).toBe(200);
  });

  it('marks a new alarm as a false alarm with a note, acknowledging it on the way', async () => {
    const { id } = await raise('driver');
    const noNote = await act(id, 'false-alarm', { note: '' });
    expect(noNote.json().errors).toEqual({ note: 'Say why this was a false alarm' });
    expect((await alarm(id)).status).toBe('new');
    const res = await act(id, 'false-alarm', { note: 'Pressed by mistake' }, agent);
    expect(res.statusCode, res.body).toBe(200);
    const row = await alarm(id);
    expect(row).toMatchObject({ status: 'false_alarm', handledBy: agentId, resolvedBy: agentId });
    expect(row.ackSeconds).toEqual(expect.any(Number));
    expect(row.timeline.map((e: { kind: string }) => e.kind)).toEqual(['raised', 'acknowledged', 'false_alarm']);
  });

  it('needs update-SosContacts to act, and has no generic edit', async () => {
    const { id } = await raise();
    const dispatcher = await t.login('dispatcher@example.com', 'Dispatch@1234');
    expect((await act(id, 'acknowledge', {}, dispatcher)).statusCode).toBe(403);
    expect(
      (await t.call('PUT', `/api/trip/sos-call-logs/${id}`, { token: admin, body: { status: 'resolved' } })).statusCode,
    ).toBe(404);
    expect((await alarm(id)).status).toBe('new');
  });
});

describe('POST /api/trip/sos/report', () => {
  it('merges repeated reports of the same caller within 60 s into the open alarm', async () => {
    const { trip, id } = await raise();
    const deliver = vi.fn();
    t.app.services.notifier.setDelivery(deliver);
    const count = await logCount();
    const again = await report({ tripId: trip.id, caller: 'passenger', lat: -1.291, lng: 36.821 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id, merged: true, reportCount: 2 });
    expect(await logCount()).toBe(count);
    const row = await alarm(id);
    expect(row).toMatchObject({ reportCount: 2, lat: -1.291, lng: 36.821 });
    expect(row.timeline.map((e: { kind: string }) => e.kind)).toEqual(['raised', 'reported_again']);
    // No second notification (no second sound); the boards hear sosUpdated.
    expect(deliver.mock.calls.map(([, event]) => event)).toEqual(['sosUpdated']);
    // The driver's own SOS on the same trip is an alarm of its own.
    const driver = await report({ tripId: trip.id, caller: 'driver', lat: -1.29, lng: 36.82 });
    expect(driver.statusCode).toBe(201);
    expect(driver.json().data.id).not.toBe(id);
    // More than 60 s after the last report: a new alarm.
    await t.db
      .updateTable('sosCallLogs')
      .set({ lastReportedAt: new Date(Date.now() - 61_000) })
      .where('id', '=', id)
      .execute();
    const later = await report({ tripId: trip.id, caller: 'passenger', lat: -1.29, lng: 36.82 });
    expect(later.statusCode).toBe(201);
    expect(later.json().data.id).not.toBe(id);
  });

  it('does not merge into a closed alarm', async () => {
    const { trip, id } = await raise();
    expect((await act(id, 'resolve', { note: 'All fine' })).statusCode).toBe(200);
    const again = await report({ tripId: trip.id, caller: 'passenger', lat: -1.29, lng: 36.82 });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).not.toBe(id);
  });

  it('refuses out-of-range coordinates, an unknown trip and a caller not party to the trip, writing nothing', async () => {
    const trip = await freshTrip();
    const count = await logCount();
    const far = await report({ tripId: trip.id, caller: 'passenger', lat: -91, lng: 181 });
    expect(far.statusCode).toBe(400);
    expect(far.json().errors).toEqual({
      lat: 'Latitude must be between -90 and 90',
      lng: 'Longitude must be between -180 and 180',
    });
    const unknown = await report({ tripId: 99999999, caller: 'passenger', lat: -1.29, lng: 36.82 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ tripId: 'No trip with this id' });
    const stranger = await report({
      tripId: trip.id,
      caller: 'passenger',
      callerId: trip.passengerId + 1,
      lat: -1.29,
      lng: 36.82,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({
      message: 'Please correct the highlighted fields',
      code: 'highlighted',
      params: {},
      errors: { callerId: `This caller is not the passenger of trip ${trip.id}` },
    });
    expect(await logCount()).toBe(count);
    const party = await report({
      tripId: trip.id,
      caller: 'driver',
      callerId: trip.driverId,
      lat: -1.29,
      lng: 36.82,
    });
    expect(party.statusCode).toBe(201);
  });
});

describe('SOS escalation', () => {
  const escalateAll = async () => {
    let total = 0;
    for (let n = -1; n !== 0; total += n) n = await escalateOverdueAlarms(t.app.services);
    return total;
  };
  const raisedAgo = async (minutes: number) => {
    const { trip, id } = await raise();
    await t.db
      .updateTable('sosCallLogs')
      .set({ calledAt: new Date(Date.now() - minutes * 60_000) })
      .where('id', '=', id)
      .execute();
    return { trip, id };
  };
  const notificationTitles = async (token: string) =>
    (
      (await t.call('GET', '/api/user/notifications', { token, query: { perPage: '50' } })).json().data
        .notifications as { title: string }[]
    ).map((n) => n.title);

  it('escalates an alarm unacknowledged after 5 minutes to the shift leads (Super Admin), once, on its timeline', async () => {
    expect(t.config.sos).toMatchObject({ escalateMinutes: 5, escalationRole: 'Super Admin', soundRepeatSeconds: 30 });
    const late = await raisedAgo(6);
    const young = await raisedAgo(4);
    const taken = await raisedAgo(7);
    expect((await act(taken.id, 'acknowledge', {}, agent)).statusCode).toBe(200);
    const deliver = vi.fn();
    t.app.services.notifier.setDelivery(deliver);

    expect(await escalateAll()).toBeGreaterThanOrEqual(1);
    const row = await alarm(late.id);
    const step = row.timeline.find((e: { kind: string }) => e.kind === 'escalated');
    expect(step).toMatchObject({ note: 'Not acknowledged within 5 min: Super Admin notified' });
    expect(step.seconds).toBeGreaterThanOrEqual(360);
    expect((await alarm(young.id)).timeline.map((e: { kind: string }) => e.kind)).toEqual(['raised']);
    expect((await alarm(taken.id)).timeline.map((e: { kind: string }) => e.kind)).toEqual(['raised', 'acknowledged']);

    // The shift leads are told (stored and pushed); the agents, who had the first alarm, are not told again.
    const title = `SOS escalated: trip #${late.trip.id}, passenger alarm not acknowledged within 5 min`;
    expect(await notificationTitles(admin)).toContain(title);
    expect(await notificationTitles(agent)).not.toContain(title);
    const superAdmins = await t.db
      .selectFrom('staffs')
      .innerJoin('roles', 'roles.id', 'staffs.roleId')
      .select('staffs.id')
      .where('roles.name', '=', 'Super Admin')
      .where('staffs.status', '=', 'active')
      .execute();
    const pushed = deliver.mock.calls.filter(
      ([, event, payload]) => event === 'newNotification' && (payload as { title: string }).title === title,
    );
    expect(pushed).toHaveLength(1);
    expect([...pushed[0][0]].sort()).toEqual(superAdmins.map((s) => s.id).sort());
    expect(pushed[0][0]).not.toContain(agentId);
    expect(
      deliver.mock.calls.some(
        ([, event, payload]) => event === 'sosUpdated' && (payload as { id: number }).id === late.id,
      ),
    ).toBe(true);

    // Once only.
    expect(await escalateAll()).toBe(0);
    expect((await alarm(late.id)).timeline.filter((e: { kind: string }) => e.kind === 'escalated')).toHaveLength(1);
  });

  it('tells SOS staff the settings: the sound repeat and the escalation', async () => {
    const res = await t.call('GET', '/api/trip/sos/settings', { token: agent });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ soundRepeatSeconds: 30, escalateMinutes: 5, escalationRole: 'Super Admin' });
    const dispatcher = await t.login('dispatcher@example.com', 'Dispatch@1234');
    expect((await t.call('GET', '/api/trip/sos/settings', { token: dispatcher })).statusCode).toBe(403);
  });

  it('escalates nothing when turned off (SOS_ESCALATE_MINUTES=0)', async () => {
    const { id } = await raisedAgo(30);
    const off = {
      ...t.app.services,
      config: { ...t.app.services.config, sos: { ...t.config.sos, escalateMinutes: 0 } },
    };
    expect(await escalateOverdueAlarms(off)).toBe(0);
    expect((await alarm(id)).timeline.map((e: { kind: string }) => e.kind)).toEqual(['raised']);
  });
});

describe('GET /api/trip/sos/ack-stats', () => {
  it('answers the median and p90 of the seconds to acknowledge over the last 7 days', async () => {
    // A private window: every alarm older than 7 days except ten acknowledged after 10, 20 … 100 s.
    await sql`update sos_call_logs set called_at = now() - interval '30 days'`.execute(t.db);
    const trips = await t.db.selectFrom('trips').select(['id', 'passengerId']).orderBy('id').limit(11).execute();
    for (const [i, trip] of trips.entries()) {
      await t.db
        .insertInto('sosCallLogs')
        .values({
          tripId: trip.id,
          callerKind: 'passenger',
          callerId: trip.passengerId,
          lat: -1.29,
          lng: 36.82,
          calledAt: new Date(Date.now() - (i === 10 ? 8 * 86400_000 : 3600_000)),
          status: 'acknowledged',
          ackSeconds: i === 10 ? 5000 : (i + 1) * 10,
          handledBy: 1,
          handledAt: new Date(),
        })
        .execute();
    }
    const res = await t.call('GET', '/api/trip/sos/ack-stats', { token: agent });
    expect(res.statusCode, res.body).toBe(200);
    const newCount = Number(
      (await sql<{ n: string }>`select count(*) n from sos_call_logs where status = 'new'`.execute(t.db)).rows[0].n,
    );
    // 10…100: median 55, p90 = 91 (interpolated); the 8-day-old 5000 s is outside the window.
    expect(res.json().data).toMatchObject({
      days: 7,
      acknowledged: 10,
      waiting: 0,
      median: 55,
      p90: 91,
      unacknowledged: newCount,
    });

    // An alarm waiting for two hours counts as (at least) 7200 s: the median moves up, the p90 to 100.
    await t.db
      .insertInto('sosCallLogs')
      .values({
        tripId: trips[0].id,
        callerKind: 'passenger',
        callerId: trips[0].passengerId,
        lat: 0,
        lng: 0,
        calledAt: new Date(Date.now() - 7200_000),
      })
      .execute();
    const withWaiting = (await t.call('GET', '/api/trip/sos/ack-stats', { token: agent })).json().data;
    expect(withWaiting).toMatchObject({ acknowledged: 10, waiting: 1, median: 60, p90: 100 });
    const dispatcher = await t.login('dispatcher@example.com', 'Dispatch@1234');
    expect((await t.call('GET', '/api/trip/sos/ack-stats', { token: dispatcher })).statusCode).toBe(403);
  });
});
