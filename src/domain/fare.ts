/**
 * Fare rules of the trip service: pure and framework-free, shared by the
 * server (estimates, trip completion, seeds) and the panel's dispatcher.
 *
 * All money arithmetic runs in integer cents so that a fare computed here,
 * in a seed or in a test by hand comes out the same to the cent.
 */
import { CITY } from './city.js';

export interface LatLng {
  lat: number;
  lng: number;
}

/** The rates of one vehicle type (currency units, KES). */
export interface VehicleTypeRates {
  baseFare: number;
  pricePerKm: number;
  pricePerMinute: number;
  minimumFare: number;
  cancellationFee: number;
  /** Null: the default commission of the price settings applies. */
  commissionPercent: number | null;
}

/**
 * A surge window: on the given weekdays (0 = Sunday … 6 = Saturday, in the
 * city's time zone), from `from` (inclusive) to `to` (exclusive), both
 * 'HH:MM'. A window whose `to` is not after `from` runs past midnight into
 * the next day, and belongs to the day it starts on.
 */
export interface SurgeRule {
  label?: string;
  days: number[];
  from: string;
  to: string;
  multiplier: number;
}

/** One row of the price settings: the default (no vehicle type) or a vehicle type's own. */
export interface PriceProfile {
  commissionPercent: number | null;
  bidPercent: number | null;
  surgeRules: SurgeRule[] | null;
  active?: boolean;
}

/** The rules in force for one vehicle type once defaults are applied. */
export interface PricingRules {
  commissionPercent: number;
  bidPercent: number;
  surgeRules: SurgeRule[];
}

export interface DiscountRule {
  kind: 'percent' | 'fixed';
  /** Percent (0–100) or an amount. */
  value: number;
  /** Cap for a percent discount; null means none. */
  maxDiscount: number | null;
  /** The discount applies only when the fare before it reaches this; null means always. */
  minFare: number | null;
}

export interface FareBreakdown {
  distanceKm: number;
  durationMin: number;
  surgeMultiplier: number;
  base: number;
  distance: number;
  time: number;
  surge: number;
  /** Added to reach the vehicle type's minimum fare. */
  minimumTopUp: number;
  discount: number;
  /** base + distance + time + surge + minimumTopUp − discount: what the passenger pays. */
  total: number;
  commissionPercent: number;
  /** The platform's share of the total. */
  commission: number;
}

/** Average door-to-door speed in Nairobi traffic, km/h (no routing engine is reachable). */
export const CITY_SPEED_KMH = 22;
/** Roads are longer than the straight line: distance = straight line × this factor. */
export const ROUTE_FACTOR = 1.3;

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Road distance and driving time estimated from the straight line: the
 * distance is the great-circle distance × ROUTE_FACTOR rounded to 0.01 km,
 * the duration that distance at CITY_SPEED_KMH, rounded up to whole minutes
 * (at least 1).
 */
export function estimateRoute(pickup: LatLng, dropoff: LatLng): { distanceKm: number; durationMin: number } {
  const distanceKm = Math.round(haversineKm(pickup, dropoff) * ROUTE_FACTOR * 100) / 100;
  const durationMin = Math.max(1, Math.ceil((distanceKm / CITY_SPEED_KMH) * 60 - 1e-9));
  return { distanceKm, durationMin };
}

