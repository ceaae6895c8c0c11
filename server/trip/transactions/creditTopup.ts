import { defineAction } from '../../rest/declaration.js';
import { PAYOUT_PERMISSION } from '../../../src/domain/permissions.js';
import { CITY } from '../../../src/domain/city.js';
import { creditTopupSchema } from '../../../src/domain/resources/driverTransactions.js';
import { postTransaction } from './ledger.js';

/** "KES 1,500.00", as the panel writes money. */
const money = (amount: number) =>
  `${CITY.currency} ${amount.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** POST /api/trip/driver-transactions/credit-topup: staff add to a driver's credit balance. */
export const creditTopup = defineAction({
  on: 'collection',
  // Money into a driver's wallet is Finance's, as the payouts are (issue 43).
  access: PAYOUT_PERMISSION,
  status: 201,
  body: creditTopupSchema,
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
      note: input.note as string,
    });
    return {
      recordId: transaction.id,
      data: { transaction, creditBalance: transaction.balanceAfter },
      message: `${money(amount)} credited. New balance: ${money(transaction.balanceAfter)}`,
    };
  },
});
