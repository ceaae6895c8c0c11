/**
 * What a change of the price settings does, pure: the lines a person checks before saving, what a
 * vehicle type's own settings change against the default, and the fare calculator's breakdown of a
 * trip priced with given settings. Surge reads as `surge.ts` describes it.
 */
import {
  computeFare,
  parseClock,
  resolvePricing,
  surgeAtClock,
  type FareBreakdown,
  type PriceProfile,
  type VehicleTypeRates,
} from './fare';
import { SAMPLE_TRIPS, type SampleTrip } from './farePreview';
import { clock, groupSurgeChanges, surgeChanges, times, weekPosition } from './surge';
import { ENGLISH_SURGE_WORDING, type SurgeWording } from './surgeWording';

export interface PricingTypeInfo {
  id: number;
  name: string;
  commissionPercent: number | null;
}

/** The settings of the whole page: the default profile and each vehicle type's own (absent: none). */
export interface PricingDraft {
  defaults: PriceProfile;
  own: Record<number, PriceProfile | undefined>;
}

const pct = (v: number | null | undefined, w: SurgeWording) =>
  v === null || v === undefined ? w.text('defaultPercent') : w.text('percent', { value: w.number(v) });

/**
 * What a change of the price settings does, in lines a person checks before saving:
 * - a changed commission or bid percentage of a profile: "Default: commission 18 % → 20 %";
 * - each stretch of the week whose surge changes for a vehicle type, types with the same change
 *   listed together: "Economy, Fri 17:00–20:00: ×1.5 → ×1.8".
 */
export function describePricingChange(
  before: PricingDraft,
  after: PricingDraft,
  types: readonly PricingTypeInfo[],
  w: SurgeWording = ENGLISH_SURGE_WORDING,
): string[] {
  const lines: string[] = [];
  const profiles: [string, PriceProfile | undefined, PriceProfile | undefined][] = [
    [w.text('defaultProfile'), before.defaults, after.defaults],
    ...types.map((t): [string, PriceProfile | undefined, PriceProfile | undefined] => [
      t.name,
      before.own[t.id],
      after.own[t.id],
    ]),
  ];
  for (const [name, b, a] of profiles) {
    if ((b?.commissionPercent ?? null) !== (a?.commissionPercent ?? null))
      lines.push(
        w.text('commissionChange', { name, before: pct(b?.commissionPercent, w), after: pct(a?.commissionPercent, w) }),
      );
    if ((b?.bidPercent ?? null) !== (a?.bidPercent ?? null))
      lines.push(w.text('bidChange', { name, before: pct(b?.bidPercent, w), after: pct(a?.bidPercent, w) }));
  }
  const byChange = new Map<string, string[]>();
  const order: string[] = [];
  for (const t of types) {
    const rb = resolvePricing(before.defaults, before.own[t.id], t).surgeRules;
    const ra = resolvePricing(after.defaults, after.own[t.id], t).surgeRules;
    for (const change of groupSurgeChanges(surgeChanges(rb, ra), w)) {
      const key = change.text;
      if (!byChange.has(key)) {
        byChange.set(key, []);
        order.push(`${weekPosition(change)}|${key}`);
      }
      byChange.get(key)!.push(t.name);
    }
  }
  for (const entry of order.sort()) {
    const key = entry.split('|').slice(2).join('|');
    lines.push(w.text('surgeChangeOf', { types: byChange.get(key)!.join(', '), change: key }));
  }
  return lines;
}

/** How many surge changes a vehicle type's card names before "and N more". */
const DIFFERENCES_SHOWN = 4;

/**
 * What a vehicle type's own settings change against the default, in words for its card:
 * "commission 15 % (the vehicle type's own)", "bid 10 % (default 20 %)", and each stretch of the
 * week its own surge windows price differently, "Fri 17:00–20:00: ×1.5 → ×1.8". Empty when the
 * type is priced as the default. Settings switched off (inactive) change nothing.
 */
