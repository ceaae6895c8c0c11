import { computeFare, type DiscountRule, type FareBreakdown, type VehicleTypeRates } from './fare';
import { refusal } from './messageCodes';

/**
 * What a price change does, in money: the same three sample trips priced with the rates in force
 * and with the rates being edited, by `computeFare` (the code the server prices trips with).
 */
export interface SampleTrip {
  key: 'hop' | 'commute' | 'airport';
  /** "Short hop"; `label` adds the distance and duration. */
  name: string;
  label: string;
  distanceKm: number;
  durationMin: number;
}

export const SAMPLE_TRIPS: readonly SampleTrip[] = [
  { key: 'hop', name: 'Short hop', label: 'Short hop, 3 km · 10 min', distanceKm: 3, durationMin: 10 },
  { key: 'commute', name: 'Commute', label: 'Commute, 12 km · 30 min', distanceKm: 12, durationMin: 30 },
  { key: 'airport', name: 'Airport run', label: 'Airport run, 25 km · 45 min', distanceKm: 25, durationMin: 45 },
];

const RATE_FIELDS = ['baseFare', 'pricePerKm', 'pricePerMinute', 'minimumFare'] as const;

const amount = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/**
 * The rates a form holds, or undefined while one of the fare's rates is missing, negative or not a
 * number (the preview then says what to fill in rather than pricing nonsense).
 */
export function ratesFrom(values: Readonly<Record<string, unknown>> | undefined): VehicleTypeRates | undefined {
  if (!values) return undefined;
  const rates: Partial<VehicleTypeRates> = {};
  for (const field of RATE_FIELDS) {
    const value = amount(values[field]);
    if (value === undefined) return undefined;
    rates[field] = value;
  }
  const commission = amount(values.commissionPercent);
  return {
    ...(rates as Pick<VehicleTypeRates, (typeof RATE_FIELDS)[number]>),
    cancellationFee: amount(values.cancellationFee) ?? 0,
    commissionPercent: commission !== undefined && commission <= 100 ? commission : null,
  };
}

/** Money difference to the cent and its percentage of the old amount (one decimal; null from zero). */
export function difference(before: number, after: number): { amount: number; percent: number | null } {
  const cents = Math.round(after * 100) - Math.round(before * 100);
  return {
    amount: cents / 100,
    percent: before === 0 ? (cents === 0 ? 0 : null) : Math.round((cents / Math.round(before * 100)) * 1000) / 10,
  };
}

export interface SampleFare {
  trip: SampleTrip;
  /** Priced with the rates in force; absent for a new record. */
  saved?: FareBreakdown;
  /** Priced with the rates being edited; absent while they are incomplete. */
  edited?: FareBreakdown;
  /** edited − saved, when both exist. */
  change?: { amount: number; percent: number | null };
}

export interface SampleFareOptions {
  /** The commission when the rates set none (the default profile's). */
  defaultCommissionPercent?: number;
  surgeMultiplier?: number;
  discount?: DiscountRule | null;
}

const price = (rates: VehicleTypeRates, trip: SampleTrip, options: SampleFareOptions) =>
  computeFare({
    rates,
    commissionPercent: rates.commissionPercent ?? options.defaultCommissionPercent ?? 0,
    distanceKm: trip.distanceKm,
    durationMin: trip.durationMin,
    surgeMultiplier: options.surgeMultiplier ?? 1,
    discount: options.discount,
  });

/** The three sample trips at the saved and at the edited rates, side by side. */
export function sampleFares(
  saved: VehicleTypeRates | undefined,
  edited: VehicleTypeRates | undefined,
  options: SampleFareOptions = {},
): SampleFare[] {
  return SAMPLE_TRIPS.map((trip) => {
    const before = saved && price(saved, trip, options);
    const after = edited && price(edited, trip, options);
    return {
      trip,
      ...(before ? { saved: before } : {}),
      ...(after ? { edited: after } : {}),
      ...(before && after ? { change: difference(before.total, after.total) } : {}),
    };
  });
}

/** A minimum fare below the base fare never applies: worth a warning, not a refusal. */
export function minimumFareWarning(values: Readonly<Record<string, unknown>>): string | undefined {
  const base = amount(values.baseFare);
  const minimum = amount(values.minimumFare);
  if (base === undefined || minimum === undefined || minimum >= base) return undefined;
  return refusal('minimumBelowBase');
}

/**
 * A discount on the sample trips: each trip's fare without it (`saved`) and with it (`edited`),
 * so the change is what the passenger saves. The discount is read as booking reads it (a percent
 * with its cap, a fixed amount, nothing below the minimum fare).
 */
export function discountedSampleFares(rates: VehicleTypeRates, discount: DiscountRule): SampleFare[] {
  return SAMPLE_TRIPS.map((trip) => {
    const before = price(rates, trip, {});
    const after = price(rates, trip, { discount });
    return { trip, saved: before, edited: after, change: difference(before.total, after.total) };
  });
}

/** The discount a form holds, or undefined while its kind or value is missing or out of range. */
export function discountRuleFrom(values: Readonly<Record<string, unknown>> | undefined): DiscountRule | undefined {
  if (!values) return undefined;
  const value = amount(values.value);
  if (values.kind !== 'percent' && values.kind !== 'fixed') return undefined;
  if (value === undefined || value <= 0 || (values.kind === 'percent' && value > 100)) return undefined;
  return {
    kind: values.kind,
    value,
    maxDiscount: values.kind === 'percent' ? (amount(values.maxDiscount) ?? null) : null,
    minFare: amount(values.minFare) ?? null,
  };
}
