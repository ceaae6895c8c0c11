import type { RaRecord } from 'ra-core';
import type { ManifestRecord, auditLogs } from '../../domain/resources';

/** One write by a staff member: the manifest's fields and the server's computed ones. */
export interface AuditLog extends RaRecord<number>, Omit<ManifestRecord<typeof auditLogs>, 'before' | 'after'> {
  id: number;
  /** Computed: the staff member's name. */
  staffName: string | null;
  /** Computed, for a generated resource's record while it exists: its label ("KDA 101A"). */
  recordLabel?: string | null;
  /** Computed, for an undo: the action of the entry it undoes (`undoOf`). */
  undoOfAction?: string | null;
  /** Only the fields that changed (the whole record for a create or delete). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
