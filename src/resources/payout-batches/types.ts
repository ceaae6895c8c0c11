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
