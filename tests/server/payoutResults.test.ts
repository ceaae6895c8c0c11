import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUR_EYES_PAY } from '../../server/trip/payouts/actions.js';
import { mondayOf, payableCents, toCents, weekFrom } from '../../src/domain/payouts.js';
import { readSettlements } from '../../server/trip/payouts/settlements.js';
import { loginRole, startApp, type TestApp } from './harness.js';
import { lastFullTripWeek } from './support/demoWeeks.js';
import type { PayoutBatch } from '../../src/resources/payout-batches/types.js';

/**
 * Reconciling a payout batch from the channels' results files (issue 44): a file with a failed line
 * pays the others with their references, puts the failed amount back in its driver's wallet with a
 * note naming the batch and the reason, and settles the batch; a bad file is refused row by row
 * with nothing written; the preparer cannot import (four eyes); the same file twice changes nothing.
 */
let t: TestApp;
let admin: string;
let finance: string;
let batch: PayoutBatch;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  finance = await loginRole(t, 'Finance');
  const week = await lastFullTripWeek(t);
  const prepared = await api('POST', 'payout-batches/prepare', admin, { periodStart: week });
  const id = (prepared.json().data as PayoutBatch).id;
  expect((await api('POST', `payout-batches/${id}/approve`, finance)).statusCode).toBe(200);
  batch = await readBatch(id);
});
afterAll(() => t?.close());

const api = (method: 'GET' | 'POST', path: string, token = admin, body?: object) =>
  t.call(method, `/api/trip/${path}`, { token, body });
const readBatch = async (id: number) => (await api('GET', `payout-batches/${id}`)).json() as PayoutBatch;
const toPay = () => batch.lines.filter((l) => l.amount > 0);
const key = (driverId: number) => `PAYOUT-${batch.id}-${driverId}`;
/** Every line with money: the first failed (account closed), the others paid with a receipt each. */
const resultsFile = () =>
  [
    'Line,Amount,Status,Reference,Reason',
    ...toPay().map((l, i) =>
      i === 0
        ? `${key(l.driverId)},${l.amount.toFixed(2)},failed,,"Account closed, returned by bank"`
        : `${key(l.driverId)},${l.amount.toFixed(2)},paid,QK${1000 + i},`,
    ),
  ].join('\r\n');
