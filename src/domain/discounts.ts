import type { DISCOUNT_STATES } from './enums';

export type DiscountState = (typeof DISCOUNT_STATES)[number];

/** The fields of a discount its state and description read. */
export interface DiscountFacts {
  kind: 'percent' | 'fixed';
  value: number;
  maxDiscount: number | null;
  minFare: number | null;
  active: boolean;
  validFrom: string | Date | null;
  validTo: string | Date | null;
  usageLimit: number | null;
  timesUsed: number;
}

const time = (v: string | Date | null) => (v === null ? undefined : new Date(v).getTime());

/**
 * Where a discount stands at an instant, as the trip service computes it in SQL (server/trip/discounts):
 * switched off → inactive; past its end → expired; before its start → scheduled; its usage limit
 * reached → used up; else active (running). The start is inclusive and the end too, as booking checks them.
 */
export function discountState(d: DiscountFacts, at: Date): DiscountState {
  const now = at.getTime();
  if (!d.active) return 'inactive';
  const to = time(d.validTo);
  if (to !== undefined && to < now) return 'expired';
  const from = time(d.validFrom);
  if (from !== undefined && from > now) return 'scheduled';
  if (d.usageLimit !== null && d.timesUsed >= d.usageLimit) return 'used_up';
  return 'active';
}

/** "15 % up to KES 300.00", "KES 100.00 off", with " on fares from KES 500.00" when it has a minimum. */
export function describeDiscount(
  d: Pick<DiscountFacts, 'kind' | 'value' | 'maxDiscount' | 'minFare'>,
  formatMoneyPlain: (amount: number) => string,
): string {
  const main =
    d.kind === 'percent'
      ? `${Number(d.value)} %${d.maxDiscount !== null ? ` up to ${formatMoneyPlain(d.maxDiscount)}` : ''}`
      : `${formatMoneyPlain(d.value)} off`;
  return d.minFare !== null && d.minFare > 0 ? `${main} on fares from ${formatMoneyPlain(d.minFare)}` : main;
}

/** Share of the usage limit used, 0–100, or undefined without a limit. */
export function usageShare(d: Pick<DiscountFacts, 'usageLimit' | 'timesUsed'>): number | undefined {
  if (d.usageLimit === null || d.usageLimit <= 0) return undefined;
  return Math.min(100, Math.round((d.timesUsed / d.usageLimit) * 100));
}
