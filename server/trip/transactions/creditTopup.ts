import * as yup from 'yup';
import { defineAction } from '../../rest/declaration.js';
import { CITY } from '../../../src/domain/city.js';
import { id, text } from '../fields.js';
import { postTransaction } from './ledger.js';

const creditSchema = yup.object({
  driverId: id('driver').required('Choose a driver'),
  amount: yup
    .number()
    .typeError('Amount must be a number')
    .required('Amount is required')
    .moreThan(0, 'Amount must be more than 0')
    .max(1_000_000, 'Amount must be at most 1,000,000')
    .test(
      'cents',
      'Amount may have at most 2 decimals',
      (v) => v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
    ),
  note: text('Note', 300, true).nullable(),
});

/** POST /api/trip/driver-transactions/credit-topup: staff add to a driver's credit balance. */
export const creditTopup = defineAction({
  on: 'collection',
  access: 'update-Driver',
  status: 201,
  body: creditSchema,
  summary: "Top up a driver's credit",
  description:
    "Adds `amount` (KES, more than 0) to the driver's credit balance and writes the credit_topup transaction in the same database transaction; concurrent top-ups stay exact. 404 for an unknown driver. Answers the transaction and the new balance.",
  async handler({ trx, staff, input }) {
    const amount = Math.round(input.amount * 100) / 100;
    const transaction = await postTransaction(trx, {
      driverId: input.driverId,
      kind: 'credit_topup',
      amount,
      staffId: staff.id,
      note: input.note ?? 'Credit top-up',
    });
    return {
      recordId: transaction.id,
      data: { transaction, creditBalance: transaction.balanceAfter },
      message: `${CITY.currency} ${amount.toFixed(2)} credited. New balance: ${CITY.currency} ${transaction.balanceAfter.toFixed(2)}`,
    };
  },
});
