import type { Row } from '../../rest/declaration.js';
import { badRequest } from '../../errors.js';
import { refusal } from '../../../src/domain/messageCodes.js';
import { payoutDetailsProblem, type PayoutDetails } from '../../../src/domain/payoutDetails.js';

const PAYOUT_FIELDS = ['payoutMethod', 'bankCode', 'bankBranchCode', 'bankAccountHolder', 'bankAccountNumber'] as const;

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
