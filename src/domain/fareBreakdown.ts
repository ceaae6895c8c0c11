/**
 * A trip's money as the trip page shows it: the fare's lines that add up to its total, what was
 * charged (the fare, a cancellation fee, or nothing), the platform's commission and what the driver
 * earned. Pure; all sums in integer cents so that the lines add up to the cent.
 */
import type { TripStatus } from './enums.js';

export interface FareTrip {
  status: TripStatus;
  fareBase: number;
  fareDistance: number;
  fareTime: number;
  fareSurge: number;
  fareMinimumTopUp: number;
  fareDiscount: number;
  fareTotal: number;
  surgeMultiplier: number;
  distanceKm: number;
  durationMin: number;
  cancellationFee: number;
  commission: number;
  discountCode: string | null;
  discountId: number | null;
}

export type FareLineKey = 'base' | 'distance' | 'time' | 'surge' | 'minimumTopUp' | 'discount';

export interface FareLine {
  key: FareLineKey;
  /** Signed: the discount is negative. */
  amount: number;
}

export interface FareSummary {
  lines: FareLine[];
  /** The sum of the lines (cents-exact). */
  sum: number;
  /** The stored total. */
  total: number;
  /** Do the lines add up to the stored total? */
  addsUp: boolean;
  /** The fare is still the estimate quoted at request (the trip did not complete). */
  estimate: boolean;
  /** What the passenger was charged: the fare (completed), the cancellation fee, or 0. */
  charged: number;
  chargedAs: 'fare' | 'cancellationFee' | 'nothing' | 'pending';
  commission: number;
  /** charged − commission. */
  driverEarnings: number;
}

const cents = (n: number) => Math.round(n * 100);
const amount = (c: number) => c / 100;

export function fareSummary(trip: FareTrip): FareSummary {
  const raw: [FareLineKey, number][] = [
    ['base', trip.fareBase],
    ['distance', trip.fareDistance],
    ['time', trip.fareTime],
    ['surge', trip.fareSurge],
    ['minimumTopUp', trip.fareMinimumTopUp],
    ['discount', -trip.fareDiscount],
  ];
  // Base, distance and time always show; surge, top-up and discount only when they apply.
  const lines = raw
    .filter(([key, value]) => key === 'base' || key === 'distance' || key === 'time' || cents(value) !== 0)
    .map(([key, value]) => ({ key, amount: value }));
  const sumCents = lines.reduce((s, l) => s + cents(l.amount), 0);
  const cancelled = trip.status === 'cancelled_by_passenger' || trip.status === 'cancelled_by_driver';
  const finished = cancelled || trip.status === 'completed' || trip.status === 'no_driver_found';
  let chargedAs: FareSummary['chargedAs'];
  let chargedCents: number;
  if (trip.status === 'completed') {
    chargedAs = 'fare';
    chargedCents = cents(trip.fareTotal);
  } else if (cancelled && cents(trip.cancellationFee) > 0) {
    chargedAs = 'cancellationFee';
    chargedCents = cents(trip.cancellationFee);
  } else {
    chargedAs = finished ? 'nothing' : 'pending';
    chargedCents = 0;
  }
  const commissionCents = chargedCents > 0 ? cents(trip.commission) : 0;
  return {
    lines,
    sum: amount(sumCents),
    total: trip.fareTotal,
    addsUp: sumCents === cents(trip.fareTotal),
    estimate: trip.status !== 'completed',
    charged: amount(chargedCents),
    chargedAs,
    commission: amount(commissionCents),
    driverEarnings: amount(chargedCents - commissionCents),
  };
}
