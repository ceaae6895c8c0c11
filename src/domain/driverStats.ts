import { addDays, bucketStart, localDay } from './dateRange';

/** The periods of a driver's page, as city days (inclusive): this week from Monday, this month from the 1st, the last 30 days. */
export interface DriverPeriods {
  today: string;
  weekFrom: string;
  monthFrom: string;
  last30From: string;
}

/** The periods of the driver's page on the city's clock: a week starts on Monday, a month on the 1st, both at local midnight. */
export function driverPeriods(now: Date, timeZone: string): DriverPeriods {
  const today = localDay(now, timeZone);
  return {
    today,
    weekFrom: bucketStart(today, 'week'),
    monthFrom: bucketStart(today, 'month'),
    last30From: addDays(today, -29),
  };
}

/** What a driver's trips of a period brought in, as the rollups sum them (completed fares, cancellation fees, commission). */
export interface DriverTakings {
  fareTotal: number;
  cancellationFee: number;
  commission: number;
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * What the driver earned: the fares of completed trips plus cancellation fees, less the platform's
 * commission (as the drivers' revenue report counts it), to the cent.
 */
export const driverEarnings = ({ fareTotal, cancellationFee, commission }: DriverTakings): number =>
  (cents(fareTotal) + cents(cancellationFee) - cents(commission)) / 100;

/**
 * The share of the trips a driver was given that the driver cancelled; null without any trip
 * (no rate is better than a misleading 0 %).
 */
export function driverCancellationRate(given: number, cancelledByDriver: number): number | null {
  if (!Number.isFinite(given) || given <= 0) return null;
  return Math.min(1, Math.max(0, cancelledByDriver / given));
}

/**
 * The share of the offers a driver answered or let expire that the driver accepted; offers
 * withdrawn (another driver took the trip, a dispatcher assigned it, the passenger cancelled) and
 * offers still pending do not count. Null without any (no rate is better than a misleading 0 %).
 */
export function driverAcceptanceRate(accepted: number, declined: number, timedOut: number): number | null {
  const answered = accepted + declined + timedOut;
  if (!Number.isFinite(answered) || answered <= 0) return null;
  return Math.min(1, Math.max(0, accepted / answered));
}
