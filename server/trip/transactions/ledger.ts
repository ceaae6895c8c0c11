import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { PASSENGER_TRANSACTION_KINDS, TRANSACTION_KINDS } from '../../../src/domain/enums.js';
import type { PassengerTransactionTable } from '../../db/tripSchema.js';
import { refusal } from '../../../src/domain/messageCodes.js';

export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export interface LedgerEntry {
  driverId: number;
  kind: TransactionKind;
  /** Signed: credit positive, debit negative. */
  amount: number;
  tripId?: number | null;
  staffId?: number | null;
  note?: string | null;
  /** A system-written note's code and parameters (src/domain/ledgerNotes.ts `ledgerNote`). */
  noteCode?: string | null;
  noteParams?: Record<string, string> | null;
}

export type PassengerTransactionKind = (typeof PASSENGER_TRANSACTION_KINDS)[number];

export interface PassengerLedgerEntry {
  passengerId: number;
  kind: PassengerTransactionKind;
  /** Signed: credit positive, debit negative. */
  amount: number;
  tripId?: number | null;
  /** The issue whose resolution granted it (a refund). */
  issueId?: number | null;
  staffId?: number | null;
  note?: string | null;
  /** A system-written note's code and parameters (src/domain/ledgerNotes.ts `ledgerNote`). */
  noteCode?: string | null;
  noteParams?: Record<string, string> | null;
}

/** The two wallets: whose balance moves and which ledger explains it. */
const WALLETS = {
  driver: {
    owner: 'drivers',
    ledger: 'driverTransactions',
    key: 'driverId',
    missing: refusal('noSuch', { label: 'driver' }),
  },
  passenger: {
    owner: 'passengers',
    ledger: 'passengerTransactions',
    key: 'passengerId',
    missing: refusal('noSuch', { label: 'passenger' }),
  },
} as const;

/**
 * The one ledger-writing rule, for every wallet: moves the owner's credit balance and writes the
 * transaction that explains it, inside the caller's database transaction. The balance changes by
 * one atomic UPDATE … RETURNING, whose row lock orders concurrent writers, so `balanceAfter` is
 * exact and the balance always equals the sum of the owner's transactions. 404 for an unknown owner.
 */
async function postLedgerEntry(
  trx: Transaction<Database>,
  wallet: keyof typeof WALLETS,
  ownerId: number,
  amount: number,
  columns: Record<string, unknown>,
) {
  const w = WALLETS[wallet];
  // Both owner tables have credit_balance and updated_at; the ledgers share their columns but the owner's key.
  const moved = await trx
    .updateTable(w.owner as 'drivers')
    .set({ creditBalance: sql<number>`credit_balance + ${amount}::numeric`, updatedAt: new Date() })
    .where('id', '=', ownerId)
    .returning('creditBalance')
    .executeTakeFirst();
  if (!moved) throw notFound(w.missing);
  return trx
    .insertInto(w.ledger as 'driverTransactions')
    .values({ [w.key]: ownerId, amount, balanceAfter: moved.creditBalance, ...columns } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The note and, for a system-written one, its code and parameters. */
const noteColumns = (entry: Pick<LedgerEntry, 'note' | 'noteCode' | 'noteParams'>) => ({
  note: entry.note ?? null,
  noteCode: entry.noteCode ?? null,
  noteParams: entry.noteParams ? JSON.stringify(entry.noteParams) : null,
});

/** A driver's ledger entry: credit top-ups, trip settlements, goodwill credits (postLedgerEntry). */
export async function postTransaction(trx: Transaction<Database>, entry: LedgerEntry) {
  return postLedgerEntry(trx, 'driver', entry.driverId, entry.amount, {
    kind: entry.kind,
    tripId: entry.tripId ?? null,
    staffId: entry.staffId ?? null,
    ...noteColumns(entry),
  });
}

/** A passenger's ledger entry: refunds granted on an issue's resolution (postLedgerEntry). */
export async function postPassengerTransaction(trx: Transaction<Database>, entry: PassengerLedgerEntry) {
  const row = await postLedgerEntry(trx, 'passenger', entry.passengerId, entry.amount, {
    kind: entry.kind,
    tripId: entry.tripId ?? null,
    issueId: entry.issueId ?? null,
    staffId: entry.staffId ?? null,
    ...noteColumns(entry),
  });
  return row as unknown as Selectable<PassengerTransactionTable>;
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
