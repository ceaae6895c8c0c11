import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkAnswer } from '../../src/domain/bulk.js';
import { DISPATCHER, startApp, type TestApp } from './harness.js';

/** POST /<res>/bulk/<action>: the single action on each record, one transaction and one audit row each. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

const bulk = (path: string, body: unknown, token = admin) =>
  t.call('POST', `/api/user/${path}`, { token, body: body as object });
const tripBulk = (path: string, body: unknown, token = admin) =>
  t.call('POST', `/api/trip/${path}`, { token, body: body as object });
const drivers = (ids: number[]) =>
  t.db
    .selectFrom('drivers')
    .select(['id', 'suspendedAt', 'suspensionReason'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
const audits = (resource: string, action: string, ids: number[]) =>
  t.db
    .selectFrom('auditLogs')
    .selectAll()
    .where('resource', '=', resource)
    .where('action', '=', action)
    .where('recordId', 'in', ids.map(String))
    .orderBy('id')
    .execute();

async function unsuspended(n: number): Promise<number[]> {
  const rows = await t.db
    .selectFrom('drivers')
    .select('id')
    .where('suspendedAt', 'is', null)
    .orderBy('id')
    .limit(n)
    .execute();
  return rows.map((r) => r.id);
}

describe('bulk actions', () => {
  it('suspends each driver with the one reason, refuses the one already suspended, one audit row each, and undoes', async () => {
    const [already, ...fresh] = await unsuspended(5);
    expect(
      (await t.call('POST', `/api/user/drivers/${already}/suspend`, { token: admin, body: { reason: 'Earlier' } }))
        .statusCode,
    ).toBe(200);
    const ids = [...fresh, already];
    const res = await bulk('drivers/bulk/suspend', { ids, reason: 'Insurance audit' });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { data: BulkAnswer; message: string };
    expect(answer.message).toBe('4 done, 1 refused');
    expect(answer.data.undo).toBe('reinstate');
    expect(answer.data.outcomes).toEqual([
      ...fresh.map((id) => ({ id, status: 'done', message: 'Driver suspended.', auditId: expect.any(Number) })),
      { id: already, status: 'refused', message: 'This driver is already suspended. Reload the driver.' },
    ]);
    const rows = await drivers(ids);
    expect(rows.filter((r) => r.suspensionReason === 'Insurance audit').map((r) => r.id)).toEqual(fresh);
    const rowsAudit = await audits('drivers', 'suspend', fresh);
    expect(rowsAudit).toHaveLength(4);
    for (const row of rowsAudit) expect(row.after).toMatchObject({ reason: 'Insurance audit', bulk: true });

    const undo = await bulk('drivers/bulk/reinstate', { ids: fresh, reason: 'Insurance audit' });
    expect(undo.json().message).toBe('4 done, 0 refused');
    expect((await drivers(fresh)).every((r) => r.suspendedAt === null)).toBe(true);
    expect(await audits('drivers', 'reinstate', fresh)).toHaveLength(4);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const ids = await unsuspended(2);
    const auditedBefore = (await audits('drivers', 'suspend', ids)).length;
    const cases: [unknown, Record<string, string>][] = [
      [{ ids, reason: '' }, { reason: 'Give a reason' }],
      [{ ids: [], reason: 'Audit' }, { ids: 'Select at least one record' }],
      [{ ids: [ids[0], ids[0]], reason: 'Audit' }, { ids: 'Each record may be selected once' }],
      [{ ids: 'all', reason: 'Audit' }, { ids: 'Ids must be a list of record ids' }],
    ];
    for (const [body, errors] of cases) {
      const res = await bulk('drivers/bulk/suspend', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject(errors);
    }
    expect((await drivers(ids)).every((r) => r.suspendedAt === null)).toBe(true);
    expect(await audits('drivers', 'suspend', ids)).toHaveLength(auditedBefore);
  });

  it('needs the single action’s permission (403) and changes nothing', async () => {
    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    const ids = await unsuspended(2);
    const res = await bulk('drivers/bulk/suspend', { ids, reason: 'Audit' }, dispatcher);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Missing permission update-Driver');
    expect((await drivers(ids)).every((r) => r.suspendedAt === null)).toBe(true);
  });

  it('refuses an unknown id on its own line and offers no undo for an action that has none', async () => {
    const trip = await t.db
      .selectFrom('trips')
      .select('id')
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    const res = await tripBulk('trips/bulk/cancel', { ids: [trip.id, 99999999], reason: 'Duplicate bookings' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: BulkAnswer };
    expect(data.undo).toBeUndefined();
    expect(data.outcomes.map((o) => o.status)).toEqual(['refused', 'refused']);
    expect(data.outcomes[1].message).toBe('No record with this id');
  });

  it('deactivates discounts and activates them again as the undo', async () => {
    const rows = await t.db.selectFrom('discounts').select('id').where('active', '=', true).limit(3).execute();
    const ids = rows.map((r) => r.id);
    const res = await tripBulk('discounts/bulk/deactivate', { ids, reason: 'Campaign over' });
    expect(res.json().message).toBe('3 done, 0 refused');
    expect(res.json().data.undo).toBe('activate');
    const active = async () =>
      (await t.db.selectFrom('discounts').select('active').where('id', 'in', ids).execute()).map((r) => r.active);
    expect(await active()).toEqual([false, false, false]);
    expect((await tripBulk('discounts/bulk/activate', { ids, reason: 'Campaign over' })).statusCode).toBe(200);
    expect(await active()).toEqual([true, true, true]);
  });

  it('assigns issues to one staff member with an extra body field checked once', async () => {
    const open = await t.db.selectFrom('issues').select('id').where('status', '=', 'open').limit(2).execute();
    const ids = open.map((r) => r.id);
    const bad = await tripBulk('issues/bulk/assign', { ids, reason: 'Rebalancing' });
    expect(bad.statusCode).toBe(400);
    const me = await t.db
      .selectFrom('staffs')
      .select('id')
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    const res = await tripBulk('issues/bulk/assign', { ids, reason: 'Rebalancing', assigneeId: me.id });
    expect(res.statusCode).toBe(200);
    const after = await t.db.selectFrom('issues').select('assigneeId').where('id', 'in', ids).execute();
    expect(after.map((r) => r.assigneeId)).toEqual(ids.map(() => me.id));
  });

  it('approves every pending document of the drivers in the review queue', async () => {
    const pending = await t.db
      .selectFrom('drivers')
      .select('id')
      .where('approvalStatus', '=', 'pending')
      .where('suspendedAt', 'is', null)
      .limit(2)
      .execute();
    const ids = pending.map((r) => r.id);
    const res = await bulk('drivers/bulk/approve-documents', { ids, reason: 'Checked at the office' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: BulkAnswer };
    expect(data.outcomes.every((o) => o.status === 'done' || o.message.includes('no documents'))).toBe(true);
    const again = await bulk('drivers/bulk/approve-documents', { ids, reason: 'Checked at the office' });
    expect((again.json() as { data: BulkAnswer }).data.outcomes.map((o) => o.message)).toEqual(
      ids.map(() => 'This driver has no documents waiting for review.'),
    );
  });
});
