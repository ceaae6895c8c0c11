import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Row } from './declaration.js';

export interface AuditEntry {
  staffId: number | null;
  resource: string;
  recordId: number | string;
  action: string;
  before?: Row;
  after?: Row;
  /** The entry this one undoes (a bulk run's Undo). */
  undoOf?: number;
}

/** Keeps only the fields that changed, so the log reads as a diff. */
export function changedFields(
  before: Row | undefined,
  after: Row | undefined,
): { before: Row | undefined; after: Row | undefined } {
  if (!before || !after) return { before, after };
  const b: Row = {};
  const a: Row = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'updatedAt') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

/** Writes the entry; answers its id. */
export async function recordAudit(trx: Transaction<Database>, entry: AuditEntry): Promise<number> {
  const { before, after } = changedFields(entry.before, entry.after);
  const row = await trx
    .insertInto('auditLogs')
    .values({
      staffId: entry.staffId,
      resource: entry.resource,
      recordId: String(entry.recordId),
      action: entry.action,
      before: before ? JSON.stringify(before) : null,
      after: after ? JSON.stringify(after) : null,
      ...(entry.undoOf !== undefined ? { undoOf: entry.undoOf } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
