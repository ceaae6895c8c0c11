import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { PAYOUT_PERMISSION } from '../../../src/domain/permissions.js';
import type { Database } from '../../db/schema.js';
import { ApiError, badRequest } from '../../errors.js';
import { defineAction } from '../../rest/declaration.js';
import { fromCents, toCents } from '../../../src/domain/payouts.js';
import { payoutResultsSchema } from '../../../src/domain/resources/payoutBatches.js';
import {
  lineKey,
  planResults,
  problemText,
  settledAfter,
  type LineStatus,
  type PlannedLine,
  type ResultLine,
} from '../../../src/domain/payoutResults.js';
import { postTransaction } from '../transactions/ledger.js';
import { refusal } from '../../../src/domain/messageCodes.js';
import { ledgerNote } from '../../../src/domain/ledgerNotes.js';
import { FOUR_EYES_PAY } from './actions.js';

const FILE_PROBLEMS = {
  noHeader: 'The results file needs a header row with the columns Line, Amount and Status (docs/payout-results.md).',
  noRows: 'The results file has no rows under its header.',
};

async function readLines(trx: Transaction<Database>, batchId: number): Promise<ResultLine[]> {
  const rows = await trx
    .selectFrom('payoutLines')
    .select(['id', 'driverId', 'driverName', sql<string>`amount::text`.as('amount'), 'status', 'reference'])
    .where('batchId', '=', batchId)
    .orderBy('id')
    .execute();
  return rows.map(({ amount, ...l }) => ({ ...l, amountCents: toCents(amount), status: l.status as LineStatus }));
}

/**
 * POST payout-batches/:id/results {csv}: a channel's results file settles the batch line by line.
 * Every row is checked first (400 listing the rows, nothing written); then, in the action's one
 * transaction, a paid line gets its payout entry and reference, a failed line's amount goes back
 * to its driver's wallet with the batch and the reason in the note (the next batch pays it from
 * the balance), and the batch is paid once every line with money is settled. A row whose line is
 * already settled so changes nothing: importing the same file twice is harmless.
 */
export const results = defineAction({
  access: PAYOUT_PERMISSION,
  body: payoutResultsSchema,
  summary: 'Import a results file (M-Pesa, bank) into a payout batch',
  description:
    'CSV text in `csv`, a header row then a row per line: Line (PAYOUT-<batch>-<driver>, the payment files’ reference), Amount (the line’s amount, 2 decimals), Status (paid | failed), Reference (the channel’s, needed when paid), Reason (needed when failed); docs/payout-results.md. 400 listing each row that cannot be imported (unknown line, amount mismatch, line twice, bad status, missing reference or reason, a failed line said paid) with nothing written. Paid: the line’s `payout` ledger entry and reference. Failed: the amount back in the driver’s wallet (a positive `payout` entry noting the batch and the reason), the line failed; the wallet’s balance goes into the next batch. The batch is paid when every line with money is settled. Idempotent: a row whose line is already settled so changes nothing. Approved or paid batches only (409), not by the staff member who prepared the batch (403).',
  async handler({ trx, staff, existing, id, input }) {
    if (existing!.createdBy === staff.id) throw new ApiError(403, FOUR_EYES_PAY);
    if (existing!.status === 'review') throw new ApiError(409, refusal('approveBatchFirst'));
    const lines = await readLines(trx, id!);
    const plan = planResults(id!, lines, String(input.csv));
    if (plan.fileProblem) throw badRequest(FILE_PROBLEMS[plan.fileProblem]);
    if (plan.problems.length)
      throw badRequest(
        `${plan.problems.length} row(s) of the results file cannot be imported; nothing was imported.`,
        Object.fromEntries(plan.problems.map((p) => [`row ${p.row}`, problemText(p)])),
      );
    const week = String(existing!.periodStart);
    const now = new Date();
    const debit = async (p: PlannedLine) => {
      const reference = p.reference ?? lineKey(id!, p.driverId);
      const entry = await postTransaction(trx, {
        driverId: p.driverId,
        kind: 'payout',
        amount: -Number(fromCents(p.amountCents)),
        staffId: staff.id,
        ...ledgerNote('payoutBatch', { batch: id!, week, reference }),
      });
      return entry.id;
    };
    for (const p of plan.paid) {
      const transactionId = p.debit ? await debit(p) : undefined;
      await trx
        .updateTable('payoutLines')
        .set({ status: 'paid', reference: p.reference, settledAt: now, ...(transactionId ? { transactionId } : {}) })
        .where('id', '=', p.lineId)
        .execute();
    }
    for (const p of plan.failed) {
      const transactionId = p.debit ? await debit(p) : undefined;
      const back = await postTransaction(trx, {
        driverId: p.driverId,
        kind: 'payout',
        amount: Number(fromCents(p.amountCents)),
        staffId: staff.id,
        ...ledgerNote('payoutReturned', { batch: id!, week, reason: p.reason ?? '' }),
      });
      await trx
        .updateTable('payoutLines')
        .set({
          status: 'failed',
          reference: p.reference,
          failureReason: p.reason,
          settledAt: now,
          returnTransactionId: back.id,
          ...(transactionId ? { transactionId } : {}),
        })
        .where('id', '=', p.lineId)
        .execute();
    }
    const nowPaid = existing!.status === 'approved' && settledAfter(lines, plan);
    if (nowPaid)
      await trx
        .updateTable('payoutBatches')
        .set({ status: 'paid', paidBy: staff.id, paidAt: now, updatedAt: now })
        .where('id', '=', id!)
        .execute();
    const counts = { paid: plan.paid.length, failed: plan.failed.length, unchanged: plan.unchanged };
    return {
      message:
        counts.paid + counts.failed === 0
          ? `Payout batch #${id}: nothing to change, every line in the file is already settled so.`
          : `Payout batch #${id}: ${counts.paid} paid, ${counts.failed} failed and returned to the wallet${nowPaid ? '; the batch is paid' : ''}.`,
      audit: { results: counts },
    };
  },
});
