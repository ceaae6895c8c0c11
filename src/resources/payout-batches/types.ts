import type { RaRecord } from 'ra-core';
import type { ManifestRecord, payoutBatches } from '../../domain/resources';

/** One driver's settlement in a batch, amounts in KES. */
export interface PayoutLine {
  id: number;
  driverId: number;
  driverName: string;
  phone: string;
  trips: number;
  gross: number;
  commission: number;
  earnings: number;
  cashCollected: number;
  tripNet: number;
  opening: number;
  topups: number;
  adjustments: number;
  payouts: number;
  closing: number;
  amount: number;
  transactionId: number | null;
}

/** A payout batch as the trip service shows it, with its staff names and lines. */
export interface PayoutBatch extends RaRecord<number>, ManifestRecord<typeof payoutBatches> {
  id: number;
  createdByName: string;
  approvedByName: string | null;
  paidByName: string | null;
  lines: PayoutLine[];
}
