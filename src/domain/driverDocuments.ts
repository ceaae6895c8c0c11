import { DOCUMENT_KINDS, type DOCUMENT_REVIEW_STATUSES, type DRIVER_APPROVAL_STATUSES } from './enums';
import { addDays } from './dateRange';

/**
 * The rules of a driver's onboarding, shared by the services (which store the derived status) and
 * the panel (which shows progress). Framework-free and pure: "today" is always passed in, as the
 * city's calendar day (`localDay(now, CITY.timeZone)`).
 */

export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export type DocumentStatus = (typeof DOCUMENT_REVIEW_STATUSES)[number];
export type ApprovalStatus = (typeof DRIVER_APPROVAL_STATUSES)[number];

/** Every kind a driver needs approved (and unexpired) to drive. */
export const REQUIRED_DOCUMENT_KINDS: readonly DocumentKind[] = DOCUMENT_KINDS;

/** How many days ahead an expiry is flagged on the review screen. */
export const EXPIRY_WARNING_DAYS = 30;

/** What the rules read of a document row. */
export interface DocumentState {
  id: number;
  kind: string;
  status: string;
  /** A calendar day such as 2027-12-31, or null when the document does not expire. */
  expiryDate?: string | null;
}

/** The newest document of each kind (a re-upload supersedes the older rows, which stay as history). */
export function currentDocuments<D extends DocumentState>(documents: readonly D[]): D[] {
  const byKind = new Map<string, D>();
  for (const doc of documents) {
    const held = byKind.get(doc.kind);
    if (!held || doc.id > held.id) byKind.set(doc.kind, doc);
  }
  return [...byKind.values()].sort(
    (a, b) =>
      DOCUMENT_KINDS.indexOf(a.kind as DocumentKind) - DOCUMENT_KINDS.indexOf(b.kind as DocumentKind) || a.id - b.id,
  );
}

/** Has the document's expiry day passed? A document is valid through its expiry day. */
export const isExpired = (doc: Pick<DocumentState, 'expiryDate'>, today: string): boolean =>
  !!doc.expiryDate && doc.expiryDate < today;

/** Approved and not past its expiry. */
export const isDocumentValid = (doc: DocumentState, today: string): boolean =>
  doc.status === 'approved' && !isExpired(doc, today);

/** 'expired' when the day has passed, 'soon' within EXPIRY_WARNING_DAYS, else null. */
export function expiryWarning(expiryDate: string | null | undefined, today: string): 'expired' | 'soon' | null {
  if (!expiryDate) return null;
  if (expiryDate < today) return 'expired';
  if (expiryDate <= addDays(today, EXPIRY_WARNING_DAYS)) return 'soon';
  return null;
}

/**
 * The driver's approval status, never set by hand:
 * - suspended while a suspension stands (an explicit action with a reason);
 * - approved only when every required document's current version is approved and unexpired;
 * - rejected when a current required document is rejected (the driver must upload a new one);
 * - pending (needs review) otherwise: something is missing, waiting for review, or expired.
 */
export function deriveApprovalStatus(input: {
  suspended: boolean;
  documents: readonly DocumentState[];
  today: string;
}): ApprovalStatus {
  if (input.suspended) return 'suspended';
  const current = new Map(currentDocuments(input.documents).map((d) => [d.kind, d]));
  const required = REQUIRED_DOCUMENT_KINDS.map((kind) => current.get(kind));
  if (required.every((doc) => doc && isDocumentValid(doc, input.today))) return 'approved';
  if (required.some((doc) => doc?.status === 'rejected')) return 'rejected';
  return 'pending';
}

export interface DocumentProgress {
  /** Required kinds whose current document is approved and unexpired. */
  approved: number;
  required: number;
  /** Required kinds that need someone: missing, pending, rejected or expired, in the kinds' order. */
  attention: { kind: DocumentKind; problem: 'missing' | 'pending' | 'rejected' | 'expired' }[];
}

/** "2 of 5 approved", and which documents need attention, for the review queue. */
export function documentProgress(documents: readonly DocumentState[], today: string): DocumentProgress {
  const current = new Map(currentDocuments(documents).map((d) => [d.kind, d]));
  const attention: DocumentProgress['attention'] = [];
  let approved = 0;
  for (const kind of REQUIRED_DOCUMENT_KINDS) {
    const doc = current.get(kind);
    if (!doc) attention.push({ kind, problem: 'missing' });
    else if (isDocumentValid(doc, today)) approved++;
    else if (doc.status === 'expired' || (doc.status === 'approved' && isExpired(doc, today)))
      attention.push({ kind, problem: 'expired' });
    else attention.push({ kind, problem: doc.status === 'rejected' ? 'rejected' : 'pending' });
  }
  return { approved, required: REQUIRED_DOCUMENT_KINDS.length, attention };
}

/** The document to look at first: the first current one still waiting for a decision, else the first. */
export function firstToReview<D extends DocumentState>(documents: readonly D[]): D | undefined {
  const current = currentDocuments(documents);
  return current.find((d) => d.status === 'pending') ?? current[0];
}
