import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { tripFixtures } from './tripFixtures.js';
import { backfillStatements } from '../../server/db/ledgerNoteCodes.js';
import { renderLedgerNote, type LedgerNoteCode } from '../../src/domain/ledgerNotes.js';

/**
 * The notes the system writes on a wallet ledger (issue 28): the English text as before, with the
 * code and parameters beside it so that the panel can show them in the staff member's language.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

const { act, freeDrivers, bookTrip } = tripFixtures(
  () => t,
  () => admin,
);

async function settle(paymentMethod: 'cash' | 'card') {
  const trip = await bookTrip();
  await t.db.updateTable('trips').set({ paymentMethod }).where('id', '=', trip.id).execute();
  const [driver] = await freeDrivers(trip.vehicleTypeId, 1);
  expect((await act(trip.id, 'assign', { driverId: driver.id })).statusCode).toBe(200);
  for (const status of ['arrived', 'in_progress', 'completed']) {
    const res = await t.call('PUT', `/api/trip/trips/${trip.id}`, { token: admin, body: { status } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const done = await t.db.selectFrom('trips').selectAll().where('id', '=', trip.id).executeTakeFirstOrThrow();
  const ledger = await t.call('GET', '/api/trip/driver-transactions', {
    token: admin,
    query: { filter: JSON.stringify({ driverId: driver.id, tripId: trip.id }), range: '[0,9]' },
  });
  expect(ledger.statusCode, ledger.body).toBe(200);
  return { trip: done, entries: ledger.json() as Record<string, unknown>[] };
}

describe('a settled trip’s ledger entry', () => {
  it('keeps the English note and answers its code and parameters (card)', async () => {
    const { trip, entries } = await settle('card');
    const fare = Number(trip.fareTotal).toFixed(2);
    const commission = Number(trip.commission).toFixed(2);
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'commission',
        note: `Trip #${trip.id} paid by card: ${fare} less commission ${commission}`,
        noteCode: 'tripPaidBy',
        noteParams: { trip: String(trip.id), method: 'card', charged: fare, commission },
      }),
    ]);
  });

  it('keeps the English note and answers its code and parameters (cash)', async () => {
    const { trip, entries } = await settle('cash');
    const commission = Number(trip.commission).toFixed(2);
    expect(entries).toEqual([
      expect.objectContaining({
        note: `Trip #${trip.id} paid in cash: commission ${commission} due`,
        noteCode: 'tripPaidInCash',
        noteParams: { trip: String(trip.id), commission },
      }),
    ]);
  });

  it('leaves a typed top-up note without a code, and exports the English note only', async () => {
    const res = await t.call('POST', '/api/trip/driver-transactions/credit-topup', {
      token: admin,
      body: { driverId: 3, amount: 100, note: 'Trip #1 paid in cash: commission 1.00 due' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.transaction).toMatchObject({ noteCode: null, noteParams: null });
    const csv = await t.call('GET', '/api/trip/driver-transactions/export', {
      token: admin,
      query: { format: 'csv', filter: JSON.stringify({ driverId: 3 }) },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const header = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0];
    expect(header).toContain('Note');
    expect(header).not.toMatch(/code|params/i);
  });
});

describe('the codes of notes written before them', () => {
  it('gives the demo seed’s system-written notes their codes, which render back to the stored text', async () => {
    const rows = await t.db
      .selectFrom('driverTransactions')
      .select(['kind', 'note', 'noteCode', 'noteParams'])
      .where('kind', 'in', ['commission', 'payout'])
      .execute();
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(row.noteCode, row.note ?? '').not.toBeNull();
      expect(renderLedgerNote(row.noteCode as LedgerNoteCode, row.noteParams ?? {})).toBe(row.note);
    }
  });

  it('codes only notes that are exactly a code’s English, on entries of its kind', async () => {
    const driverId = 3;
    const base = { driverId, amount: 1, balanceAfter: 0 };
    const written = await t.db
      .insertInto('driverTransactions')
      .values([
        { ...base, kind: 'commission', note: 'Cancellation fee #77 paid by wallet: 150.00 less commission 22.50' },
        { ...base, kind: 'adjustment', note: 'Goodwill credit, issue #12' },
        { ...base, kind: 'payout', note: 'Payout batch #4 (week of 2026-11-16), ref MP-88' },
        // Near misses stay as written: a typed adjustment, one decimal, another kind.
        { ...base, kind: 'adjustment', note: 'Goodwill credit, issue #12 (again)' },
        { ...base, kind: 'commission', note: 'Trip #5 paid by card: 10.0 less commission 2.00' },
        { ...base, kind: 'credit_topup', note: 'Goodwill credit, issue #12' },
        { ...base, kind: 'credit_topup', note: 'M-Pesa top-up, ref QX12' },
      ])
      .returning('id')
      .execute();
    for (const statement of backfillStatements({ seedNotes: false })) await sql.raw(statement).execute(t.db);
    const rows = await t.db
      .selectFrom('driverTransactions')
      .select(['noteCode', 'noteParams'])
      .where(
        'id',
        'in',
        written.map((w) => w.id),
      )
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        noteCode: 'cancellationPaidBy',
        noteParams: { trip: '77', method: 'wallet', charged: '150.00', commission: '22.50' },
      },
      { noteCode: 'goodwillCredit', noteParams: { issue: '12' } },
      { noteCode: 'payoutBatch', noteParams: { batch: '4', week: '2026-11-16', reference: 'MP-88' } },
      { noteCode: null, noteParams: null },
      { noteCode: null, noteParams: null },
      { noteCode: null, noteParams: null },
      // A staff member's own words outside the demo seed.
      { noteCode: null, noteParams: null },
    ]);
  });
});
