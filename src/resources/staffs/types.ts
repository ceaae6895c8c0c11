import type { RaRecord } from 'ra-core';
import type { ManifestRecord, staffs } from '../../domain/resources';

/** A staff member as the user service lists them: the manifest's fields and the server's computed ones. */
export interface Staff extends RaRecord<number>, ManifestRecord<typeof staffs> {
  id: number;
  /** Computed: first and last name. */
  fullName: string;
  /** Computed: the role's name. */
  roleName: string | null;
}
