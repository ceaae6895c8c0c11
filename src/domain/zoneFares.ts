/**
 * Airport-style fixed fares between two service zones (issue 32), framework-free. A fixed fare
 * replaces the metered fare (base + distance + time) of a trip whose pickup is in zone A and whose
 * drop-off is in zone B, for one vehicle type or for all. No surge applies on a fixed fare (the
 * price was agreed beforehand, as at an airport's taxi desk); a discount code still does.
 */

import { refusal } from './messageCodes';

export interface FixedFareRule {
  id: number;
  fromZoneId: number;
  toZoneId: number;
  /** Null: every vehicle type. */
  vehicleTypeId: number | null;
  /** In the city's currency, > 0. */
  amount: number;
  /** Also from B to A. */
  bothWays: boolean;
  active: boolean;
}

/** Does the rule price a trip from a pickup in `from` to a drop-off in `to`? 'reverse' when only both ways does. */
function direction(rule: FixedFareRule, pickupZones: readonly number[], dropoffZones: readonly number[]) {
  if (pickupZones.includes(rule.fromZoneId) && dropoffZones.includes(rule.toZoneId)) return 'forward';
  if (rule.bothWays && pickupZones.includes(rule.toZoneId) && dropoffZones.includes(rule.fromZoneId)) return 'reverse';
  return undefined;
}

/**
 * The fixed fare of a trip, or undefined (metered). Of several that match (overlapping zones), a
 * vehicle type's own fare wins over one for every type, then the declared direction over the
 * reverse one, then the lowest amount, then the oldest rule.
 */
export function fixedFareFor(
  rules: readonly FixedFareRule[],
  pickupZones: readonly number[],
  dropoffZones: readonly number[],
  vehicleTypeId: number,
): FixedFareRule | undefined {
  const rank = (r: FixedFareRule) => [
    r.vehicleTypeId === null ? 1 : 0,
    direction(r, pickupZones, dropoffZones) === 'forward' ? 0 : 1,
    r.amount,
    r.id,
  ];
  const candidates = rules.filter(
    (r) =>
      r.active &&
      (r.vehicleTypeId === null || r.vehicleTypeId === vehicleTypeId) &&
      direction(r, pickupZones, dropoffZones) !== undefined,
  );
  return candidates.sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
    return 0;
  })[0];
}

type PairRule = Pick<FixedFareRule, 'id' | 'fromZoneId' | 'toZoneId' | 'vehicleTypeId' | 'bothWays'>;

/**
 * Why a fixed fare would duplicate another, or undefined: the same vehicle type (or both for every
 * type) and a trip direction that both would price — A→B twice, or A→B beside a both-ways B→A.
 */
export function duplicateFarePair(candidate: Omit<PairRule, 'id'> & { id?: number }, others: readonly PairRule[]) {
  const clash = others.find((o) => {
    if (o.id === candidate.id || o.vehicleTypeId !== candidate.vehicleTypeId) return false;
    const same = o.fromZoneId === candidate.fromZoneId && o.toZoneId === candidate.toZoneId;
    const reversed = o.fromZoneId === candidate.toZoneId && o.toZoneId === candidate.fromZoneId;
    return same || (reversed && (o.bothWays || candidate.bothWays));
  });
  return clash ? refusal('fixedFareExists') : undefined;
}

/** What the zones do to one fare, as a line for the fare preview and the calculator. */
export type ZoneEffect =
  { kind: 'fixed'; route: string; amount: number } | { kind: 'surge'; multiplier: number; zones: string } | undefined;

/**
 * The zones' effect on an estimate (POST fare-estimates' `fixedFare`, `zoneSurge`, `zones`): a
 * fixed fare, else a zone surge ("×1.2" is 1 + the extra the zones add), else none.
 */
export function zoneEffectOf(estimate: {
  fixedFare?: { name: string; amount: number } | null;
  zoneSurge?: number;
  zones?: readonly string[];
}): ZoneEffect {
  if (estimate.fixedFare) return { kind: 'fixed', route: estimate.fixedFare.name, amount: estimate.fixedFare.amount };
  if (estimate.zoneSurge && estimate.zoneSurge > 0)
    return {
      kind: 'surge',
      multiplier: Math.round((1 + estimate.zoneSurge) * 100) / 100,
      zones: (estimate.zones ?? []).join(', '),
    };
  return undefined;
}

/** A choice of the price-settings calculator's "Zone": what it adds to the fare and how it reads. */
export interface CalculatorZoneOption {
  key: string;
  effect: NonNullable<ZoneEffect>;
  zone: { surgeExtra?: number; fixedFare?: number };
}

/**
 * The zones the calculator may price a trip in, for one vehicle type: each active zone with a surge,
 * then each active fixed fare of that type or of every type (by route).
 */
export function calculatorZoneOptions(
  zones: readonly { id: number; name: string; surgeMultiplier: number; active: boolean }[],
  fares: readonly { id: number; route?: string; amount: number; vehicleTypeId: number | null; active: boolean }[],
  vehicleTypeId: number | undefined,
): CalculatorZoneOption[] {
  const surged = zones
    .filter((z) => z.active && z.surgeMultiplier > 1)
    .map((z) => {
      const extra = Math.round((z.surgeMultiplier - 1) * 100) / 100;
      return {
        key: `zone-${z.id}`,
        effect: { kind: 'surge' as const, multiplier: Number(z.surgeMultiplier), zones: z.name },
        zone: { surgeExtra: extra },
      };
    });
  const fixed = fares
    .filter((f) => f.active && (f.vehicleTypeId === null || f.vehicleTypeId === vehicleTypeId))
    .sort((a, b) => (a.route ?? '').localeCompare(b.route ?? '') || a.id - b.id)
    .map((f) => ({
      key: `fare-${f.id}`,
      effect: { kind: 'fixed' as const, route: f.route ?? `#${f.id}`, amount: Number(f.amount) },
      zone: { fixedFare: Number(f.amount) },
    }));
  return [...surged, ...fixed];
}
