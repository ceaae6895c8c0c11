import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, listQuery, startApp, type TestApp } from './harness.js';
import { SEED_STAFF_PASSWORD } from '../../server/db/seed/demoAccounts.js';

let t: TestApp;
let admin: string;
let agent: string;
let agentId: number;
let dispatcher: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
  const support = await t.db
    .selectFrom('staffs')
    .innerJoin('roles', 'roles.id', 'staffs.roleId')
    .select(['staffs.id', 'staffs.email'])
    .where('roles.name', '=', 'Support Agent')
    .where('staffs.status', '=', 'active')
    .orderBy('staffs.id')
    .executeTakeFirstOrThrow();
  agentId = support.id;
  agent = await t.login(support.email, SEED_STAFF_PASSWORD);
});
afterAll(() => t?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const action = (id: number, name: string, body: unknown = {}, token = admin) =>
  t.call('POST', `/api/trip/issues/${id}/${name}`, { token, body });
const get = async (id: number): Promise<Json> =>
  (await t.call('GET', `/api/trip/issues/${id}`, { token: admin })).json();
const events = async (id: number): Promise<Json[]> =>
  (await t.call('GET', `/api/trip/issues/${id}/events`, { token: admin })).json().data;
const auditOf = (id: number) =>
  t.db
    .selectFrom('auditLogs')
    .select('action')
    .where('resource', '=', 'issues')
    .where('recordId', '=', String(id) as never)
    .orderBy('id')
    .execute();

/** A new open issue about a completed trip with a driver (or `tripId`), reported by its passenger. */
async function openIssue(priority = 'medium', tripId?: number): Promise<Json> {
  const trip =
    tripId !== undefined
      ? { id: tripId }
      : await t.db
          .selectFrom('trips')
          .select(['id', 'driverId'])
          .where('status', '=', 'completed')
          .where('driverId', 'is not', null)
          // A trip with no issue yet: the timeline tests count its "issue opened" steps (the seed opens some).
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('issues').select('issues.id').whereRef('issues.tripId', '=', 'trips.id'))),
          )
          .orderBy('id', 'desc')
          .offset(Math.floor(Math.random() * 50))
          .executeTakeFirstOrThrow();
  const res = await t.call('POST', '/api/trip/issues', {
    token: admin,
    body: {
      tripId: trip.id,
      reporterKind: 'passenger',
      category: 'fare_dispute',
      priority,
      description: 'Charged twice for one trip.',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('issue desk actions', () => {
  it('records the opening on the timeline', async () => {
    const issue = await openIssue();
    expect(await events(issue.id)).toMatchObject([{ kind: 'opened', toValue: 'open', staffName: 'Amara Okafor' }]);
  });

  it("puts the opening on the trip's timeline, by whom, linked to the issue", async () => {
    const tripEvents = async (tripId: number): Promise<Json[]> =>
      (await t.call('GET', `/api/trip/trips/${tripId}/events`, { token: admin })).json().data;
    const issue = await openIssue();
    const trip = await t.db
      .selectFrom('trips')
      .select('status')
      .where('id', '=', issue.tripId as number)
      .executeTakeFirstOrThrow();
    const opened = (await tripEvents(issue.tripId as number)).filter((e) => e.kind === 'issue_opened');
    expect(opened).toEqual([
      expect.objectContaining({
        kind: 'issue_opened',
        issueId: issue.id,
        note: 'fare_dispute',
        actor: 'staff',
        staffId: 1,
        staffName: 'Amara Okafor',
        status: trip.status,
      }),
    ]);
    // Updating the issue does not open it again; deleting it takes its step off the trip.
    expect((await action(issue.id as number, 'start')).statusCode).toBe(200);
    expect((await tripEvents(issue.tripId as number)).filter((e) => e.kind === 'issue_opened')).toHaveLength(1);
    expect((await t.call('DELETE', `/api/trip/issues/${issue.id}`, { token: admin })).statusCode).toBe(200);
    expect((await tripEvents(issue.tripId as number)).filter((e) => e.kind === 'issue_opened')).toEqual([]);
  });

  it('a refused issue leaves nothing on the trip', async () => {
    const trip = await t.db
      .selectFrom('trips')
      .select('id')
      .where('driverId', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const before = await t.db.selectFrom('tripEvents').select('id').where('tripId', '=', trip.id).execute();
    const res = await t.call('POST', '/api/trip/issues', {
      token: admin,
      body: { tripId: trip.id, reporterKind: 'driver', category: 'route', description: 'Took a long way.' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ reporterKind: 'This trip has no driver' });
    expect(await t.db.selectFrom('tripEvents').select('id').where('tripId', '=', trip.id).execute()).toEqual(before);
  });

  it('assigns to me, then to someone who may handle issues, and refuses others', async () => {
    const issue = await openIssue();
    const me = await action(issue.id, 'assign', { assigneeId: 1 });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({
      data: { assigneeId: 1, assigneeName: 'Amara Okafor' },
      message: `Issue #${issue.id} assigned to Amara Okafor`,
    });
    const again = await action(issue.id, 'assign', { assigneeId: 1 });
    expect(again.statusCode).toBe(409);

    const dispatcherId = (
      await t.db.selectFrom('staffs').select('id').where('email', '=', DISPATCHER.email).executeTakeFirstOrThrow()
    ).id;
    const refused = await action(issue.id, 'assign', { assigneeId: dispatcherId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ assigneeId: 'This staff member may not handle issues' });
    // Each message has its stable code, for the panel to say it in the staff member's language.
    expect(refused.json()).toMatchObject({
      message: 'Please correct the highlighted fields',
      code: 'highlighted',
      codes: { assigneeId: { code: 'staffMayNotHandleIssues', params: {} } },
    });
    const unknown = await action(issue.id, 'assign', { assigneeId: 999999 });
    expect(unknown.json().errors).toEqual({ assigneeId: 'No staff member with this id' });
    expect(unknown.json().codes).toEqual({ assigneeId: { code: 'noSuch', params: { label: 'staff member' } } });
    expect((await get(issue.id)).assigneeId).toBe(1);

    expect((await action(issue.id, 'assign', { assigneeId: agentId })).statusCode).toBe(200);
    const steps = (await events(issue.id)).filter((e) => e.kind === 'assigned');
    expect(steps).toMatchObject([
      { fromValue: null, toValue: '1', toName: 'Amara Okafor' },
      { fromValue: '1', fromName: 'Amara Okafor', toValue: String(agentId) },
    ]);
    expect((await auditOf(issue.id)).map((a) => a.action)).toEqual(['create', 'assign', 'assign']);

    const assignees: Json[] = (await t.call('GET', '/api/trip/issues/assignees', { token: agent })).json().data;
    expect(assignees.map((a) => a.id)).toContain(agentId);
    expect(assignees.map((a) => a.id)).not.toContain(dispatcherId);
  });

  it('changes the priority, and the SLA target with it', async () => {
    const issue = await openIssue('low');
    const res = await action(issue.id, 'priority', { priority: 'urgent' });
    expect(res.statusCode, res.body).toBe(200);
    const created = new Date(issue.createdAt).getTime();
    expect(new Date(res.json().data.slaDueAt).getTime() - created).toBe(3_600_000);
    const same = await action(issue.id, 'priority', { priority: 'urgent' });
    expect(same.json().errors).toEqual({ priority: 'The issue already has this priority' });
    expect(same.json()).toMatchObject({ code: 'highlighted', codes: { priority: { code: 'samePriority' } } });
    const bad = await action(issue.id, 'priority', { priority: 'asap' });
    expect(bad.statusCode).toBe(400);
    expect((await events(issue.id)).at(-1)).toMatchObject({ kind: 'priority', fromValue: 'low', toValue: 'urgent' });
  });

  it('moves open → in progress → resolved → closed, and reopens', async () => {
    const issue = await openIssue();
    expect((await action(issue.id, 'close')).statusCode).toBe(409);
    const started = await action(issue.id, 'start', {}, agent);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ status: 'in_progress', assigneeId: agentId });
    expect((await action(issue.id, 'start', {}, agent)).statusCode).toBe(409);

    const noNote = await action(issue.id, 'resolve', { resolutionNote: '  ' }, agent);
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual({ resolutionNote: 'Say how the issue was resolved' });
    expect((await get(issue.id)).status).toBe('in_progress');

    const resolved = await action(issue.id, 'resolve', { resolutionNote: 'Refunded the second charge.' }, agent);
    expect(resolved.json().data).toMatchObject({
      status: 'resolved',
      resolutionNote: 'Refunded the second charge.',
      resolvedAt: expect.any(String),
    });
    const closed = await action(issue.id, 'close', {}, agent);
    expect(closed.json().data.status).toBe('closed');
    expect((await action(issue.id, 'resolve', { resolutionNote: 'again' }, agent)).json().message).toBe(
      'This issue is closed; reopen it first',
    );
    const noReason = await action(issue.id, 'reopen', {}, agent);
    expect(noReason.json().errors).toEqual({ reason: 'Say why the issue is reopened' });
    const reopened = await action(issue.id, 'reopen', { reason: 'Charged a third time.' }, agent);
    expect(reopened.json().data).toMatchObject({ status: 'open', resolvedAt: null });

    const statusSteps = (await events(issue.id)).filter((e) => e.kind === 'status');
    expect(statusSteps.map((e) => `${e.fromValue}→${e.toValue}`)).toEqual([
      'open→in_progress',
      'in_progress→resolved',
      'resolved→closed',
      'closed→open',
    ]);
    expect(statusSteps[1].note).toBe('Refunded the second charge.');
    expect(statusSteps[3].note).toBe('Charged a third time.');
    expect((await auditOf(issue.id)).map((a) => a.action)).toEqual(['create', 'start', 'resolve', 'close', 'reopen']);
  });

  it('keeps a conversation of internal notes with author and time', async () => {
    const issue = await openIssue();
    expect((await action(issue.id, 'note', { text: '' }, agent)).json().errors).toEqual({ text: 'Write the note' });
    await action(issue.id, 'note', { text: 'Called the passenger.' }, agent);
    await action(issue.id, 'note', { text: 'Driver confirms.\nWill refund.' }, admin);
    const notes = (await events(issue.id)).filter((e) => e.kind === 'note');
    expect(notes).toMatchObject([
      { note: 'Called the passenger.', staffId: agentId, at: expect.any(String) },
      { note: 'Driver confirms.\nWill refund.', staffName: 'Amara Okafor' },
    ]);
  });

  it('a PUT status change follows the same moves and is on the timeline', async () => {
    const issue = await openIssue();
    const res = await t.call('PUT', `/api/trip/issues/${issue.id}`, {
      token: admin,
      body: { status: 'closed', resolutionNote: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.status).toBe('An issue that is open cannot move to closed');
    await t.call('PUT', `/api/trip/issues/${issue.id}`, { token: admin, body: { status: 'in_progress' } });
    expect((await events(issue.id)).at(-1)).toMatchObject({
      kind: 'status',
      fromValue: 'open',
      toValue: 'in_progress',
    });
  });

  it('credits the driver as goodwill in the same transaction, only with the top-up permission', async () => {
    const issue = await openIssue();
    const trip = await t.db
      .selectFrom('trips')
      .select('driverId')
      .where('id', '=', issue.tripId)
      .executeTakeFirstOrThrow();
    const balance = async () =>
      (
        await t.db
          .selectFrom('drivers')
          .select('creditBalance')
          .where('id', '=', trip.driverId!)
          .executeTakeFirstOrThrow()
      ).creditBalance;
    const before = await balance();

    const refused = await action(issue.id, 'resolve', { resolutionNote: 'Goodwill.', creditAmount: 150 }, agent);
    expect(refused.statusCode).toBe(403);
    expect(await balance()).toBe(before);
    expect((await get(issue.id)).status).toBe('open');

    const tooMuch = await action(issue.id, 'resolve', { resolutionNote: 'Goodwill.', creditAmount: 50_000 });
    expect(tooMuch.json().errors).toEqual({ creditAmount: 'Credit must be at most 5,000' });

    const ok = await action(issue.id, 'resolve', { resolutionNote: 'Goodwill for the detour.', creditAmount: 150.5 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(`Issue #${issue.id} resolved; KES 150.50 credited to the driver`);
    expect(await balance()).toBeCloseTo(before + 150.5, 2);
    const ledger = await t.db
      .selectFrom('driverTransactions')
      .selectAll()
      .where('driverId', '=', trip.driverId!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(ledger).toMatchObject({
      kind: 'adjustment',
      amount: 150.5,
      tripId: issue.tripId,
      staffId: 1,
      note: `Goodwill credit, issue #${issue.id}`,
    });
    expect(ledger.balanceAfter).toBeCloseTo(before + 150.5, 2);
    expect((await events(issue.id)).find((e) => e.kind === 'credit')).toMatchObject({
      amount: 150.5,
      transactionId: ledger.id,
    });
  });

  it('refunds the passenger through their wallet ledger, capped at the trip fare, with an audit row', async () => {
    const trip = await t.db
      .selectFrom('trips')
      .select(['id', 'passengerId', 'fareTotal'])
      .where('status', '=', 'completed')
      .where('fareTotal', '>', 300)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('passengerTransactions as pt').select('pt.id').whereRef('pt.tripId', '=', 'trips.id'))),
      )
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const fare = Number(trip.fareTotal);
    const issue = await openIssue('medium', trip.id);
    const passenger = async () =>
      t.db
        .selectFrom('passengers')
        .select('creditBalance')
        .where('id', '=', trip.passengerId)
        .executeTakeFirstOrThrow();
    const ledger = () =>
      t.db.selectFrom('passengerTransactions').selectAll().where('tripId', '=', trip.id).orderBy('id').execute();
    const before = (await passenger()).creditBalance;

    // More than the fare: a field error, nothing written, the issue still open.
    const tooMuch = await action(issue.id, 'resolve', { resolutionNote: 'Refunded.', refundAmount: fare + 0.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual({
      refundAmount: expect.stringMatching(/^A refund may be at most KES [\d,]+\.\d\d, the trip's fare$/),
    });
    expect(tooMuch.json()).toMatchObject({
      code: 'highlighted',
      codes: { refundAmount: { code: 'refundAtMostFare' } },
    });
    for (const bad of [-5, 0, 'ten', 12.345])
      expect(
        (await action(issue.id, 'resolve', { resolutionNote: 'x', refundAmount: bad })).json().errors,
      ).toHaveProperty('refundAmount');
    expect((await get(issue.id)).status).toBe('open');
    expect(await ledger()).toEqual([]);
    expect((await passenger()).creditBalance).toBe(before);

    // The Support Agent holds update-Passenger: the refund goes through, in the resolution's transaction.
    const ok = await action(issue.id, 'resolve', { resolutionNote: 'Refunded the detour.', refundAmount: 200 }, agent);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(`Issue #${issue.id} resolved; KES 200.00 refunded to the passenger`);
    expect((await passenger()).creditBalance).toBeCloseTo(before + 200, 2);
    const [row] = await ledger();
    expect(row).toMatchObject({
      passengerId: trip.passengerId,
      kind: 'refund',
      amount: 200,
      tripId: trip.id,
      issueId: issue.id,
      staffId: agentId,
      note: `Refund, issue #${issue.id}`,
    });
    expect(row.balanceAfter).toBeCloseTo(before + 200, 2);
    expect((await events(issue.id)).find((e) => e.kind === 'refund')).toMatchObject({
      amount: 200,
      toValue: String(trip.passengerId),
      passengerTransactionId: row.id,
    });
    const passengerAudit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'staffId', 'after'])
      .where('resource', '=', 'passengers')
      .where('recordId', '=', String(trip.passengerId) as never)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(passengerAudit).toMatchObject({
      action: 'refund',
      staffId: agentId,
      after: { refund: 200, issueId: issue.id },
    });
    expect((await auditOf(issue.id)).map((a) => a.action)).toContain('resolve');

    // The panel reads the balance and the ledger.
    const shown = await t.call('GET', `/api/user/passengers/${trip.passengerId}`, { token: agent });
    expect(shown.json().creditBalance).toBeCloseTo(before + 200, 2);
    const list = await t.call('GET', '/api/trip/passenger-transactions', {
      token: agent,
      query: listQuery({ filter: { passengerId: trip.passengerId } }),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()[0]).toMatchObject({ id: row.id, kind: 'refund', amount: 200, staffName: expect.any(String) });

    // Reopened and resolved again: the cap counts the refund already granted on the trip.
    expect((await action(issue.id, 'reopen', { reason: 'Passenger wants the rest back.' })).statusCode).toBe(200);
    const over = await action(issue.id, 'resolve', { resolutionNote: 'Rest.', refundAmount: fare - 199.99 });
    expect(over.json().errors.refundAmount).toMatch(/and KES 200\.00 was refunded already$/);
    const rest = await action(issue.id, 'resolve', { resolutionNote: 'Rest.', refundAmount: fare - 200 });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await passenger()).creditBalance).toBeCloseTo(before + fare, 2);
    const sum = (await ledger()).reduce((total, r) => total + r.amount, 0);
    expect(sum).toBeCloseTo(fare, 2);
  });

  it('refuses a refund to staff without update-Passenger, changing nothing', async () => {
    const role = await t.db
      .insertInto('roles')
      .values({ name: 'Desk without wallets', description: 'update-Issue without update-Passenger' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into role_permissions (role_id, permission_id) select ${role.id}, id from permissions where name in ('view-Trip', 'view-Issue', 'update-Issue', 'view-Passenger')`.execute(
      t.db,
    );
    const staff = await t.db
      .selectFrom('staffs')
      .innerJoin('roles', 'roles.id', 'staffs.roleId')
      .select(['staffs.id', 'staffs.email'])
      .where('roles.name', '=', 'Support Agent')
      .where('staffs.status', '=', 'active')
      .where('staffs.id', '<>', agentId)
      .orderBy('staffs.id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('staffs').set({ roleId: role.id }).where('id', '=', staff.id).execute();
    const desk = await t.login(staff.email, SEED_STAFF_PASSWORD);

    const issue = await openIssue();
    const trip = await t.db
      .selectFrom('trips')
      .select('passengerId')
      .where('id', '=', issue.tripId)
      .executeTakeFirstOrThrow();
    const balance = async () =>
      (
        await t.db
          .selectFrom('passengers')
          .select('creditBalance')
          .where('id', '=', trip.passengerId)
          .executeTakeFirstOrThrow()
      ).creditBalance;
    const rows = async () =>
      (await t.db.selectFrom('passengerTransactions').select('id').where('issueId', '=', issue.id).execute()).length;
    const before = await balance();

    const refused = await action(issue.id, 'resolve', { resolutionNote: 'Refund.', refundAmount: 10 }, desk);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You may not refund a passenger');
    expect(await balance()).toBe(before);
    expect(await rows()).toBe(0);
    expect((await get(issue.id)).status).toBe('open');
    expect((await events(issue.id)).map((e) => e.kind)).toEqual(['opened']);
    // Without a refund the same staff member resolves it.
    expect((await action(issue.id, 'resolve', { resolutionNote: 'Explained the fare.' }, desk)).statusCode).toBe(200);
  });

  it('refuses the desk to staff without the permissions', async () => {
    const issue = await openIssue();
    expect((await action(issue.id, 'assign', { assigneeId: 1 }, dispatcher)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/trip/issues/${issue.id}/events`, { token: dispatcher })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/trip/issues/assignees', { token: dispatcher })).statusCode).toBe(403);
    expect((await action(999999, 'start')).statusCode).toBe(404);
    expect((await t.call('GET', '/api/trip/issues/999999/events', { token: admin })).statusCode).toBe(404);
  });
});

describe('the SLA on the desk', () => {
  /** An issue opened `hoursAgo` hours ago with `priority`. */
  async function aged(priority: string, hoursAgo: number): Promise<number> {
    const issue = await openIssue(priority);
    await sql`update issues set created_at = now() - make_interval(secs => ${hoursAgo * 3600}) where id = ${issue.id}`.execute(
      t.db,
    );
    return issue.id as number;
  }
  const slaIds = async (state: string, ids: number[]) => {
    const res = await t.call('GET', '/api/trip/issues', {
      token: admin,
      query: listQuery({ filter: { sla: state, id: ids }, range: [0, 99] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Json[]).map((r) => r.id as number).sort((a, b) => a - b);
  };

  it('filters breached, at-risk and on-track issues on the server, at the boundaries', async () => {
    const ok = await aged('urgent', 0.74); // 44.4 min of 60
    const warning = await aged('urgent', 0.76);
    const breached = await aged('urgent', 1.01);
    const highWarning = await aged('high', 3.1);
    const lowOk = await aged('low', 50);
    const lowBreached = await aged('low', 72.1);
    const ids = [ok, warning, breached, highWarning, lowOk, lowBreached];
    expect(await slaIds('breached', ids)).toEqual([breached, lowBreached]);
    expect(await slaIds('warning', ids)).toEqual([warning, highWarning]);
    expect(await slaIds('ok', ids)).toEqual([ok, lowOk]);
    expect((await get(breached)).slaState).toBe('breached');

    // Resolved: the clock stops at the resolution, however long ago that was.
    await action(ok, 'resolve', { resolutionNote: 'Done quickly.' });
    await action(breached, 'resolve', { resolutionNote: 'Done late.' });
    await sql`update issues set created_at = created_at - interval '30 days', resolved_at = resolved_at - interval '30 days' where id = ${ok}`.execute(
      t.db,
    );
    expect((await get(ok)).slaState).toBe('ok');
    expect((await get(breached)).slaState).toBe('breached');
  });

  it('orders a queue by urgency: breached first (most overdue on top), then the time left, resolved last', async () => {
    const safetyTwoDaysOver = await aged('urgent', 49); // 48 h past its 1 h target
    const mediumFresh = await aged('medium', 1); // 23 h left
    const lowOneHourOver = await aged('low', 73);
    const highSoon = await aged('high', 3.5); // 30 min left
    const urgentFresh = await aged('urgent', 0.1); // 54 min left
    const resolved = await aged('urgent', 5);
    await action(resolved, 'resolve', { resolutionNote: 'Handled.' });
    const ids = [mediumFresh, resolved, urgentFresh, lowOneHourOver, highSoon, safetyTwoDaysOver];
    const res = await t.call('GET', '/api/trip/issues', {
      token: admin,
      query: listQuery({ filter: { id: ids }, sort: ['slaLeftSeconds', 'ASC'], range: [0, 9] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Json[];
    expect(rows.map((r) => r.id)).toEqual([
      safetyTwoDaysOver,
      lowOneHourOver,
      highSoon,
      urgentFresh,
      mediumFresh,
      resolved,
    ]);
    expect(rows[0].slaLeftSeconds).toBeLessThan(-48 * 3600 + 60);
    expect(rows[3].slaLeftSeconds).toBeGreaterThan(53 * 60);
    expect(rows[5].slaLeftSeconds).toBeNull();
  });

  it('orders the desk by urgency: urgent and safety issues first, each class breached first, resolved last', async () => {
    const lowFourDaysOver = await aged('low', 72 + 96);
    const highSoon = await aged('high', 3.5); // 30 min left
    const safetyMedium = await aged('medium', 1); // 23 h left, but about someone's safety
    await sql`update issues set category = 'safety' where id = ${safetyMedium}`.execute(t.db);
    const urgentFresh = await aged('urgent', 0.1); // 54 min left
    const urgentOver = await aged('urgent', 2); // an hour past its target
    const resolved = await aged('urgent', 5);
    await action(resolved, 'resolve', { resolutionNote: 'Handled.' });
    const ids = [lowFourDaysOver, highSoon, safetyMedium, urgentFresh, urgentOver, resolved];
    const res = await t.call('GET', '/api/trip/issues', {
      token: admin,
      query: listQuery({ filter: { id: ids }, sort: ['urgency', 'ASC'], range: [0, 9] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Json[]).map((r) => r.id)).toEqual([
      urgentOver,
      urgentFresh,
      safetyMedium,
      lowFourDaysOver,
      highSoon,
      resolved,
    ]);
  });

  it('filters unassigned issues', async () => {
    const issue = await openIssue();
    const res = await t.call('GET', '/api/trip/issues', {
      token: admin,
      query: listQuery({ filter: { assigned: false, status: ['open'] }, range: [0, 499] }),
    });
    const got = res.json() as Json[];
    expect(got.every((i) => i.assigneeId === null)).toBe(true);
    expect(got.map((i) => i.id)).toContain(issue.id);
  });

  it('refuses an unknown SLA state', async () => {
    const res = await t.call('GET', '/api/trip/issues', {
      token: admin,
      query: listQuery({ filter: { sla: 'late' } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Filter "sla" must be one of: ok, warning, breached');
  });
});

describe('emergency contacts', () => {
  const contacts = async (): Promise<Json[]> =>
    (await t.call('GET', '/api/trip/sos-contacts', { token: admin, query: listQuery({ range: [0, 99] }) })).json();

  it('lists in display order and moves a contact up and down, renumbering 1…n', async () => {
    const first = await contacts();
    expect(first.map((c) => c.displayOrder)).toEqual(first.map((_, i) => i + 1));
    const second = first[1];
    const up = await t.call('POST', `/api/trip/sos-contacts/${second.id}/move`, {
      token: agent,
      body: { direction: 'up' },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().message).toBe(`${second.name} is now number 1`);
    const after = await contacts();
    expect(after.map((c) => c.id)).toEqual([second.id, first[0].id, ...first.slice(2).map((c) => c.id)]);
    expect(after.map((c) => c.displayOrder)).toEqual(after.map((_, i) => i + 1));

    const top = await t.call('POST', `/api/trip/sos-contacts/${second.id}/move`, {
      token: admin,
      body: { direction: 'up' },
    });
    expect(top.statusCode).toBe(409);
    expect(top.json().message).toBe('This contact is already first');
    const bad = await t.call('POST', `/api/trip/sos-contacts/${second.id}/move`, {
      token: admin,
      body: { direction: 'left' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await contacts()).map((c) => c.id)).toEqual(after.map((c) => c.id));
    expect(
      (
        await t.call('POST', `/api/trip/sos-contacts/${second.id}/move`, {
          token: dispatcher,
          body: { direction: 'down' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('moves a contact straight to a position (drag and drop), renumbering 1…n', async () => {
    const before = await contacts();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const moveTo = (id: number, body: unknown, token = agent) =>
      t.call('POST', `/api/trip/sos-contacts/${id}/move`, { token, body });
    const first = before[0];
    const down = await moveTo(first.id, { position: 3 });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().message).toBe(`${first.name} is now number 3`);
    const after = await contacts();
    expect(after.map((c) => c.id)).toEqual([before[1].id, before[2].id, first.id, ...before.slice(3).map((c) => c.id)]);
    expect(after.map((c) => c.displayOrder)).toEqual(after.map((_, i) => i + 1));

    // Past the end is last; back to the top.
    expect((await moveTo(before[1].id, { position: 999 })).json().message).toBe(
      `${before[1].name} is now number ${before.length}`,
    );
    expect((await moveTo(before[1].id, { position: 1 })).statusCode).toBe(200);
    expect((await contacts())[0].id).toBe(before[1].id);

    // Bad input changes nothing.
    const order = (await contacts()).map((c) => c.id);
    const same = await moveTo(before[1].id, { position: 1 });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('This contact is already number 1');
    for (const [body, field] of [
      [{ position: 0 }, 'position'],
      [{ position: 1.5 }, 'position'],
      [{ position: 'top' }, 'position'],
      [{}, 'direction'],
      [{ direction: 'up', position: 2 }, 'direction'],
    ] as const) {
      const bad = await moveTo(before[2].id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await contacts()).map((c) => c.id)).toEqual(order);
    expect((await moveTo(before[2].id, { position: 1 }, dispatcher)).statusCode).toBe(403);
  });

  it('takes short codes and full numbers, refuses letters, and puts a new contact last', async () => {
    const letters = await t.call('POST', '/api/trip/sos-contacts', {
      token: admin,
      body: { name: 'Fire', phone: '99x' },
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().errors).toEqual({
      phone: 'Enter a short code such as 999 or a phone number with its country code',
    });
    const short = await t.call('POST', '/api/trip/sos-contacts', {
      token: admin,
      body: { name: 'Fire brigade', phone: '999' },
    });
    expect(short.json()).toMatchObject({ phone: '999' });
    const full = await t.call('POST', '/api/trip/sos-contacts', {
      token: admin,
      body: { name: 'Tourist police', phone: '+254 20 341 1012' },
    });
    expect(full.json()).toMatchObject({ phone: '+254203411012' });
    const cleared = await t.call('PUT', `/api/trip/sos-contacts/${short.json().id}`, {
      token: admin,
      body: { phone: '' },
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().errors).toEqual({ phone: 'Phone is required' });
    const list = await contacts();
    expect(list.slice(-2).map((c) => c.name)).toEqual(['Fire brigade', 'Tourist police']);
  });
});
