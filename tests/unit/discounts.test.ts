import { describe, expect, it } from 'vitest';
import { describeDiscount, discountState, usageShare, type DiscountFacts } from '../../src/domain/discounts.js';
import { discountUsable } from '../../src/domain/fare.js';
import { formatMoney } from '../../src/kit/format.js';

const money = (n: number) => formatMoney(n)!.replace(/\s/g, ' ');
const FROM = '2026-12-01T00:00:00.000Z';
const TO = '2026-12-31T21:00:00.000Z';
const base: DiscountFacts = {
  kind: 'percent',
  value: 15,
  maxDiscount: 300,
  minFare: null,
  active: true,
  validFrom: FROM,
  validTo: TO,
  usageLimit: 100,
  timesUsed: 10,
};
const at = (iso: string, delta = 0) => new Date(new Date(iso).getTime() + delta);

describe('discountState at its boundaries', () => {
  it('is scheduled until the start, running from the start to the end inclusive, then expired', () => {
    expect(discountState(base, at(FROM, -1))).toBe('scheduled');
    expect(discountState(base, at(FROM))).toBe('active');
    expect(discountState(base, at(TO))).toBe('active');
    expect(discountState(base, at(TO, 1))).toBe('expired');
  });

  it('is used up at the limit, not one before; inactive whatever else; open-ended without dates', () => {
    expect(discountState({ ...base, timesUsed: 99 }, at(FROM))).toBe('active');
    expect(discountState({ ...base, timesUsed: 100 }, at(FROM))).toBe('used_up');
    expect(discountState({ ...base, timesUsed: 100 }, at(TO, 1))).toBe('expired');
    expect(discountState({ ...base, active: false }, at(FROM))).toBe('inactive');
    expect(
      discountState({ ...base, validFrom: null, validTo: null, usageLimit: null }, at('2030-01-01T00:00:00Z')),
    ).toBe('active');
  });

  it('agrees with what booking accepts: usable exactly when running', () => {
    for (const [d, when] of [
      [base, at(FROM, -1)],
      [base, at(FROM)],
      [base, at(TO)],
      [base, at(TO, 1)],
      [{ ...base, timesUsed: 100 }, at(FROM)],
      [{ ...base, active: false }, at(FROM)],
    ] as const) {
      expect(discountState(d, when) === 'active').toBe(
        discountUsable({ ...d, perPassengerLimit: null }, when) === undefined,
      );
    }
  });
});

describe('describeDiscount', () => {
  it('reads like the list shows it', () => {
    expect(describeDiscount(base, money)).toBe('15 % up to KES 300.00');
    expect(describeDiscount({ ...base, maxDiscount: null }, money)).toBe('15 %');
    expect(describeDiscount({ kind: 'fixed', value: 100, maxDiscount: null, minFare: 500 }, money)).toBe(
      'KES 100.00 off on fares from KES 500.00',
    );
  });
});

describe('usageShare', () => {
  it('is the share of the limit, capped at 100, and none without a limit', () => {
    expect(usageShare({ usageLimit: 200, timesUsed: 50 })).toBe(25);
    expect(usageShare({ usageLimit: 10, timesUsed: 12 })).toBe(100);
    expect(usageShare({ usageLimit: null, timesUsed: 12 })).toBeUndefined();
  });
});
