import type { RaRecord } from 'ra-core';

/** One write by a staff member (server/user/audit-logs/resource.ts). */
export interface AuditLog extends RaRecord<number> {
  staffId: number | null;
  /** Computed: the staff member's name. */
  staffName: string | null;
  /** Backend resource name, e.g. `staffs`. */
  resource: string;
  recordId: string;
  action: 'create' | 'update' | 'delete';
  /** Only the fields that changed (the whole record for a create or delete). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}
