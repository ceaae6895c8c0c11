import { walletEntryOf } from '../../domain/walletEntries';
import type { LedgerTableProps } from '../shared/LedgerTable';

/** A driver's ledger names each entry by what it is (trip earnings, commission, top-up, payout…), not by its stored kind. */
export const WALLET_LEDGER = {
  palette: 'walletEntry',
  kindOf: (entry) => walletEntryOf(entry.kind, Number(entry.amount)),
} as const satisfies Pick<LedgerTableProps, 'palette' | 'kindOf'>;
