import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkAnswer } from '../../src/domain/bulk.js';
import { HeldMessages, type HoldClock } from '../../server/rest/heldMessages.js';
import { startApp, type TestApp } from './harness.js';
import { waitFor } from './support/waitFor.js';

/**
 * Bulk undo (issue 44): the texts of an undoable bulk run wait for its undo window, on a clock the
 * test moves; an undone run sends nothing, and its undo is audited as the undo of each entry.
 */

/** A clock the test moves: timers fire when `advance` passes their time. */
function manualClock() {
  let now = Date.now();
  const timers: { at: number; run: () => void; done: boolean }[] = [];
  const clock: HoldClock & { advance(ms: number): void } = {
    now: () => now,
    schedule(run, ms) {
      const timer = { at: now + ms, run, done: false };
      timers.push(timer);
      return { cancel: () => void (timer.done = true) };
    },
    advance(ms) {
      now += ms;
      for (const timer of timers.filter((x) => !x.done && x.at <= now)) {
        timer.done = true;
        timer.run();
      }
    },
  };
  return clock;
}

const WINDOW_S = 10;
const clock = manualClock();
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp({ bulkUndoSeconds: WINDOW_S }, undefined, { holdClock: clock });
  admin = await t.login();
});
afterAll(() => t?.close());

const bulk = async (path: string, body: unknown) => {
  const res = await t.call('POST', `/api/user/drivers/bulk/${path}`, { token: admin, body: body as object });
  return { status: res.statusCode, body: res.json() as { data: BulkAnswer; message: string } };
};

/** Drivers neither suspended nor holding a trip nor texted by an earlier test, with their phones. */
async function freeDrivers(n: number) {
  const rows = await t.db
    .selectFrom('drivers')
    .select(['id', 'phone'])
    .where('suspendedAt', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('trips')
            .select('trips.id')
            .whereRef('trips.driverId', '=', 'drivers.id')
            .where('trips.status', 'in', ['accepted', 'arrived', 'in_progress']),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('heldMessages').select('heldMessages.id').whereRef('heldMessages.phone', '=', 'drivers.phone'),
        ),
      ),
    )
    .orderBy('id', 'desc')
    .limit(n + 20)
    .execute();
  return rows.filter((d) => textsTo([d.phone]).length === 0).slice(0, n);
}

const textsTo = (phones: string[]) =>
  (t.app.services.messenger.outbox ?? [])
    .filter((m) => m.channel === 'sms' && phones.includes(m.to))
    .map((m) => m.text);

const suspendedCount = async (ids: number[]) =>
  (await t.db.selectFrom('drivers').select('id').where('id', 'in', ids).where('suspendedAt', 'is not', null).execute())
    .length;

