/**
 * The price-settings page's rules, pure: the week grid of surge multipliers, overlapping windows,
 * the summary of a pricing change, and the fare calculator's breakdown. All of it reads surge the
 * way `fare.ts` prices trips (`surgeAtClock`: the highest covering window wins).
 */
import {
  computeFare,
  parseClock,
  resolvePricing,
  ruleCovers,
  surgeAtClock,
  type FareBreakdown,
  type PriceProfile,
  type SurgeRule,
  type VehicleTypeRates,
} from './fare';
import { SAMPLE_TRIPS, type SampleTrip } from './farePreview';
import { ENGLISH_SURGE_WORDING, type SurgeWording } from './surgeWording';

export { DAY_NAMES } from './surgeWording';
export type { SurgeWording } from './surgeWording';

/** Weekdays as fare.ts numbers them (0 = Sunday), in the order the grid shows them: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export interface GridCell {
  day: number;
  hour: number;
  /** The highest multiplier in force at any minute of the hour (1: no surge). */
  max: number;
  /** The lowest, to tell a window that starts or ends inside the hour. */
  min: number;
  /** Indexes of the windows covering some minute of the hour. */
  windows: number[];
  /** Two or more windows cover the same minute somewhere in the hour. */
  overlap: boolean;
}

/** 7 × 24 cells, rows by day (0 = Sunday … 6 = Saturday), each with its 24 hours. */
export function surgeWeekGrid(rules: readonly SurgeRule[]): GridCell[][] {
  return Array.from({ length: 7 }, (_, day) =>
    Array.from({ length: 24 }, (_, hour) => {
      let max = 0;
      let min = Infinity;
      let overlap = false;
      const windows = new Set<number>();
      for (let minute = hour * 60; minute < hour * 60 + 60; minute++) {
        const m = surgeAtClock(rules, day, minute);
        if (m > max) max = m;
        if (m < min) min = m;
        let covering = 0;
        rules.forEach((rule, i) => {
          if (ruleCovers(rule, day, minute)) {
            covering++;
            windows.add(i);
          }
        });
        if (covering > 1) overlap = true;
      }
      return { day, hour, max, min, windows: [...windows].sort((a, b) => a - b), overlap };
    }),
  );
}

/** Minutes of the week (0 = Sunday 00:00) each window covers. */
function coverage(rule: SurgeRule): Set<number> {
  const minutes = new Set<number>();
  for (let day = 0; day < 7; day++)
    for (let minute = 0; minute < 1440; minute++) if (ruleCovers(rule, day, minute)) minutes.add(day * 1440 + minute);
  return minutes;
}

/** The pairs of windows [i, j] (i < j) that cover a common minute of the week. */
export function overlappingWindows(rules: readonly SurgeRule[]): [number, number][] {
  const covered = rules.map(coverage);
  const pairs: [number, number][] = [];
  for (let i = 0; i < rules.length; i++)
    for (let j = i + 1; j < rules.length; j++) {
      const [small, large] = covered[i].size < covered[j].size ? [covered[i], covered[j]] : [covered[j], covered[i]];
      for (const m of small)
        if (large.has(m)) {
          pairs.push([i, j]);
          break;
        }
    }
  return pairs;
}

/** "Mon–Fri", "Fri, Sat", "Every day": days in the week's order, consecutive runs joined by a dash. */
export function formatDays(days: readonly number[], w: SurgeWording = ENGLISH_SURGE_WORDING): string {
  const set = new Set(days);
  if (set.size === 7) return w.text('everyDay');
  const ordered = WEEK_ORDER.filter((d) => set.has(d));
  const runs: number[][] = [];
  for (const d of ordered) {
    const last = runs[runs.length - 1];
    if (
      last &&
      WEEK_ORDER.indexOf(d as (typeof WEEK_ORDER)[number]) ===
        WEEK_ORDER.indexOf(last[last.length - 1] as (typeof WEEK_ORDER)[number]) + 1
    )
      last.push(d);
    else runs.push([d]);
  }
  return runs
    .map((run) =>
      run.length >= 3 ? `${w.day(run[0])}–${w.day(run[run.length - 1])}` : run.map((d) => w.day(d)).join(', '),
    )
    .join(', ');
}

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const times = (m: number, w: SurgeWording) => w.text('times', { value: w.number(m) });

