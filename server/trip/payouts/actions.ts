import { sql } from 'kysely';
import { PAYOUT_PERMISSION } from '../../../src/domain/permissions.js';
import { ApiError, badRequest } from '../../errors.js';
import { defineAction } from '../../rest/declaration.js';
import { fromCents, payableCents, weekFrom } from '../../../src/domain/payouts.js';
import { payPayoutSchema, preparePayoutSchema } from '../../../src/domain/resources/payoutBatches.js';
import { postTransaction } from '../transactions/ledger.js';
import { readSettlements } from './settlements.js';
import { freezeDestinations, readFiles, refusedError } from './paymentFiles.js';
import { refusal } from '../../../src/domain/messageCodes.js';
import { ledgerNote } from '../../../src/domain/ledgerNotes.js';

export const FOUR_EYES = 'Four eyes: the staff member who prepared this batch cannot approve it. Ask a colleague.';
export const FOUR_EYES_PAY =
  'Four eyes: the staff member who prepared this batch cannot mark it paid. Ask a colleague.';

/** POST payout-batches/prepare {periodStart}: the week's settlement of every driver, frozen as the batch's lines. */
export const prepare = defineAction({
  on: 'collection',
  access: PAYOUT_PERMISSION,
  status: 201,
  body: preparePayoutSchema,
  summary: 'Prepare the payout batch of a week',
  description:
    'Settles every driver for the city week starting on `periodStart` (a Monday, Nairobi time): trips completed (or cancelled with a fee) in the week, and the wallet ledger before and in it. A line per driver with activity: gross, commission, earnings, cash collected, top-ups, adjustments, earlier payouts, closing balance and the `amount` to pay (the balance owed to the driver, never more than the wallet holds now). 400 for a week not over yet; 409 when the week already has a batch.',
  async handler({ trx, staff, input }) {
    const period = weekFrom(input.periodStart as string);
    if (period.to.getTime() > Date.now())
      throw badRequest(refusal('highlighted'), { periodStart: 'This week is not over yet' });
    const taken = await trx
      .selectFrom('payoutBatches')
      .select('id')
      .where('periodStart', '=', period.start as never)
      .executeTakeFirst();
    if (taken) throw new ApiError(409, refusal('weekHasBatch', { week: period.start, batch: taken.id }));
    const settlements = await readSettlements(trx, period);
    const lines = settlements.map(({ driverId, driverName, phone, balanceCents, settlement: s }) => ({
      driverId,
      driverName,
      phone,
      trips: s.trips,
      gross: fromCents(s.grossCents),
      commission: fromCents(s.commissionCents),
      cashCollected: fromCents(s.cashCollectedCents),
      tripNet: fromCents(s.tripNetCents),
      opening: fromCents(s.openingCents),
      topups: fromCents(s.topupsCents),
      adjustments: fromCents(s.adjustmentsCents),
      payouts: fromCents(s.payoutsCents),
      closing: fromCents(s.closingCents),
      amountCents: payableCents(s, balanceCents),
    }));
    const totalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
    const batch = await trx
      .insertInto('payoutBatches')
      .values({
        periodStart: period.start,
        periodEnd: period.end,
        createdBy: staff.id,
        total: fromCents(totalCents),
        lineCount: lines.filter((l) => l.amountCents > 0).length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (lines.length)
      await trx
        .insertInto('payoutLines')
        .values(lines.map(({ amountCents, ...l }) => ({ ...l, batchId: batch.id, amount: fromCents(amountCents) })))
        .execute();
    return { recordId: batch.id, message: `Payout batch for the week of ${period.start} prepared for review.` };
  },
});

/** POST payout-batches/:id/approve: a second staff member approves (four eyes). */
export const approve = defineAction({
  access: PAYOUT_PERMISSION,
  summary: 'Approve a payout batch (four eyes)',
  description:
    'review → approved. The staff member who prepared the batch cannot approve it (403); 409 from another status, and while a line cannot be paid (a bank driver without complete bank details, a phone M-Pesa cannot pay: the message names them; GET payout-batches/:id/payment-files lists them). Approval freezes each line’s destination (M-Pesa, or the bank account) as its driver’s details are: the files pay there.',
  async handler({ trx, staff, existing, id }) {
    if (existing!.status !== 'review')
      throw new ApiError(409, refusal('batchAlreadyIn', { status: String(existing!.status) }));
    if (existing!.createdBy === staff.id) throw new ApiError(403, FOUR_EYES);
    // The approver approves where the money goes too: every line payable, its destination frozen.
    const files = await readFiles(trx, id!);
    if (files.refused.length) throw refusedError(files);
    await freezeDestinations(trx, id!);
    await trx
      .updateTable('payoutBatches')
      .set({ status: 'approved', approvedBy: staff.id, approvedAt: new Date(), updatedAt: new Date() })
      .where('id', '=', id!)
      .execute();
    return { message: `Payout batch #${id} approved.` };
  },
});

/** POST payout-batches/:id/pay {reference}: the transfer is done; each line goes to its driver's ledger. */
export const pay = defineAction({
  access: PAYOUT_PERMISSION,
  body: payPayoutSchema,
  summary: 'Mark a payout batch paid',
  description:
    'approved → paid, with the transfer’s `reference` for every line not yet settled by a results file; not by the staff member who prepared the batch (403). Each line with an amount writes a `payout` entry (the amount, negative) to its driver’s wallet ledger in the same transaction, referenced by the line. 409 unless approved.',
  async handler({ trx, staff, existing, id, input }) {
    if (existing!.createdBy === staff.id) throw new ApiError(403, FOUR_EYES_PAY);
    if (existing!.status !== 'approved')
      throw new ApiError(409, refusal(existing!.status === 'paid' ? 'batchAlreadyPaid' : 'approveBatchFirst'));
    const reference = String(input.reference);
    const lines = await trx
      .selectFrom('payoutLines')
      .select(['id', 'driverId', sql<string>`amount::text`.as('amount')])
      .where('batchId', '=', id!)
      .where('amount', '>', 0)
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute();
    for (const line of lines) {
      const entry = await postTransaction(trx, {
        driverId: line.driverId,
        kind: 'payout',
        amount: -Number(line.amount),
        staffId: staff.id,
        ...ledgerNote('payoutBatch', { batch: id!, week: String(existing!.periodStart), reference }),
      });
      await trx
        .updateTable('payoutLines')
        .set({ transactionId: entry.id, status: 'paid', reference, settledAt: new Date() })
        .where('id', '=', line.id)
        .execute();
    }
    await trx
      .updateTable('payoutBatches')
      .set({ status: 'paid', paidBy: staff.id, paidAt: new Date(), reference, updatedAt: new Date() })
      .where('id', '=', id!)
      .execute();
    return {
      message: `Payout batch #${id} paid: ${lines.length} drivers, reference ${reference}.`,
      audit: { reference },
    };
  },
});
