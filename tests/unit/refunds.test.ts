import { describe, expect, it } from 'vitest';
import { refundableLeft, refundProblem } from '../../src/domain/refunds';

describe('passenger refunds are capped at the trip fare', () => {
  it('allows up to the fare, to the cent', () => {
    expect(refundProblem(1020.7, 1020.7, 0)).toBeUndefined();
    expect(refundProblem(0.01, 1020.7, 0)).toBeUndefined();
    expect(refundProblem(1020.71, 1020.7, 0)).toBe("A refund may be at most KES 1,020.70, the trip's fare");
  });

  it('counts what was refunded on the same trip before', () => {
    expect(refundableLeft(1020.7, 500)).toBe(520.7);
    expect(refundProblem(520.7, 1020.7, 500)).toBeUndefined();
    expect(refundProblem(520.71, 1020.7, 500)).toBe(
      "A refund may be at most KES 520.70: the trip's fare is KES 1,020.70 and KES 500.00 was refunded already",
    );
    expect(refundProblem(1, 1020.7, 1020.7)).toBe("The trip's fare of KES 1,020.70 has been refunded in full already");
    expect(refundableLeft(100, 250)).toBe(0);
  });

  it('refuses a refund on a trip without a fare', () => {
    expect(refundProblem(10, 0, 0)).toBe('This trip has no fare to refund');
    expect(refundProblem(10, null, 0)).toBe('This trip has no fare to refund');
    expect(refundableLeft(null, 0)).toBe(0);
  });
});
