import { queueReviewText } from './reviewTexts.js';
import { sql } from 'kysely';
import { ApiError, badRequest } from '../../errors.js';
import { defineAction, type ActionContext } from '../../rest/declaration.js';
import { enumWords } from '../../../src/domain/resources/manifest.js';
import {
  approveDocumentSchema,
  documentInput,
  rejectDocumentSchema,
  requestReuploadSchema,
  suspensionSchema,
} from '../../../src/domain/resources/drivers.js';
import { insertDocuments, refreshApproval } from './documents.js';
import { releaseDriver } from '../../trip/trips/release.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/**
 * The onboarding decisions, each an engine action on the driver (POST /drivers/:id/<name>): one
 * transaction with the driver locked, an audit row on the driver's history, the approval status
 * derived again, and an SMS to the driver after commit.
 */

export const CHANGED_ELSEWHERE = 'This document was changed by someone else. Reload to see its current state.';

const kindWords = (kind: string) => (kind === 'licence' ? 'driving licence' : enumWords(kind).toLowerCase());

/** The document, which must be the driver's; a stale version is refused (409), never overwritten. */
async function documentOf(ctx: ActionContext, version?: number) {
  const doc = await ctx.trx
    .selectFrom('driverDocuments')
    .selectAll()
    .where('id', '=', ctx.input.documentId as number)
    .where('driverId', '=', ctx.id!)
    .executeTakeFirst();
  if (!doc) throw badRequest('This driver has no such document', { documentId: 'This driver has no such document' });
  if (version !== undefined && doc.version !== version) throw new ApiError(409, CHANGED_ELSEWHERE);
  const newer = await ctx.trx
    .selectFrom('driverDocuments')
    .select('id')
    .where('driverId', '=', ctx.id!)
    .where('kind', '=', doc.kind)
    .where('id', '>', doc.id)
    .executeTakeFirst();
  if (newer) throw new ApiError(409, 'A newer upload replaced this document. Reload to review the new one.');
  return doc;
}

function texter(ctx: ActionContext) {
  const phone = ctx.existing!.phone as string;
  return (text: string) => ctx.text(phone, text);
}

/** A document decision's text, sent with the other decisions of the same minute as one SMS (reviewTexts). */
function reviewTexter(ctx: ActionContext) {
  const phone = ctx.existing!.phone as string;
  const { messenger, config } = ctx.services;
  const windowMs = config.reviewSmsWindowSeconds * 1000;
  return (text: string) =>
    ctx.afterCommit(() =>
      queueReviewText(messenger, phone, text, windowMs, (err) =>
        console.error('[drivers] a review SMS could not be sent', err),
      ),
    );
}

const statusMessage = (status: { before: string; after: string }, name: string) =>
  status.after === 'approved' && status.before !== 'approved' ? ` ${name} is now approved to drive.` : '';

export const approveDocument = defineAction({
  summary: "Approve one of a driver's documents",
  description:
    'Body: `documentId` and the `version` you saw (409 when someone changed the document since). The driver becomes approved when every required document is approved and unexpired; the driver is texted.',
  body: approveDocumentSchema,
  async handler(ctx) {
    const doc = await documentOf(ctx, ctx.input.version as number);
    if (doc.status === 'approved') throw new ApiError(409, 'This document is already approved. Reload the driver.');
    await ctx.trx
      .updateTable('driverDocuments')
      .set({
        status: 'approved',
        rejectReason: null,
        note: null,
        reviewedBy: ctx.staff.id,
        reviewedAt: new Date(),
        version: sql`version + 1`,
        updatedAt: new Date(),
      })
      .where('id', '=', doc.id)
      .execute();
    const status = await refreshApproval(ctx.trx, ctx.id!);
    const approvedNow = status.after === 'approved' && status.before !== 'approved';
    reviewTexter(ctx)(
      approvedNow
        ? `Ride Admin: your ${kindWords(doc.kind)} was approved. All your documents are approved: you can now go online and take trips.`
        : `Ride Admin: your ${kindWords(doc.kind)} was approved.`,
    );
    const name = `${String(ctx.existing!.firstName)} ${String(ctx.existing!.lastName)}`;
    return {
      message: `${enumWords(doc.kind)} approved.${statusMessage(status, name)}`,
      audit: { document: doc.kind, documentId: doc.id },
    };
  },
});

