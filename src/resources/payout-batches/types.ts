import type { RaRecord } from 'ra-core';
import type { ManifestRecord, payoutBatches } from '../../domain/resources';
import type { PayoutLine } from '../../domain/payouts';

export type { PayoutLine };

/** A payout batch as the trip service shows it, with its staff names and lines. */
export interface PayoutBatch extends RaRecord<number>, ManifestRecord<typeof payoutBatches> {
  id: number;
  createdByName: string;
  approvedByName: string | null;
  paidByName: string | null;
  lines: PayoutLine[];
}

/** What GET payout-batches/:id/payment-files answers. */
export interface PaymentFilesSummary {
  mpesa: { lines: number; total: number };
  bank: { lines: number; total: number };
  refused: {
    driverId: number;
    driverName: string;
    amount: number;
    payoutMethod: string;
    reason: string;
    code?: string;
    params?: Record<string, string>;
  }[];
  total: number;
}
