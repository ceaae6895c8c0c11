import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { TRANSACTION_KINDS } from '../../../src/domain/enums.js';

export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export interface LedgerEntry {
  driverId: number;
  kind: TransactionKind;
  /** Signed: credit positive, debit negative. */
  amount: number;
  tripId?: number | null;
  staffId?: number | null;
  note?: string | null;
}

/**
 * Moves a driver's credit balance and writes the transaction that explains
 * it, inside the caller's database transaction. The balance changes by one
 * atomic UPDATE … RETURNING, whose row lock orders concurrent writers, so
 * `balanceAfter` is exact and the balance always equals the sum of the
 * driver's transactions.
 */
export async function postTransaction(trx: Transaction<Database>, entry: LedgerEntry) {
  const moved = await trx
    .updateTable('drivers')
    .set({ creditBalance: sql<number>`credit_balance + ${entry.amount}::numeric`, updatedAt: new Date() })
    .where('id', '=', entry.driverId)
    .returning('creditBalance')
    .executeTakeFirst();
  if (!moved) throw notFound('No driver with this id');
  return trx
    .insertInto('driverTransactions')
    .values({
      driverId: entry.driverId,
      kind: entry.kind,
      amount: entry.amount,
      balanceAfter: moved.creditBalance,
      tripId: entry.tripId ?? null,
      staffId: entry.staffId ?? null,
      note: entry.note ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * What a finished trip settles with its driver: cash trips owe the platform
 * its commission; card and wallet fares (or cancellation fees) were collected
 * by the platform and credit the driver less the commission.
 */
export function settlementAmount(paymentMethod: string, charged: number, commission: number): number {
  const cents =
    paymentMethod === 'cash' ? -Math.round(commission * 100) : Math.round(charged * 100) - Math.round(commission * 100);
  return cents / 100;
}
