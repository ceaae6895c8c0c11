import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localDay } from '../../../src/domain/dateRange.js';
import { CITY } from '../../../src/domain/city.js';
import { deriveApprovalStatus, type ApprovalStatus } from '../../../src/domain/driverDocuments.js';
import { recordAudit } from '../../rest/audit.js';
import { claimFiles } from '../../files/attach.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The expiry check's audit action (written by the system, outside the engine's actions). */
export const DOCUMENTS_EXPIRED = 'documents-expired';

/** The city's calendar day now: documents expire at the end of their expiry day, city time. */
export const cityToday = (now = new Date()) => localDay(now, CITY.timeZone);

/**
 * A driver's documents as the API shows them, oldest first, as one JSON array (the reads skip the
 * camel-case plugin, so keys are named here). The newest of a kind is the current one.
 */
export const documentsJson = sql<unknown>`(select coalesce(jsonb_agg(jsonb_build_object(
    'id', dd.id, 'kind', dd.kind, 'fileId', dd.file_id, 'number', dd.number,
    'expiryDate', to_char(dd.expiry_date, 'YYYY-MM-DD'), 'status', dd.status,
    'rejectReason', dd.reject_reason, 'note', dd.note, 'reuploadRequestedAt', dd.reupload_requested_at,
    'reviewedBy', dd.reviewed_by,
    'reviewedByName', (select s.first_name || ' ' || s.last_name from staffs s where s.id = dd.reviewed_by),
    'reviewedAt', dd.reviewed_at, 'version', dd.version, 'createdAt', dd.created_at
  ) order by dd.id), '[]'::jsonb) from driver_documents dd where dd.driver_id = drivers.id)`;

export interface NewDocument {
  kind: string;
  fileId: number;
  number?: string | null;
  expiryDate?: string | null;
}

/**
 * Adds uploads to a driver's documents. Each file must be the writer's own unattached upload, or
 * already this driver's (server/files/attach.ts); `writer` null (the app's sign-up) attaches none.
 */
export async function insertDocuments(
  trx: Db,
  driverId: number,
  documents: NewDocument[],
  writer: number | null,
  field = (i: number) => `documents[${i}].fileId`,
): Promise<void> {
  if (!documents.length) return;
  await claimFiles(
    trx,
    writer,
    { table: 'drivers', id: driverId },
    documents.map((d, i) => ({
      field: field(i),
      fileId: d.fileId,
      purpose: 'document' as const,
    })),
  );
  await trx
    .insertInto('driverDocuments')
    .values(
      documents.map((d) => ({
        driverId,
        kind: d.kind,
        fileId: d.fileId,
        number: d.number ?? null,
        expiryDate: d.expiryDate ?? null,
      })),
    )
    .execute();
}

/**
 * Stores the approval status the rule derives from the driver's documents and suspension, and
 * answers the status before and after. The caller holds the driver's row lock.
 */
export async function refreshApproval(
  trx: Db,
  driverId: number,
  today = cityToday(),
): Promise<{ before: ApprovalStatus; after: ApprovalStatus }> {
  const driver = await trx
    .selectFrom('drivers')
    .select(['approvalStatus', 'suspendedAt'])
    .where('id', '=', driverId)
    .executeTakeFirstOrThrow();
  const documents = await trx
    .selectFrom('driverDocuments')
    .select(['id', 'kind', 'status', sql<string | null>`to_char(expiry_date, 'YYYY-MM-DD')`.as('expiryDate')])
    .where('driverId', '=', driverId)
    .execute();
  const after = deriveApprovalStatus({ suspended: driver.suspendedAt !== null, documents, today });
  if (after !== driver.approvalStatus)
    await trx
      .updateTable('drivers')
      .set({ approvalStatus: after, updatedAt: new Date() })
      .where('id', '=', driverId)
      .execute();
  return { before: driver.approvalStatus as ApprovalStatus, after };
}

/** Reads a driver's row as the drivers API shows it (for the audit rows the expiry check writes). */
export type ReadDriver = (id: number, trx: Transaction<Database>) => Promise<Record<string, unknown> | undefined>;

/**
 * The scheduled expiry check: every approved document past its expiry day becomes `expired`, and
 * its driver's status is derived again (an approved driver goes back to needing review). Each
 * driver it changes gets an audit row by the system (no staff member). Idempotent: a second run
 * finds nothing left to expire. Answers the drivers it moved.
 */
export async function expireDocuments(
  db: Kysely<Database>,
  readDriver: ReadDriver,
  today = cityToday(),
): Promise<{ documents: number; drivers: number[] }> {
  const due = await db
    .selectFrom('driverDocuments')
    .select(['driverId'])
    .distinct()
    .where('status', '=', 'approved')
    .where('expiryDate', '<', today)
    .execute();
  let expired = 0;
  const moved: number[] = [];
  for (const { driverId } of due) {
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('drivers').select('id').where('id', '=', driverId).forUpdate().execute();
      const before = await readDriver(driverId, trx);
      const rows = await trx
        .updateTable('driverDocuments')
        .set({ status: 'expired', version: sql`version + 1`, updatedAt: new Date() })
        .where('driverId', '=', driverId)
        .where('status', '=', 'approved')
        .where('expiryDate', '<', today)
        .returning(['id', 'kind'])
        .execute();
      if (!rows.length) return;
      expired += rows.length;
      const status = await refreshApproval(trx, driverId, today);
      if (status.before !== status.after) moved.push(driverId);
      await recordAudit(trx, {
        staffId: null,
        resource: 'drivers',
        recordId: driverId,
        action: DOCUMENTS_EXPIRED,
        before,
        // Why: which documents ran out (a system decision, no staff member).
        after: { ...(await readDriver(driverId, trx)), expired: rows.map((r) => r.kind) },
      });
    });
  }
  return { documents: expired, drivers: moved };
}
