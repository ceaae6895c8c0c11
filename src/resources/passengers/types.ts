import type { RaRecord } from 'ra-core';
import type { ManifestRecord, passengers } from '../../domain/resources';

/** A passenger as the user service lists them: the manifest's fields and the server's computed ones. */
export interface Passenger extends RaRecord<number>, ManifestRecord<typeof passengers> {
  id: number;
  /** Computed: first and last name. */
  fullName: string;
  /** Computed: cancellations by the passenger over trips requested (0–1), null without trips. */
  cancellationRate: number | null;
  /** Computed: an open or in-progress issue raised by the passenger. */
  hasOpenIssue: boolean;
  /** Computed: who last blocked or unblocked them. */
  statusChangedByName: string | null;
}
