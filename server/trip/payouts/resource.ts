import { sql } from 'kysely';
import { defineResource } from '../../rest/declaration.js';
import { nameOf } from '../../rest/names.js';
import { payoutBatches as payoutBatchesManifest } from '../../../src/domain/resources/payoutBatches.js';
import { approve, pay, prepare } from './actions.js';
import { results } from './results.js';

const LINES = sql`(select coalesce(json_agg(json_build_object(
    'id', l.id, 'driverId', l.driver_id, 'driverName', l.driver_name, 'phone', l.phone, 'trips', l.trips,
    'gross', l.gross, 'commission', l.commission, 'earnings', l.gross - l.commission,
    'cashCollected', l.cash_collected, 'tripNet', l.trip_net, 'opening', l.opening, 'topups', l.topups,
    'adjustments', l.adjustments, 'payouts', l.payouts, 'closing', l.closing, 'amount', l.amount,
    'transactionId', l.transaction_id, 'status', l.status, 'reference', l.reference,
    'failureReason', l.failure_reason, 'payoutMethod', coalesce(p.payout_method, d.payout_method),
    'bankCode', case when p.batch_id is null then d.bank_code else p.bank_code end,
    'bankAccountMasked', '••••' || right(case when p.batch_id is null then d.bank_account_number else p.bank_account_number end, 4))
    order by l.amount desc, l.driver_id), '[]'::json)
  from payout_lines l join drivers d on d.id = l.driver_id
    left join payout_destinations p on p.batch_id = l.batch_id and p.driver_id = l.driver_id
  where l.batch_id = payout_batches.id)`;

export const payoutBatches = defineResource(payoutBatchesManifest, {
  table: 'payoutBatches',
  description:
    'Driver payouts by city week (Monday to Monday, Nairobi time), with a line per driver in `lines`. Moves only through the actions: POST payout-batches/prepare {periodStart}, POST payout-batches/:id/approve (by a staff member other than its creator: four eyes), POST payout-batches/:id/pay {reference} (writes each line to its driver’s wallet ledger), POST payout-batches/:id/results {csv} (a channel’s results file settles the lines one by one: paid with its reference, or failed and back in the wallet). Files, once approved: GET payout-batches/:id/mpesa.csv (M-Pesa B2C bulk payment, drivers paid by mobile money), GET payout-batches/:id/bank.csv (bulk bank transfer, drivers paid by bank; the two add up to the total; GET payout-batches/:id/payment-files says what each pays and which lines neither can) and GET payout-batches/:id/statements/:driverId.pdf (a driver’s statement for the week).',
  computed: {
    createdByName: { type: 'text', sql: nameOf('staffs', 'payout_batches.created_by') },
    approvedByName: { type: 'text', sql: nameOf('staffs', 'payout_batches.approved_by') },
    paidByName: { type: 'text', sql: nameOf('staffs', 'payout_batches.paid_by') },
    lines: { type: 'json', sql: LINES, onRequest: false },
  },
  actions: { prepare, approve, pay, results },
});
