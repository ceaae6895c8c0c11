import { describe, expect, it } from 'vitest';
import {
  currentDocuments,
  deriveApprovalStatus,
  documentProgress,
  expiryWarning,
  firstToReview,
  REQUIRED_DOCUMENT_KINDS,
  type DocumentState,
} from '../../src/domain/driverDocuments';

const TODAY = '2026-11-24';
const PAST = '2026-11-23';
const FUTURE = '2027-06-30';

/** Every required kind approved, unexpired; `change` replaces or removes some. */
function docs(change: Record<string, Partial<DocumentState> | null> = {}): DocumentState[] {
  const out: DocumentState[] = [];
  REQUIRED_DOCUMENT_KINDS.forEach((kind, i) => {
    if (change[kind] === null) return;
    out.push({ id: i + 1, kind, status: 'approved', expiryDate: FUTURE, ...change[kind] });
  });
  return out;
}
const derive = (documents: DocumentState[], suspended = false) =>
  deriveApprovalStatus({ suspended, documents, today: TODAY });

describe('deriveApprovalStatus', () => {
  it('approves a driver whose every required document is approved and unexpired', () => {
    expect(derive(docs())).toBe('approved');
    expect(derive(docs({ photo: { expiryDate: null } }))).toBe('approved');
    // A document is valid through its expiry day.
    expect(derive(docs({ insurance: { expiryDate: TODAY } }))).toBe('approved');
  });

  // One document in every state and expiry, the others approved: only approved-and-unexpired approves.
  const statuses = ['pending', 'approved', 'rejected', 'expired'] as const;
  const expiries = [null, PAST, TODAY, FUTURE] as const;
  for (const kind of REQUIRED_DOCUMENT_KINDS) {
    for (const status of statuses) {
      for (const expiryDate of expiries) {
        const expected =
          status === 'approved' && expiryDate !== PAST ? 'approved' : status === 'rejected' ? 'rejected' : 'pending';
        it(`${kind} ${status}, expiry ${expiryDate ?? 'none'} → ${expected}`, () => {
          expect(derive(docs({ [kind]: { status, expiryDate } }))).toBe(expected);
        });
      }
    }
    it(`${kind} missing → pending`, () => expect(derive(docs({ [kind]: null }))).toBe('pending'));
  }

  it('needs review (pending) for a new sign-up and for no documents at all', () => {
    expect(derive(docs(Object.fromEntries(REQUIRED_DOCUMENT_KINDS.map((k) => [k, { status: 'pending' }]))))).toBe(
      'pending',
    );
    expect(derive([])).toBe('pending');
  });

  it('says rejected when any document is rejected, whatever the others wait for', () => {
    expect(derive(docs({ licence: { status: 'rejected' }, insurance: { status: 'pending' } }))).toBe('rejected');
    expect(derive(docs({ licence: { status: 'rejected' }, insurance: { status: 'expired' } }))).toBe('rejected');
    expect(derive(docs({ licence: { status: 'rejected' }, photo: null }))).toBe('rejected');
  });

  it('reads only the newest upload of a kind: a re-upload replaces a rejection', () => {
    const rejectedThenReuploaded = [...docs({ insurance: { status: 'rejected' } })];
    rejectedThenReuploaded.push({ id: 99, kind: 'insurance', status: 'pending', expiryDate: FUTURE });
    expect(derive(rejectedThenReuploaded)).toBe('pending');
    rejectedThenReuploaded[rejectedThenReuploaded.length - 1].status = 'approved';
    expect(derive(rejectedThenReuploaded)).toBe('approved');
  });

  it('keeps a suspended driver suspended whatever the documents say', () => {
    expect(derive(docs(), true)).toBe('suspended');
    expect(derive(docs({ licence: { status: 'rejected' } }), true)).toBe('suspended');
    expect(derive([], true)).toBe('suspended');
  });
});

describe('documentProgress', () => {
  it('counts approved kinds and lists those that need attention, in order', () => {
    const progress = documentProgress(
      docs({
        licence: { status: 'pending' },
        insurance: { status: 'approved', expiryDate: PAST },
        vehicle_registration: { status: 'rejected' },
        photo: null,
      }),
      TODAY,
    );
    expect(progress).toEqual({
      approved: 1,
      required: 5,
      attention: [
        { kind: 'licence', problem: 'pending' },
        { kind: 'insurance', problem: 'expired' },
        { kind: 'vehicle_registration', problem: 'rejected' },
        { kind: 'photo', problem: 'missing' },
      ],
    });
    expect(documentProgress(docs(), TODAY)).toEqual({ approved: 5, required: 5, attention: [] });
  });
});

describe('expiryWarning', () => {
  it('warns when expired or within 30 days', () => {
    expect(expiryWarning(null, TODAY)).toBeNull();
    expect(expiryWarning(PAST, TODAY)).toBe('expired');
    expect(expiryWarning(TODAY, TODAY)).toBe('soon');
    expect(expiryWarning('2026-12-24', TODAY)).toBe('soon');
    expect(expiryWarning('2026-12-25', TODAY)).toBeNull();
  });
});

describe('currentDocuments and firstToReview', () => {
  it('keeps the newest of each kind in the kinds’ order and starts the review at the first pending', () => {
    const list: DocumentState[] = [
      { id: 7, kind: 'photo', status: 'approved' },
      { id: 3, kind: 'insurance', status: 'rejected' },
      { id: 8, kind: 'insurance', status: 'pending' },
      { id: 2, kind: 'licence', status: 'approved' },
    ];
    expect(currentDocuments(list).map((d) => d.id)).toEqual([2, 8, 7]);
    expect(firstToReview(list)?.id).toBe(8);
    expect(firstToReview(list.filter((d) => d.status === 'approved'))?.id).toBe(2);
    expect(firstToReview([])).toBeUndefined();
  });
});
