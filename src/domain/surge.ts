/**
 * The price-settings page's surge rules, pure: the week grid of surge multipliers, overlapping
 * windows, and where two sets of windows price the week differently, in words. All of it reads
 * surge the way `fare.ts` prices trips (`surgeAtClock`: the highest covering window wins). What a
 * change of the whole price settings says and costs is in `pricingChange.ts`.
 */
import { parseClock, ruleCovers, surgeAtClock, type SurgeRule } from './fare';
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

export const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
export const times = (m: number, w: SurgeWording) => w.text('times', { value: w.number(m) });

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

export const weekPosition = (c: Pick<SurgeChange, 'day' | 'start'>) =>
  `${WEEK_ORDER.indexOf(c.day as (typeof WEEK_ORDER)[number])}|${String(c.start).padStart(4, '0')}`;
