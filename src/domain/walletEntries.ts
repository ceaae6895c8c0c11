import type { TRANSACTION_KINDS, WALLET_ENTRIES } from './enums';

export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export type WalletEntry = (typeof WALLET_ENTRIES)[number];

/** The kinds that say what their entry is whatever its sign. */
const BY_KIND: Readonly<Record<Exclude<TransactionKind, 'commission'>, WalletEntry>> = {
  credit_topup: 'top_up',
  payout: 'payout',
  adjustment: 'adjustment',
};

/**
 * What a driver wallet's entry is: a trip's settlement (kind `commission`) credits the driver's
 * earnings (a card or wallet fare less the commission) or debits the commission a cash trip owes;
 * the other kinds are what they say. Undefined for a kind the panel does not know.
 */
export function walletEntryOf(kind: string, amount: number): WalletEntry | undefined {
  if (kind === 'commission') return amount >= 0 ? 'trip_earnings' : 'commission';
  return Object.hasOwn(BY_KIND, kind) ? BY_KIND[kind as keyof typeof BY_KIND] : undefined;
}