/** "Fri 17:00–20:00 ×1.5", for lists and dialogs. */
export function describeWindow(rule: SurgeRule, w: SurgeWording = ENGLISH_SURGE_WORDING): string {
  const overnight = parseClock(rule.to) <= parseClock(rule.from);
  return w.text(overnight ? 'windowOvernight' : 'window', {
    days: formatDays(rule.days, w),
    from: rule.from,
    to: rule.to,
    times: times(rule.multiplier, w),
  });
}

/** "Fri 17:00–20:00: ×1.5 → ×1.8" for one day or several ("Mon–Fri …"). */
const changeText = (days: string, c: Omit<SurgeChange, 'day'>, w: SurgeWording) =>
  w.text('change', {
    days,
    from: clock(c.start),
    to: clock(c.end),
    before: times(c.from, w),
    after: times(c.to, w),
  });

/** A stretch of one day whose surge multiplier differs between two sets of windows. */
export interface SurgeChange {
  /** 0 = Sunday. */
  day: number;
  /** Minutes after midnight, start inclusive, end exclusive (1440: midnight). */
  start: number;
  end: number;
  from: number;
  to: number;
}

/**
 * Where two sets of windows price the week differently, as the highest covering window decides
 * (`surgeAtClock`), day by day in the week's order; a window past midnight splits at midnight.
 */
export function surgeChanges(before: readonly SurgeRule[], after: readonly SurgeRule[]): SurgeChange[] {
  const changes: SurgeChange[] = [];
  for (const day of WEEK_ORDER) {
    let current: SurgeChange | undefined;
    for (let minute = 0; minute <= 1440; minute++) {
      const mb = minute < 1440 ? surgeAtClock(before, day, minute) : 1;
      const ma = minute < 1440 ? surgeAtClock(after, day, minute) : 1;
      const changed = minute < 1440 && mb !== ma;
      if (current && (!changed || mb !== current.from || ma !== current.to)) {
        changes.push({ ...current, end: minute });
        current = undefined;
      }
      if (changed && !current) current = { day, start: minute, end: minute, from: mb, to: ma };
    }
  }
  return changes;
}

/** "Fri 17:00–20:00: ×1.5 → ×1.8" */
export const describeSurgeChange = (c: SurgeChange, w: SurgeWording = ENGLISH_SURGE_WORDING) =>
  changeText(w.day(c.day), c, w);

/** Changes with the same hours and multipliers on several days, as one: "Mon–Fri 17:00–20:00: ×1.5 → ×1.6". */
export interface GroupedSurgeChange extends Omit<SurgeChange, 'day'> {
  days: number[];
  /** The first of the days, in the week's order (Monday first). */
  day: number;
  text: string;
}

export function groupSurgeChanges(
  changes: readonly SurgeChange[],
  w: SurgeWording = ENGLISH_SURGE_WORDING,
): GroupedSurgeChange[] {
  const groups = new Map<string, GroupedSurgeChange>();
  for (const c of changes) {
    const key = `${c.start}|${c.end}|${c.from}|${c.to}`;
    const group = groups.get(key);
    if (group) group.days.push(c.day);
    else groups.set(key, { ...c, days: [c.day], text: '' });
  }
  return [...groups.values()]
    .map((g) => ({
      ...g,
      text: changeText(formatDays(g.days, w), g, w),
    }))
    .sort((a, b) => weekPosition(a).localeCompare(weekPosition(b)));
}

const weekPosition = (c: Pick<SurgeChange, 'day' | 'start'>) =>
  `${WEEK_ORDER.indexOf(c.day as (typeof WEEK_ORDER)[number])}|${String(c.start).padStart(4, '0')}`;

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