describe('texts of an undoable bulk run', () => {
  it('holds the suspension texts until the undo window closes, then sends each once', async () => {
    const drivers = await freeDrivers(3);
    const phones = drivers.map((d) => d.phone);
    const res = await bulk('suspend', { ids: drivers.map((d) => d.id), reason: 'Test: document audit pending' });
    expect(res.status).toBe(200);
    expect(res.body.data.undo).toBe('reinstate');
    expect(res.body.data.undoSeconds).toBe(WINDOW_S);
    expect(await suspendedCount(drivers.map((d) => d.id))).toBe(3);
    expect(textsTo(phones)).toEqual([]);

    clock.advance(WINDOW_S * 1000 - 1);
    expect(await t.app.services.heldMessages.release()).toBe(0);
    expect(textsTo(phones)).toEqual([]);

    clock.advance(1);
    const sent = await waitFor(async () => textsTo(phones).length === 3 && textsTo(phones), 'the held texts');
    expect(sent).toEqual(
      Array(3).fill('Ride Admin: your driver account is suspended. Reason: Test: document audit pending'),
    );
    // Released once: another release (another process, a restart) sends nothing more.
    expect(await t.app.services.heldMessages.release()).toBe(0);
    expect(textsTo(phones)).toHaveLength(3);
  });

  it('sends nothing for a run undone within its window, and audits the undo as the undo of each entry', async () => {
    const drivers = await freeDrivers(3);
    const ids = drivers.map((d) => d.id);
    const phones = drivers.map((d) => d.phone);
    const run = await bulk('suspend', { ids, reason: 'Test: document audit pending' });
    const entries = run.body.data.outcomes.map((o) => o.auditId!);
    expect(entries.every((id) => Number.isInteger(id))).toBe(true);

    clock.advance(4000);
    const undo = await bulk('reinstate', { ids, reason: 'Test: document audit pending', undoOf: entries });
    expect(undo.status).toBe(200);
    expect(undo.body.message).toBe('3 done, 0 refused');
    // An undo is not offered an undo of its own.
    expect(undo.body.data.undo).toBeUndefined();
    expect(await suspendedCount(ids)).toBe(0);

    clock.advance(WINDOW_S * 1000);
    expect(await t.app.services.heldMessages.release()).toBe(0);
    expect(textsTo(phones)).toEqual([]);

    const undos = await t.db.selectFrom('auditLogs').selectAll().where('undoOf', 'in', entries).orderBy('id').execute();
    expect(undos.map((u) => [u.action, u.undoOf, Number(u.recordId)])).toEqual(
      entries.map((entry, i) => ['undo', entry, ids[i]]),
    );
    // It says what it put back; the suspension's reason is not its own.
    for (const u of undos) {
      expect(u.after).toMatchObject({ suspendedAt: null, suspensionReason: null });
      expect(u.after).not.toHaveProperty('reason');
    }

    const filter = JSON.stringify({ undoOf: entries[0] });
    const list = await t.call('GET', '/api/user/audit-logs', { token: admin, query: { filter } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        action: 'undo',
        undoOf: entries[0],
        undoOfAction: 'suspend',
        recordId: String(ids[0]),
      }),
    ]);
    const actions = await t.call('GET', '/api/user/audit-logs/actions', { token: admin });
    expect(actions.json().data).toContain('undo');
  });

  it('sends the reinstatement too when the undo comes after the window, the suspension having gone out', async () => {
    const drivers = await freeDrivers(1);
    const ids = drivers.map((d) => d.id);
    const run = await bulk('suspend', { ids, reason: 'Late undo' });
    clock.advance(WINDOW_S * 1000);
    await waitFor(async () => textsTo([drivers[0].phone]).length === 1, 'the suspension text');
    const undo = await bulk('reinstate', { ids, reason: 'Late undo', undoOf: [run.body.data.outcomes[0].auditId] });
    expect(undo.body.message).toBe('1 done, 0 refused');
    expect(textsTo([drivers[0].phone])[0]).toMatch(/^Ride Admin: your driver account is reinstated/);
  });

  it('refuses an undo naming entries that are not the selection’s, and a second undo, changing nothing', async () => {
    const drivers = await freeDrivers(2);
    const ids = drivers.map((d) => d.id);
    const run = await bulk('suspend', { ids, reason: 'Bad undo' });
    const entries = run.body.data.outcomes.map((o) => o.auditId!);
    const held = () =>
      t.db
        .selectFrom('heldMessages')
        .select('id')
        .where('auditLogId', 'in', entries)
        .where('cancelledAt', 'is', null)
        .execute();
    expect(await held()).toHaveLength(2);

    const bad: [unknown, string][] = [
      [{ ids, reason: 'Bad undo', undoOf: [entries[0]] }, 'undoOf must name one suspend entry of each selected record'],
      [
        { ids: [ids[0]], reason: 'Bad undo', undoOf: [entries[1]] },
        'undoOf must name one suspend entry of each selected record',
      ],
      [{ ids, reason: 'Bad undo', undoOf: 'all' }, 'undoOf must be a list of audit entry ids'],
    ];
    for (const [body, message] of bad) {
      const res = await bulk('reinstate', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as unknown as { errors: Record<string, string> }).errors.undoOf).toBe(message);
    }
    const suspend = await bulk('suspend', { ids, reason: 'Bad undo', undoOf: entries });
    expect(suspend.status).toBe(400);
    expect(await suspendedCount(ids)).toBe(2);
    expect(await held()).toHaveLength(2);

    expect((await bulk('reinstate', { ids, reason: 'Bad undo', undoOf: entries })).body.message).toBe(
      '2 done, 0 refused',
    );
    await bulk('suspend', { ids, reason: 'Bad undo again' });
    const again = await bulk('reinstate', { ids, reason: 'Bad undo', undoOf: entries });
    expect(again.body.data.outcomes.map((o) => o.message)).toEqual(Array(2).fill('This change was already undone.'));
    expect(await suspendedCount(ids)).toBe(2);
  });

  it('sends at start what came due while no process ran, and arms for what is still held', async () => {
    const drivers = await freeDrivers(2);
    const phones = drivers.map((d) => d.phone);
    await bulk('suspend', { ids: [drivers[0].id], reason: 'Restart early' });
    clock.advance(5000);
    await bulk('suspend', { ids: [drivers[1].id], reason: 'Restart late' });
    // The process stops before either window closes; another starts once the first has closed.
    t.app.services.heldMessages.stop();
    clock.advance(WINDOW_S * 1000 - 5000);
    const next = new HeldMessages(t.db, t.app.services.messenger, t.app.log, clock);
    await next.start();
    expect(textsTo(phones)).toEqual(['Ride Admin: your driver account is suspended. Reason: Restart early']);
    clock.advance(5000);
    await waitFor(async () => textsTo(phones).length === 2, 'the later run’s text');
    next.stop();
  });

  it('texts a single suspension at once: only bulk runs can be undone', async () => {
    const [driver] = await freeDrivers(1);
    const res = await t.call('POST', `/api/user/drivers/${driver.id}/suspend`, {
      token: admin,
      body: { reason: 'One at a time' },
    });
    expect(res.statusCode).toBe(200);
    await waitFor(async () => textsTo([driver.phone]).length === 1, 'the suspension text');
  });
});