export function differencesFromDefault(
  defaults: PriceProfile,
  own: PriceProfile | undefined,
  type: PricingTypeInfo,
  w: SurgeWording = ENGLISH_SURGE_WORDING,
): string[] {
  const inForce = own && own.active !== false ? own : undefined;
  const lines: string[] = [];
  if (type.commissionPercent !== null)
    lines.push(w.text('typesOwnCommission', { value: pct(type.commissionPercent, w) }));
  else if (inForce?.commissionPercent != null && inForce.commissionPercent !== defaults.commissionPercent)
    lines.push(
      w.text('commissionVsDefault', {
        value: pct(inForce.commissionPercent, w),
        default: pct(defaults.commissionPercent, w),
      }),
    );
  if (inForce?.bidPercent != null && inForce.bidPercent !== defaults.bidPercent)
    lines.push(w.text('bidVsDefault', { value: pct(inForce.bidPercent, w), default: pct(defaults.bidPercent, w) }));
  if (inForce?.surgeRules != null) {
    const changes = groupSurgeChanges(surgeChanges(defaults.surgeRules ?? [], inForce.surgeRules), w);
    if (!changes.length) lines.push(w.text('ownWindowsSame'));
    else if (inForce.surgeRules.length === 0) lines.push(w.text('noSurgeAnyHour'));
    else {
      lines.push(...changes.slice(0, DIFFERENCES_SHOWN).map((c) => w.text('surgeDifference', { change: c.text })));
      if (changes.length > DIFFERENCES_SHOWN)
        lines.push(w.text('moreSurgeChanges', { smart_count: changes.length - DIFFERENCES_SHOWN }));
    }
  }
  return lines;
}

export interface CalculatorInput {
  vehicleType: VehicleTypeRates;
  defaults: PriceProfile;
  own: PriceProfile | undefined;
  distanceKm: number;
  durationMin: number;
  /** 0 = Sunday, on the city's clock. */
  day: number;
  /** 'HH:MM' */
  time: string;
  /** A zone's surge added to the window in force, or a fixed fare between zones (no surge then), as the server applies them. */
  zone?: { surgeExtra?: number; fixedFare?: number };
}

export interface CalculatorResult extends FareBreakdown {
  /** What the driver keeps: total − commission. */
  driverShare: number;
  bidPercent: number;
}

/** A trip priced as the server would at that weekday and time, with the given settings. */
export function calculateFare(input: CalculatorInput): CalculatorResult | undefined {
  const minute = parseClock(input.time);
  if (Number.isNaN(minute) || !(input.distanceKm >= 0) || !(input.durationMin >= 0)) return undefined;
  const rules = resolvePricing(input.defaults, input.own, input.vehicleType);
  const fare = computeFare({
    rates: input.vehicleType,
    commissionPercent: rules.commissionPercent,
    distanceKm: input.distanceKm,
    durationMin: Math.round(input.durationMin),
    surgeMultiplier:
      Math.round((surgeAtClock(rules.surgeRules, input.day, minute) + (input.zone?.surgeExtra ?? 0)) * 100) / 100,
    fixedFare: input.zone?.fixedFare,
  });
  return {
    ...fare,
    driverShare: (Math.round(fare.total * 100) - Math.round(fare.commission * 100)) / 100,
    bidPercent: rules.bidPercent,
  };
}

export interface PricingChangeEffect {
  typeId: number;
  typeName: string;
  /** "Fri 17:00 (×1.5 → ×1.8)", or "At any hour" when only the commission changes. */
  when: string;
  before: CalculatorResult;
  after: CalculatorResult;
}

/**
 * What a change of the price settings does in money, for the confirmation before saving: one
 * sample trip (the commute by default) priced for each vehicle type whose fares or commission
 * change, with the settings in force and with the new ones. A surge change is priced at the first
 * stretch of the week with that change of multiplier (one row per change of multiplier, not per
 * day); a commission change with no surge change at 12:00 on a Monday.
 */
export function pricingChangeEffects(
  before: PricingDraft,
  after: PricingDraft,
  types: readonly (PricingTypeInfo & VehicleTypeRates)[],
  trip: SampleTrip = SAMPLE_TRIPS[1],
  w: SurgeWording = ENGLISH_SURGE_WORDING,
): PricingChangeEffect[] {
  const effects: PricingChangeEffect[] = [];
  for (const t of types) {
    const price = (draft: PricingDraft, day: number, time: string) =>
      calculateFare({
        vehicleType: t,
        defaults: draft.defaults,
        own: draft.own[t.id],
        distanceKm: trip.distanceKm,
        durationMin: trip.durationMin,
        day,
        time,
      })!;
    const rb = resolvePricing(before.defaults, before.own[t.id], t);
    const ra = resolvePricing(after.defaults, after.own[t.id], t);
    const seen = new Set<string>();
    for (const change of surgeChanges(rb.surgeRules, ra.surgeRules)) {
      const key = `${change.from}>${change.to}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const time = clock(change.start);
      effects.push({
        typeId: t.id,
        typeName: t.name,
        when: w.text('effectWhen', {
          day: w.day(change.day),
          time,
          before: times(change.from, w),
          after: times(change.to, w),
        }),
        before: price(before, change.day, time),
        after: price(after, change.day, time),
      });
    }
    if (!seen.size && rb.commissionPercent !== ra.commissionPercent)
      effects.push({
        typeId: t.id,
        typeName: t.name,
        when: w.text('anyHour'),
        before: price(before, 1, '12:00'),
        after: price(after, 1, '12:00'),
      });
  }
  return effects;
}
