import type { RaRecord } from 'ra-core';
import type { ManifestRecord, roles } from '../../domain/resources';

/** A role as the user service lists it: the manifest's fields and the server's computed ones. */
export interface Role extends RaRecord<number>, ManifestRecord<typeof roles> {
  id: number;
  /** Computed: permission names, e.g. `view-Trip`. */
  permissions: string[];
  /** Computed: how many staff members hold it. */
  staffCount: number;
}