export const rejectDocument = defineAction({
  summary: "Reject one of a driver's documents with a reason",
  description:
    'Body: `documentId`, `version`, `reason` (unreadable, expired, mismatch, wrong_document, other) and a `note` (required for other). The driver is texted the reason and asked to upload a new one.',
  body: rejectDocumentSchema,
  async handler(ctx) {
    const doc = await documentOf(ctx, ctx.input.version as number);
    const note = (ctx.input.note as string | null | undefined) || null;
    await ctx.trx
      .updateTable('driverDocuments')
      .set({
        status: 'rejected',
        rejectReason: ctx.input.reason as string,
        note,
        reviewedBy: ctx.staff.id,
        reviewedAt: new Date(),
        version: sql`version + 1`,
        updatedAt: new Date(),
      })
      .where('id', '=', doc.id)
      .execute();
    const status = await refreshApproval(ctx.trx, ctx.id!);
    if (status.before === 'approved' && status.after !== 'approved')
      await releaseDriver(ctx, ctx.id!, `The driver's ${kindWords(doc.kind)} was rejected`);
    const reason = REASON_WORDS[ctx.input.reason as string] ?? String(ctx.input.reason);
    reviewTexter(ctx)(
      `Ride Admin: your ${kindWords(doc.kind)} was rejected: ${reason}.${note ? ` ${note}` : ''} Please upload a new one in the driver app.`,
    );
    return {
      message: `${enumWords(doc.kind)} rejected: ${reason}.`,
      audit: { document: doc.kind, documentId: doc.id, reason: ctx.input.reason as string, note },
    };
  },
});

export const REASON_WORDS: Record<string, string> = {
  unreadable: 'it cannot be read',
  expired: 'it has expired',
  mismatch: 'it does not match your profile',
  wrong_document: 'it is not the right document',
  other: 'see the note',
};

export const requestReupload = defineAction({
  summary: 'Ask a driver to upload a new copy of a document',
  description:
    'Body: `documentId` and a `note` telling the driver what to upload. The document keeps its status until the new upload arrives; the driver is texted the note.',
  body: requestReuploadSchema,
  async handler(ctx) {
    const doc = await documentOf(ctx);
    await ctx.trx
      .updateTable('driverDocuments')
      .set({
        reuploadRequestedAt: new Date(),
        note: ctx.input.note as string,
        version: sql`version + 1`,
        updatedAt: new Date(),
      })
      .where('id', '=', doc.id)
      .execute();
    texter(ctx)(`Ride Admin: please upload a new ${kindWords(doc.kind)} in the driver app. ${String(ctx.input.note)}`);
    return {
      message: `Re-upload of the ${kindWords(doc.kind)} requested.`,
      audit: { document: doc.kind, documentId: doc.id, note: ctx.input.note as string },
    };
  },
});

export const uploadDocument = defineAction({
  summary: 'Add a new upload of a document to a driver',
  description:
    'Body: `kind`, `fileId` (POST /api/user/files, checked by content), `number`, `expiryDate`. The upload becomes the current document of its kind and waits for review; the older stays as history.',
  body: documentInput,
  async handler(ctx) {
    const file = await ctx.trx
      .selectFrom('files')
      .select('id')
      .where('id', '=', ctx.input.fileId as number)
      .executeTakeFirst();
    if (!file)
      throw badRequest(refusal('uploadDocumentFirst'), { fileId: refusal('noSuch', { label: 'uploaded file' }) });
    await insertDocuments(ctx.trx, ctx.id!, [ctx.input as never], ctx.staff.id, () => 'fileId');
    await refreshApproval(ctx.trx, ctx.id!);
    return {
      message: `New ${kindWords(ctx.input.kind as string)} added; it waits for review.`,
      audit: { document: ctx.input.kind as string },
    };
  },
});

export const suspendDriver = defineAction({
  summary: 'Suspend a driver, with a reason',
  description:
    'The driver cannot be approved while suspended; the driver is texted the reason. At once, on every process: the driver app is disconnected and taken offline, a pending offer goes to the next driver, and a trip the driver holds goes back to the dispatcher (an accepted or arrived trip is requested again without a driver; one in progress is noted on its timeline).',
  body: suspensionSchema,
  bulk: { undo: 'reinstate' },
  async handler(ctx) {
    if (ctx.existing!.suspendedAt) throw new ApiError(409, 'This driver is already suspended. Reload the driver.');
    await ctx.trx
      .updateTable('drivers')
      .set({ suspendedAt: new Date(), suspensionReason: ctx.input.reason as string, updatedAt: new Date() })
      .where('id', '=', ctx.id!)
      .execute();
    await refreshApproval(ctx.trx, ctx.id!);
    await releaseDriver(ctx, ctx.id!, 'Driver suspended');
    texter(ctx)(`Ride Admin: your driver account is suspended. Reason: ${String(ctx.input.reason)}`);
    return { message: 'Driver suspended.', audit: { reason: ctx.input.reason as string } };
  },
});