const ledgerCount = async () =>
  (
    await t.db
      .selectFrom('driverTransactions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;
const balanceOf = async (driverId: number) =>
  toCents(
    (
      await t.db
        .selectFrom('drivers')
        .select(sql<string>`credit_balance::text`.as('b'))
        .where('id', '=', driverId)
        .executeTakeFirstOrThrow()
    ).b,
  );

/** What a batch prepared for the week under way would pay the driver (the next batch's preparation). */
const payableNow = async (driverId: number) => {
  const [found] = await readSettlements(t.db, weekFrom(mondayOf(new Date())), driverId);
  return found ? payableCents(found.settlement, found.balanceCents) : 0;
};

describe('payout results files', () => {
  it('refuses a bad file listing each row and why, and writes nothing', async () => {
    const [first, second] = toPay();
    const before = await ledgerCount();
    const csv = [
      'Line,Amount,Status,Reference,Reason',
      `PAYOUT-${batch.id}-999999,10.00,paid,QK1,`,
      `${key(first.driverId)},${(first.amount + 1).toFixed(2)},paid,QK2,`,
      `${key(second.driverId)},${second.amount.toFixed(2)},sent,QK3,`,
      `${key(second.driverId)},${second.amount.toFixed(2)},paid,QK3,`,
      `${key(first.driverId)},${first.amount.toFixed(2)},failed,,`,
    ].join('\n');
    const res = await api('POST', `payout-batches/${batch.id}/results`, finance, { csv });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('5 row(s) of the results file cannot be imported; nothing was imported.');
    expect(res.json().errors).toEqual({
      'row 2': `no line PAYOUT-${batch.id}-999999 in this batch`,
      'row 3': `amount ${(first.amount + 1).toFixed(2)} is not the line’s ${first.amount.toFixed(2)}`,
      'row 4': 'status "sent" is not paid or failed',
      'row 5': `line ${key(second.driverId)} is already on row 4`,
      'row 6': `line ${key(first.driverId)} is already on row 3`,
    });
    const noHeader = await api('POST', `payout-batches/${batch.id}/results`, finance, { csv: 'a,b\n1,2' });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toMatch(/needs a header row with the columns Line, Amount and Status/);
    expect(await ledgerCount()).toBe(before);
    const after = await readBatch(batch.id);
    expect(after.status).toBe('approved');
    expect(after.lines.every((l) => l.status === 'pending' && l.reference === null)).toBe(true);
  });

  it('four eyes: the staff member who prepared the batch cannot import its results', async () => {
    const res = await api('POST', `payout-batches/${batch.id}/results`, admin, { csv: resultsFile() });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(FOUR_EYES_PAY);
    expect((await readBatch(batch.id)).lines.every((l) => l.status === 'pending')).toBe(true);
  });

  it('pays the lines with their references, returns the failed line to its wallet with a note, and settles the batch', async () => {
    const [failed, ...paid] = toPay();
    const balances = new Map(
      await Promise.all(toPay().map(async (l) => [l.driverId, await balanceOf(l.driverId)] as const)),
    );
    const nextBefore = [await payableNow(failed.driverId), await payableNow(paid[0].driverId)];
    const res = await api('POST', `payout-batches/${batch.id}/results`, finance, { csv: resultsFile() });
    expect(res.statusCode).toBe(200);
    // The next batch pays the failed amount again (it is back in the balance), and not the paid one.
    expect(await payableNow(failed.driverId)).toBe(nextBefore[0]);
    expect(nextBefore[0]).toBeGreaterThanOrEqual(toCents(failed.amount));
    expect(await payableNow(paid[0].driverId)).toBe(nextBefore[1] - toCents(paid[0].amount));
    expect(res.json().message).toBe(
      `Payout batch #${batch.id}: ${paid.length} paid, 1 failed and returned to the wallet; the batch is paid.`,
    );
    const after = await readBatch(batch.id);
    expect(after).toMatchObject({ status: 'paid', paidByName: expect.any(String) });
    const line = (driverId: number) => after.lines.find((l) => l.driverId === driverId)!;
    expect(line(failed.driverId)).toMatchObject({
      status: 'failed',
      failureReason: 'Account closed, returned by bank',
    });
    paid.forEach((l, i) => expect(line(l.driverId)).toMatchObject({ status: 'paid', reference: `QK${1001 + i}` }));
    // The failed driver's wallet is where it was; its ledger says the payout went out and came back, and why.
    expect(await balanceOf(failed.driverId)).toBe(balances.get(failed.driverId));
    const entries = await t.db
      .selectFrom('driverTransactions')
      .select(['kind', sql<string>`amount::text`.as('amount'), 'note', 'noteCode', 'noteParams'])
      .where('driverId', '=', failed.driverId)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(entries[0]).toMatchObject({
      kind: 'payout',
      amount: failed.amount.toFixed(2),
      noteCode: 'payoutReturned',
      noteParams: { batch: String(batch.id), week: batch.periodStart, reason: 'Account closed, returned by bank' },
      note: expect.stringMatching(
        new RegExp(
          `^Payout batch #${batch.id} \\(week of [^)]+\\) failed and returned: Account closed, returned by bank$`,
        ),
      ),
    });
    expect(toCents(entries[1].amount)).toBe(-toCents(failed.amount));
    for (const l of paid) expect(await balanceOf(l.driverId)).toBe(balances.get(l.driverId)! - toCents(l.amount));
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'after'])
      .where('resource', '=', 'payout-batches')
      .where('recordId', '=', String(batch.id))
      .where('action', '=', 'results')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({ status: 'paid', results: { paid: paid.length, failed: 1, unchanged: 0 } });
  });

  it('importing the same file again changes nothing; a failed line cannot be said paid afterwards', async () => {
    const before = await ledgerCount();
    const again = await api('POST', `payout-batches/${batch.id}/results`, finance, { csv: resultsFile() });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(
      `Payout batch #${batch.id}: nothing to change, every line in the file is already settled so.`,
    );
    const [failed] = toPay();
    const paidNow = await api('POST', `payout-batches/${batch.id}/results`, finance, {
      csv: `Line,Amount,Status,Reference\n${key(failed.driverId)},${failed.amount.toFixed(2)},paid,QK9`,
    });
    expect(paidNow.statusCode).toBe(400);
    expect(paidNow.json().errors).toEqual({
      'row 2': `line ${key(failed.driverId)} already failed and went back to the wallet`,
    });
    expect(await ledgerCount()).toBe(before);
  });
});
