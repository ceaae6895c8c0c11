import { refusal } from './messageCodes';

const cents = (amount: number) => Math.round(amount * 100);

/** What may still be refunded on a trip: its fare less the refunds already granted on it (never below 0). */
export function refundableLeft(fareTotal: number | null, refundedBefore: number): number {
  if (fareTotal === null || !Number.isFinite(fareTotal)) return 0;
  return Math.max(0, cents(fareTotal) - cents(refundedBefore)) / 100;
}

/**
 * Why a refund of `amount` on a trip is refused, or undefined when it may be granted: a passenger
 * refund is capped at the trip's fare, less what was refunded on the same trip before (an issue
 * reopened and resolved again, or a second issue about the trip).
 */
export function refundProblem(amount: number, fareTotal: number | null, refundedBefore: number): string | undefined {
  if (fareTotal === null || cents(fareTotal) <= 0) return refusal('noFareToRefund');
  const left = refundableLeft(fareTotal, refundedBefore);
  if (cents(amount) <= cents(left)) return undefined;
  if (left === 0) return refusal('refundedInFull', { fare: fareTotal });
  if (cents(refundedBefore) > 0)
    return refusal('refundAtMostLeft', { left, fare: fareTotal, refunded: refundedBefore });
  return refusal('refundAtMostFare', { fare: fareTotal });
}
