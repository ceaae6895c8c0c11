import type { RaRecord } from 'ra-core';

/** A role as the user service lists it (server/user/roles/resource.ts). */
export interface Role extends RaRecord<number> {
  name: string;
  description: string | null;
  /** Permission names, e.g. `view-Trip`. */
  permissions: string[];
  /** Computed: how many staff members hold it. */
  staffCount: number;
  createdAt: string;
  updatedAt: string;
}
