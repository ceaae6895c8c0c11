import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUR_EYES, FOUR_EYES_PAY } from '../../server/trip/payouts/actions.js';
import { mondayOf, toCents, weekFrom } from '../../src/domain/payouts.js';
import { DISPATCHER, loginRole, startApp, type TestApp } from './harness.js';
import { pdfText } from './support/pdfText.js';
import { lastFullTripWeek } from './support/demoWeeks.js';
import type { PayoutBatch } from '../../src/resources/payout-batches/types.js';

/**
 * Driver payouts on the seeded demo data: a week's batch reconciles to the cent with the trips and
 * the wallet ledger, needs a second staff member's approval (four eyes), exports the M-Pesa and the
 * bank transfer bulk files (together the batch total, to the cent), and once paid writes each line to its driver's ledger.
 */
let t: TestApp;
let admin: string;
let finance: string;
let week: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  finance = await loginRole(t, 'Finance');
  // The last full week of the demo's trips.
  week = await lastFullTripWeek(t);
});
afterAll(() => t?.close());

const api = (method: 'GET' | 'POST', path: string, token = admin, body?: object) =>
  t.call(method, `/api/trip/${path}`, { token, body });
const cents = (n: number) => Math.round(n * 100);

describe('payout batches', () => {
  let batch: PayoutBatch;

  it('prepares a week’s batch whose lines reconcile to the cent with the trips and the ledger', async () => {
    const res = await api('POST', 'payout-batches/prepare', admin, { periodStart: week });
    expect(res.statusCode).toBe(201);
    batch = res.json().data as PayoutBatch;
    expect(batch.status).toBe('review');
    expect(batch.lines.length).toBeGreaterThan(5);
    const { from, to } = weekFrom(week);
    for (const line of batch.lines) {
      // Trips, read straight from the trips table.
      const trips = await sql<{ charged: string; commission: string; method: string }>`
        select (case when status = 'completed' then fare_total else cancellation_fee end)::text as charged,
          commission::text as commission, payment_method as method
        from trips where driver_id = ${line.driverId} and (
          (status = 'completed' and completed_at >= ${from} and completed_at < ${to})
          or (status = 'cancelled_by_passenger' and cancellation_fee > 0 and cancelled_at >= ${from} and cancelled_at < ${to}))`.execute(
        t.db,
      );
      const gross = trips.rows.reduce((s, r) => s + toCents(r.charged), 0);
      const commission = trips.rows.reduce((s, r) => s + toCents(r.commission), 0);
      const cash = trips.rows.filter((r) => r.method === 'cash').reduce((s, r) => s + toCents(r.charged), 0);
      expect([line.trips, cents(line.gross), cents(line.commission), cents(line.cashCollected)]).toEqual([
        trips.rows.length,
        gross,
        commission,
        cash,
      ]);
      // The ledger's trip settlements in the week are exactly what the trips say.
      const ledger = await sql<{ trips: string; last: string | null }>`
        select coalesce(sum(amount) filter (where created_at >= ${from} and kind = 'commission'), 0)::text as trips,
          (select balance_after::text from driver_transactions where driver_id = ${line.driverId} and created_at < ${to}
            order by created_at desc, id desc limit 1) as last
        from driver_transactions where driver_id = ${line.driverId} and created_at < ${to}`.execute(t.db);
      expect(cents(line.tripNet)).toBe(gross - cash - commission);
      expect(cents(line.tripNet)).toBe(toCents(ledger.rows[0].trips));
      // The closing balance is the ledger's balance at the week's end.
      expect(cents(line.closing)).toBe(toCents(ledger.rows[0].last ?? 0));
      expect(cents(line.closing)).toBe(
        cents(line.opening) + cents(line.tripNet) + cents(line.topups) + cents(line.adjustments) + cents(line.payouts),
      );
    }
    expect(cents(batch.total)).toBe(batch.lines.reduce((s, l) => s + cents(l.amount), 0));
    expect(batch.lineCount).toBe(batch.lines.filter((l) => l.amount > 0).length);
    expect(batch.lineCount).toBeGreaterThan(0);
  });

  it('refuses a second batch for the week, a week not over, and a bad week; changes nothing', async () => {
    expect((await api('POST', 'payout-batches/prepare', admin, { periodStart: week })).statusCode).toBe(409);
    const thisWeek = mondayOf(new Date());
    const notOver = await api('POST', 'payout-batches/prepare', admin, { periodStart: thisWeek });
    expect(notOver.statusCode).toBe(400);
    expect(notOver.json().errors).toEqual({ periodStart: 'This week is not over yet' });
    const tuesday = await api('POST', 'payout-batches/prepare', admin, { periodStart: '2026-11-17' });
    expect(tuesday.json().errors).toEqual({ periodStart: 'The week must start on a Monday (YYYY-MM-DD)' });
    const n = await t.db
      .selectFrom('payoutBatches')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(1);
    const dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
    expect((await api('POST', 'payout-batches/prepare', dispatcher, { periodStart: week })).statusCode).toBe(403);
  });

  it('four eyes: the creator cannot approve, nor export before approval; another staff member approves', async () => {
    const refused = await api('POST', `payout-batches/${batch.id}/approve`, admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(FOUR_EYES);
    expect((await api('GET', `payout-batches/${batch.id}/mpesa.csv`, admin)).statusCode).toBe(409);
    expect((await api('GET', `payout-batches/${batch.id}/bank.csv`, admin)).statusCode).toBe(409);
    const approved = await api('POST', `payout-batches/${batch.id}/approve`, finance);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', approvedByName: expect.any(String) });
    expect((await api('POST', `payout-batches/${batch.id}/approve`, finance)).statusCode).toBe(409);
  });

  it('exports the M-Pesa and the bank files: one row per driver paid, the two adding up to the total to the cent', async () => {
    const mpesa = await api('GET', `payout-batches/${batch.id}/mpesa.csv`, admin);
    expect(mpesa.statusCode).toBe(200);
    expect(mpesa.headers['content-type']).toContain('text/csv');
    const mpesaRows = mpesa.body.trim().split('\r\n');
    expect(mpesaRows[0]).toBe('MSISDN,Amount,Name,Reference');
    for (const row of mpesaRows.slice(1)) expect(row).toMatch(/^2547\d{8},\d+\.\d{2},[^,]+,PAYOUT-\d+-\d+$/);
    const bank = await api('GET', `payout-batches/${batch.id}/bank.csv`, admin);
    expect(bank.statusCode).toBe(200);
    const bankRows = bank.body.trim().split('\r\n');
    expect(bankRows[0]).toBe(
      'Beneficiary Name,Account Number,Bank Code,Branch Code,Amount,Currency,Reference,Narrative',
    );
    for (const row of bankRows.slice(1))
      expect(row).toMatch(
        /^[^,]+,\d{8,16},\d{2},\d{3},\d+\.\d{2},KES,PAYOUT-\d+-\d+,Driver payout week of \d{4}-\d{2}-\d{2}$/,
      );
    // The demo's drivers are paid both ways, each driver paid once, in one file or the other.
    expect(mpesaRows.length - 1).toBeGreaterThan(0);
    expect(bankRows.length - 1).toBeGreaterThan(0);
    const refs = [...mpesaRows.slice(1).map((r) => r.split(',')[3]), ...bankRows.slice(1).map((r) => r.split(',')[6])];
    expect(new Set(refs).size).toBe(batch.lineCount);
    const sum =
      mpesaRows.slice(1).reduce((s, r) => s + toCents(r.split(',')[1]), 0) +
      bankRows.slice(1).reduce((s, r) => s + toCents(r.split(',')[4]), 0);
    expect(sum).toBe(cents(batch.total));
  });

  it('pays with a reference: every line in its driver’s ledger, balances down by the amount', async () => {
    const paid = batch.lines.filter((l) => l.amount > 0);
    const before = new Map(
      (
        await t.db
          .selectFrom('drivers')
          .select(['id', sql<string>`credit_balance::text`.as('b')])
          .where(
            'id',
            'in',
            paid.map((l) => l.driverId),
          )
          .execute()
      ).map((d) => [d.id, toCents(d.b)]),
    );
    const bad = await api('POST', `payout-batches/${batch.id}/pay`, admin, { reference: '' });
    expect(bad.statusCode).toBe(400);
    expect((await t.db.selectFrom('payoutBatches').select('status').executeTakeFirstOrThrow()).status).toBe('approved');
    // Four eyes (issue 43): the preparer cannot mark it paid either; nothing is written.
    const preparer = await api('POST', `payout-batches/${batch.id}/pay`, admin, { reference: 'MPESA-B2C-8812' });
    expect(preparer.statusCode).toBe(403);
    expect(preparer.json().message).toBe(FOUR_EYES_PAY);
    expect((await t.db.selectFrom('payoutBatches').select('status').executeTakeFirstOrThrow()).status).toBe('approved');
    const res = await api('POST', `payout-batches/${batch.id}/pay`, finance, { reference: 'MPESA-B2C-8812' });
    expect(res.statusCode).toBe(200);
    const after = res.json().data as PayoutBatch;
    expect(after.status).toBe('paid');
    for (const line of after.lines.filter((l) => l.amount > 0)) {
      const entry = await t.db
        .selectFrom('driverTransactions')
        .select([
          'driverId',
          'kind',
          sql<string>`amount::text`.as('amount'),
          sql<string>`balance_after::text`.as('after'),
          'note',
        ])
        .where('id', '=', line.transactionId!)
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ driverId: line.driverId, kind: 'payout' });
      expect(toCents(entry.amount)).toBe(-cents(line.amount));
      expect(toCents(entry.after)).toBe(before.get(line.driverId)! - cents(line.amount));
      expect(entry.note).toContain('MPESA-B2C-8812');
    }
    expect((await api('POST', `payout-batches/${batch.id}/pay`, finance, { reference: 'again' })).statusCode).toBe(409);
  });

  it('renders a driver’s statement for the week as a PDF', async () => {
    const line = batch.lines.find((l) => l.amount > 0)!;
    const res = await api('GET', `payout-batches/${batch.id}/statements/${line.driverId}.pdf`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = pdfText(res.rawPayload);
    const money = (n: number) =>
      `KES ${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(text).toContain(`Driver statement, week of ${week}`);
    // The statement's figures are the batch line's, to the cent.
    expect(text).toContain(`Closing balance\n${money(line.closing)}`);
    expect(text).toContain(`Trips into the wallet\n${money(line.tripNet)}`);
    expect(text).toContain(`This batch pays ${money(line.amount)}.`);
    expect((await api('GET', `payout-batches/${batch.id}/statements/99999999.pdf`, admin)).statusCode).toBe(404);
  });
});
