import type { RaRecord } from 'ra-core';
import type { ManifestRecord, paymentGateways } from '../../domain/resources';

/** A gateway as the trip service answers it: secrets masked, and what it still lacks. */
export interface Gateway extends RaRecord<number>, ManifestRecord<typeof paymentGateways> {
  id: number;
  publicSettings: Record<string, string | number | boolean>;
  /** Each value "••••" and its last 4 characters ("••••" alone under 12 characters). */
  secretSettings: Record<string, string>;
  missingSettings: string[];
  configured: boolean;
}