export const reinstateDriver = defineAction({
  summary: 'Reinstate a suspended driver, with a reason',
  description:
    'The approval status is derived again from the documents (approved only if every required document still is); the driver is texted.',
  body: suspensionSchema,
  bulk: { undo: 'suspend' },
  async handler(ctx) {
    if (!ctx.existing!.suspendedAt) throw new ApiError(409, 'This driver is not suspended. Reload the driver.');
    await ctx.trx
      .updateTable('drivers')
      .set({ suspendedAt: null, suspensionReason: null, updatedAt: new Date() })
      .where('id', '=', ctx.id!)
      .execute();
    const status = await refreshApproval(ctx.trx, ctx.id!);
    texter(ctx)(
      status.after === 'approved'
        ? `Ride Admin: your driver account is reinstated. ${String(ctx.input.reason)}`
        : `Ride Admin: your driver account is reinstated; some documents still need review before you can drive. ${String(ctx.input.reason)}`,
    );
    return {
      message:
        status.after === 'approved' ? 'Driver reinstated.' : 'Driver reinstated; some documents still need review.',
      audit: { reason: ctx.input.reason as string },
    };
  },
});

/** The driver's current documents (the newest upload of each kind) that wait for review. */
async function pendingDocuments(ctx: ActionContext) {
  const docs = await ctx.trx
    .selectFrom('driverDocuments as d')
    .select(['d.id', 'd.kind'])
    .where('d.driverId', '=', ctx.id!)
    .where('d.status', '=', 'pending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('driverDocuments as n')
            .select('n.id')
            .whereRef('n.driverId', '=', 'd.driverId')
            .whereRef('n.kind', '=', 'd.kind')
            .whereRef('n.id', '>', 'd.id'),
        ),
      ),
    )
    .orderBy('d.id')
    .execute();
  if (!docs.length) throw new ApiError(409, 'This driver has no documents waiting for review.');
  return docs;
}

async function decideAll(ctx: ActionContext, ids: number[], decision: Record<string, unknown>) {
  await ctx.trx
    .updateTable('driverDocuments')
    .set({
      ...decision,
      reviewedBy: ctx.staff.id,
      reviewedAt: new Date(),
      version: sql`version + 1`,
      updatedAt: new Date(),
    })
    .where('id', 'in', ids)
    .execute();
  return refreshApproval(ctx.trx, ctx.id!);
}

/** The review queue's bulk decision: every document of the driver that waits for review. */
export const approveDocuments = defineAction({
  summary: 'Approve every document of a driver that waits for review',
  description:
    'For the review queue’s bulk approval (POST /drivers/bulk/approve-documents). 409 when nothing waits for review. The driver becomes approved when every required document is approved and unexpired; the driver is texted.',
  bulk: {},
  async handler(ctx) {
    const docs = await pendingDocuments(ctx);
    const status = await decideAll(
      ctx,
      docs.map((d) => d.id),
      { status: 'approved', rejectReason: null, note: null },
    );
    const kinds = docs.map((d) => kindWords(d.kind)).join(', ');
    reviewTexter(ctx)(
      status.after === 'approved' && status.before !== 'approved'
        ? `Ride Admin: your ${kinds} ${docs.length > 1 ? 'were' : 'was'} approved. All your documents are approved: you can now go online and take trips.`
        : `Ride Admin: your ${kinds} ${docs.length > 1 ? 'were' : 'was'} approved.`,
    );
    const name = `${String(ctx.existing!.firstName)} ${String(ctx.existing!.lastName)}`;
    return {
      message: `${docs.length} document${docs.length > 1 ? 's' : ''} approved.${statusMessage(status, name)}`,
      audit: { documents: docs.map((d) => d.kind) },
    };
  },
});

/** The review queue's bulk rejection: every document waiting for review, with the reason as its note. */
export const rejectDocuments = defineAction({
  summary: 'Reject every document of a driver that waits for review, with a reason',
  description:
    'For the review queue’s bulk rejection (POST /drivers/bulk/reject-documents {reason}): each document is rejected as `other` with the reason as its note; the driver is texted it and asked to upload new ones. 409 when nothing waits for review.',
  body: suspensionSchema,
  bulk: {},
  async handler(ctx) {
    const docs = await pendingDocuments(ctx);
    const note = String(ctx.input.reason);
    const status = await decideAll(
      ctx,
      docs.map((d) => d.id),
      { status: 'rejected', rejectReason: 'other', note },
    );
    if (status.before === 'approved' && status.after !== 'approved')
      await releaseDriver(ctx, ctx.id!, "The driver's documents were rejected");
    const kinds = docs.map((d) => kindWords(d.kind)).join(', ');
    reviewTexter(ctx)(
      `Ride Admin: your ${kinds} ${docs.length > 1 ? 'were' : 'was'} rejected: ${note} Please upload new ones in the driver app.`,
    );
    return {
      message: `${docs.length} document${docs.length > 1 ? 's' : ''} rejected.`,
      audit: { documents: docs.map((d) => d.kind), note },
    };
  },
});

export const DRIVER_ACTIONS = {
  'approve-documents': approveDocuments,
  'reject-documents': rejectDocuments,
  'approve-document': approveDocument,
  'reject-document': rejectDocument,
  'request-reupload': requestReupload,
  'upload-document': uploadDocument,
  suspend: suspendDriver,
  reinstate: reinstateDriver,
};