const cents = (amount: number) => Math.round(amount * 100);
const units = (c: number) => c / 100;
/** A percentage or multiplier with two decimals, as an integer of hundredths. */
const hundredths = (x: number) => Math.round(x * 100);

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Weekday (0 = Sunday) and minute of the day of an instant in a time zone. */
export function localClock(at: Date, timeZone: string = CITY.timeZone): { day: number; minute: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of f.formatToParts(at)) {
    if (part.type === 'weekday') day = WEEKDAYS[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { day, minute: hour * 60 + minute };
}

/** 'HH:MM' to minutes after midnight; NaN when malformed. */
export function parseClock(hhmm: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

/** Whether a surge window covers the given local weekday and minute. */
export function ruleCovers(rule: SurgeRule, day: number, minute: number): boolean {
  const from = parseClock(rule.from);
  const to = parseClock(rule.to);
  if (Number.isNaN(from) || Number.isNaN(to)) return false;
  if (to > from) return rule.days.includes(day) && minute >= from && minute < to;
  // Past midnight: the evening part on a listed day, the morning part on the day after one.
  return (rule.days.includes(day) && minute >= from) || (rule.days.includes((day + 6) % 7) && minute < to);
}

/** The surge multiplier at a local weekday and minute: the highest covering window's, else 1. */
export function surgeAtClock(rules: readonly SurgeRule[], day: number, minute: number): number {
  let best = 1;
  for (const rule of rules) if (rule.multiplier > best && ruleCovers(rule, day, minute)) best = rule.multiplier;
  return best;
}

/** The surge multiplier in force at an instant, read on the city's clock. */
export function surgeMultiplier(rules: readonly SurgeRule[], at: Date, timeZone: string = CITY.timeZone): number {
  const { day, minute } = localClock(at, timeZone);
  return surgeAtClock(rules, day, minute);
}

/**
 * The rules for a vehicle type: its own price-settings row when there is an
 * active one, each empty (null) field of it falling back to the default row;
 * the commission is the vehicle type's own when it sets one.
 */
export function resolvePricing(
  defaults: PriceProfile,
  own: PriceProfile | undefined,
  vehicleType: Pick<VehicleTypeRates, 'commissionPercent'>,
): PricingRules {
  const profile = own && own.active !== false ? own : undefined;
  return {
    commissionPercent: vehicleType.commissionPercent ?? profile?.commissionPercent ?? defaults.commissionPercent ?? 0,
    bidPercent: profile?.bidPercent ?? defaults.bidPercent ?? 0,
    surgeRules: profile?.surgeRules ?? defaults.surgeRules ?? [],
  };
}

/** The discount on a fare before discount (all in cents). */
function discountCents(grossCents: number, d: DiscountRule | null | undefined): number {
  if (!d) return 0;
  if (d.minFare !== null && grossCents < cents(d.minFare)) return 0;
  let c = d.kind === 'percent' ? Math.round((grossCents * hundredths(d.value)) / 10_000) : cents(d.value);
  if (d.kind === 'percent' && d.maxDiscount !== null) c = Math.min(c, cents(d.maxDiscount));
  return Math.max(0, Math.min(c, grossCents));
}

export interface FareInput {
  rates: VehicleTypeRates;
  /** Only commissionPercent is read here; see resolvePricing. */
  commissionPercent: number;
  distanceKm: number;
  durationMin: number;
  surgeMultiplier: number;
  discount?: DiscountRule | null;
  /** A fixed fare between two zones (src/domain/zoneFares.ts): the base, with no distance, time, surge or minimum. */
  fixedFare?: number;
}

/**
 * The fare of a trip:
 * - base: the vehicle type's base fare;
 * - distance: price per km × distance; time: price per minute × duration;
 * - surge: (base + distance + time) × (multiplier − 1);
 * - minimumTopUp: what lifts the sum so far to the minimum fare;
 * - discount: from the discount code, on that sum;
 * - total: the sum less the discount; commission: its percentage of the total.
 * Each part is rounded to the cent (half up). A fixed fare is the base alone: no distance, time,
 * surge or minimum; a discount still applies.
 */
export function computeFare(input: FareInput): FareBreakdown {
  const { rates } = input;
  const fixed = input.fixedFare !== undefined;
  const distHundredths = Math.round(input.distanceKm * 100);
  const base = cents(fixed ? input.fixedFare! : rates.baseFare);
  const distance = fixed ? 0 : Math.round((cents(rates.pricePerKm) * distHundredths) / 100);
  const time = fixed ? 0 : cents(rates.pricePerMinute) * input.durationMin;
  const subtotal = base + distance + time;
  const multiplier = fixed ? 100 : hundredths(input.surgeMultiplier);
  const surge = Math.round((subtotal * (multiplier - 100)) / 100);
  const minimumTopUp = fixed ? 0 : Math.max(0, cents(rates.minimumFare) - (subtotal + surge));
  const gross = subtotal + surge + minimumTopUp;
  const discount = discountCents(gross, input.discount);
  const total = gross - discount;
  const commission = Math.round((total * hundredths(input.commissionPercent)) / 10_000);
  return {
    distanceKm: distHundredths / 100,
    durationMin: input.durationMin,
    surgeMultiplier: multiplier / 100,
    base: units(base),
    distance: units(distance),
    time: units(time),
    surge: units(surge),
    minimumTopUp: units(minimumTopUp),
    discount: units(discount),
    total: units(total),
    commissionPercent: hundredths(input.commissionPercent) / 100,
    commission: units(commission),
  };
}

/** The commission on a cancellation fee (or any amount), rounded to the cent. */
export function commissionOn(amount: number, commissionPercent: number): number {
  return units(Math.round((cents(amount) * hundredths(commissionPercent)) / 10_000));
}

/**
 * How far a passenger's offer may go: bidPercent below to bidPercent above
 * the estimate, rounded to whole shillings inward.
 */
export function bidRange(total: number, bidPercent: number): { min: number; max: number } {
  const p = hundredths(bidPercent);
  return {
    min: Math.ceil((cents(total) * (10_000 - p)) / 1_000_000),
    max: Math.floor((cents(total) * (10_000 + p)) / 1_000_000),
  };
}

/** Whether a discount may be used at an instant, by its validity window and usage counts. */
export function discountUsable(
  d: {
    active: boolean;
    validFrom: Date | string | null;
    validTo: Date | string | null;
    usageLimit: number | null;
    timesUsed: number;
    perPassengerLimit: number | null;
  },
  at: Date,
  usedByPassenger = 0,
): string | undefined {
  if (!d.active) return 'This discount code is not active';
  if (d.validFrom && at < new Date(d.validFrom)) return 'This discount code is not valid yet';
  if (d.validTo && at > new Date(d.validTo)) return 'This discount code has expired';
  if (d.usageLimit !== null && d.timesUsed >= d.usageLimit) return 'This discount code has been used up';
  if (d.perPassengerLimit !== null && usedByPassenger >= d.perPassengerLimit)
    return 'This passenger has already used this discount code';
  return undefined;
}
