import type { Row } from '../../rest/declaration.js';
import { assertPermission, type StaffPrincipal } from '../../auth/guard.js';
import { mergeSecret } from '../../rest/secrets.js';
import { PAYOUT_PERMISSION } from '../../../src/domain/permissions.js';
import { badRequest } from '../../errors.js';
import { refusal } from '../../../src/domain/messageCodes.js';
import { payoutDetailsProblem, type PayoutDetails } from '../../../src/domain/payoutDetails.js';

const PAYOUT_FIELDS = ['payoutMethod', 'bankCode', 'bankBranchCode', 'bankAccountHolder', 'bankAccountNumber'] as const;

/**
 * Who may write a driver update (issue 43): a change to the payout details needs
 * update-DriverPayoutDetails (Finance), anything else update-Driver; a field sent back as it is
 * stored (the account number as its mask) changes nothing and needs neither. 403 naming the
 * permission otherwise, before anything is written.
 */
export function assertDriverUpdate(staff: StaffPrincipal, columns: Row, existing: Row): void {
  const changed = Object.keys(columns).filter(
    (f) => f !== 'updatedAt' && (mergeSecret(columns[f], existing[f]) ?? null) !== (existing[f] ?? null),
  );
  const payout = changed.some((f) => (PAYOUT_FIELDS as readonly string[]).includes(f));
  const other = changed.some((f) => !(PAYOUT_FIELDS as readonly string[]).includes(f)) || !changed.length;
  if (payout) assertPermission(staff, PAYOUT_PERMISSION);
  if (other) assertPermission(staff, 'update-Driver');
}

/**
 * A driver write's columns, checked as the payout details will be stored (the stored row with the
 * input over it: an update may send only the method, or only a new account number): a bank payout
 * needs every bank detail, else a 400 naming the field and nothing is written. A change of any of
 * them stamps `payoutDetailsUpdatedAt`, which the audit log then shows even when the masked
 * account number reads the same.
 */
export function payoutColumns(columns: Row, existing: Row | undefined): Row {
  const sent = PAYOUT_FIELDS.filter((f) => f in columns);
  if (!sent.length) return columns;
  const merged = { payoutMethod: 'mobile_money', ...existing, ...columns } as unknown as PayoutDetails;
  const problem = payoutDetailsProblem({ ...merged, phone: undefined });
  if (problem) throw badRequest(refusal('highlighted'), { [problem.field]: problem.message });
  const changed = sent.some((f) => (columns[f] ?? null) !== (existing?.[f] ?? null));
  return changed ? { ...columns, payoutDetailsUpdatedAt: new Date() } : columns;
}
