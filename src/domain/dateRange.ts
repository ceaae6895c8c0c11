import { refusal } from './messageCodes';
/**
 * Report periods in the city's time zone, shared by the panel and the server (framework-free).
 * `from`/`to` are calendar days (YYYY-MM-DD, both inclusive) meaning local midnights; a preset
 * names a period relative to today. Buckets (day, week from Monday, month) follow the local calendar.
 */

export const DATE_PRESETS = ['today', 'yesterday', 'last7days', 'last30days', 'thisMonth'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const GROUP_BYS = ['day', 'week', 'month'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];
export const MAX_RANGE_DAYS = 400;

export interface DateRange {
  /** First local day, inclusive. */
  fromDay: string;
  /** Last local day, inclusive. */
  toDay: string;
  /** The instant of local midnight starting fromDay. */
  from: Date;
  /** The instant of local midnight after toDay (exclusive). */
  to: Date;
  groupBy: GroupBy;
  timeZone: string;
}

export interface DateRangeInput {
  from?: unknown;
  to?: unknown;
  preset?: unknown;
  groupBy?: unknown;
}

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as the UTC midnight of that date (date arithmetic only, no zone). */
function dayValue(day: string): number | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const value = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(value).toISOString().slice(0, 10) === day ? value : undefined;
}
const dayText = (value: number) => new Date(value).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayText(dayValue(day)! + n * DAY_MS);

/** The local calendar day of an instant. */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, Number(p.value)]),
  );
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall-clock time (given as if it were UTC, in ms) names in a zone: the offset is
 * checked twice, for zones that change offset around it.
 */
function wallInstant(wall: number, timeZone: string): Date {
  let at = wall - zoneOffset(wall, timeZone);
  at = wall - zoneOffset(at, timeZone);
  return new Date(at);
}

/** The instant of local midnight starting a day. */
export function localMidnight(day: string, timeZone: string): Date {
  return wallInstant(dayValue(day)!, timeZone);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall-clock time "YYYY-MM-DDTHH:MM" (a datetime-local input's value) names in a
 * zone; undefined when malformed or not a real date and time.
 */
export function localInstant(wall: string, timeZone: string): Date | undefined {
  const m = WALL_TIME.exec(wall);
  if (!m) return undefined;
  const value = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (new Date(value).toISOString().slice(0, 16) !== wall) return undefined;
  return wallInstant(value, timeZone);
}

/** The wall-clock time "YYYY-MM-DDTHH:MM" of an instant in a zone (a datetime-local input's value). */
export function localWallTime(at: Date, timeZone: string): string {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000 + zoneOffset(at.getTime(), timeZone))
    .toISOString()
    .slice(0, 16);
}

function presetDays(preset: DatePreset, today: string): [string, string] {
  switch (preset) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [addDays(today, -1), addDays(today, -1)];
    case 'last7days':
      return [addDays(today, -6), today];
    case 'last30days':
      return [addDays(today, -29), today];
    case 'thisMonth':
      return [`${today.slice(0, 8)}01`, today];
  }
}

/**
 * Reads a period: `preset`, or `from` and `to`, or nothing (the last 30 days), and `groupBy`
 * (default day). Answers the range, or the message a 400 should carry.
 */
export function parseDateRange(
  input: DateRangeInput,
  now: Date,
  timeZone: string,
): { range: DateRange } | { error: string } {
  const groupBy = input.groupBy ?? 'day';
  if (!GROUP_BYS.includes(groupBy as GroupBy))
    return { error: refusal('oneOf', { label: '"groupBy"', values: GROUP_BYS.join(', ') }) };
  let fromDay: string;
  let toDay: string;
  if (input.preset !== undefined) {
    if (!DATE_PRESETS.includes(input.preset as DatePreset))
      return { error: refusal('oneOf', { label: '"preset"', values: DATE_PRESETS.join(', ') }) };
    if (input.from !== undefined || input.to !== undefined) return { error: 'Give either "preset" or "from" and "to"' };
    [fromDay, toDay] = presetDays(input.preset as DatePreset, localDay(now, timeZone));
  } else if (input.from === undefined && input.to === undefined) {
    [fromDay, toDay] = presetDays('last30days', localDay(now, timeZone));
  } else {
    for (const key of ['from', 'to'] as const) {
      const value = input[key];
      if (typeof value !== 'string' || dayValue(value) === undefined)
        return { error: `"${key}" must be a date like 2026-03-31` };
    }
    fromDay = input.from as string;
    toDay = input.to as string;
    if (toDay < fromDay) return { error: '"to" cannot be before "from"' };
  }
  const days = (dayValue(toDay)! - dayValue(fromDay)!) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) return { error: `The period may cover at most ${MAX_RANGE_DAYS} days` };
  return {
    range: {
      fromDay,
      toDay,
      from: localMidnight(fromDay, timeZone),
      to: localMidnight(addDays(toDay, 1), timeZone),
      groupBy: groupBy as GroupBy,
      timeZone,
    },
  };
}

/** The local day a bucket holding `day` starts on: the day, its Monday, or the first of its month. */
export function bucketStart(day: string, groupBy: GroupBy): string {
  if (groupBy === 'day') return day;
  if (groupBy === 'month') return `${day.slice(0, 8)}01`;
  const weekday = (new Date(dayValue(day)!).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** Every bucket's first day from the range's first bucket to its last, so empty buckets show too. */
export function bucketStarts(range: Pick<DateRange, 'fromDay' | 'toDay' | 'groupBy'>): string[] {
  const out: string[] = [];
  let day = bucketStart(range.fromDay, range.groupBy);
  while (day <= range.toDay) {
    out.push(day);
    if (range.groupBy === 'day') day = addDays(day, 1);
    else if (range.groupBy === 'week') day = addDays(day, 7);
    else {
      const [y, m] = day.split('-').map(Number);
      day = dayText(Date.UTC(y, m, 1));
    }
  }
  return out;
}

/** Days in the month of a local day. */
function monthLength(day: string): number {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export interface MonthCover {
  /** First days of the months read whole from a monthly rollup. */
  months: string[];
  /** Day spans (inclusive) read from a daily rollup, added (sign 1) or taken away (sign −1). */
  days: { fromDay: string; toDay: string; sign: 1 | -1 }[];
}

/**
 * How to sum a period from a monthly and a daily rollup while reading as few daily rows as
 * possible: whole months from the monthly rollup; in a partly covered month, whichever is shorter
 * of the covered days (added) or the month minus the days not covered (the month added, the
 * others taken away). E.g. Nov 1–24 is November minus Nov 25–30. The sum is exact either way.
 */
export function monthCover(fromDay: string, toDay: string): MonthCover {
  const out: MonthCover = { months: [], days: [] };
  let month = `${fromDay.slice(0, 8)}01`;
  while (month <= toDay) {
    const last = addDays(month, monthLength(month) - 1);
    const a = fromDay > month ? fromDay : month;
    const b = toDay < last ? toDay : last;
    const covered = (dayValue(b)! - dayValue(a)!) / DAY_MS + 1;
    const length = monthLength(month);
    if (covered === length) out.months.push(month);
    else if (length - covered < covered) {
      out.months.push(month);
      if (a > month) out.days.push({ fromDay: month, toDay: addDays(a, -1), sign: -1 });
      if (b < last) out.days.push({ fromDay: addDays(b, 1), toDay: last, sign: -1 });
    } else out.days.push({ fromDay: a, toDay: b, sign: 1 });
    month = addDays(last, 1);
  }
  return out;
}

/** The period a range is compared with: local days, and the instants that bound it (`to` exclusive). */
export interface ComparisonPeriod {
  fromDay: string;
  /** The last local day touched; when `partial`, only up to the instant `to`. */
  toDay: string;
  from: Date;
  to: Date;
  /** The range is not over yet, so the comparison stops at the same point in its own last day. */
  partial: boolean;
}

/**
 * The period of equal length just before a range, cut at the same elapsed time when the range is
 * not over at `now`: today until 14:05 is compared with yesterday until 14:05, the last 7 days
 * (6 whole days and today until 14:05) with the 7 days before, the last of them until 14:05.
 * A range that is over, or has not begun, is compared with the whole period before it.
 */
export function comparisonPeriod(range: DateRange, now: Date): ComparisonPeriod {
  const days = (dayValue(range.toDay)! - dayValue(range.fromDay)!) / DAY_MS + 1;
  const fromDay = addDays(range.fromDay, -days);
  const from = localMidnight(fromDay, range.timeZone);
  if (now.getTime() >= range.to.getTime() || now.getTime() < range.from.getTime())
    return { fromDay, toDay: addDays(range.fromDay, -1), from, to: range.from, partial: false };
  const today = localDay(now, range.timeZone);
  const elapsedDays = (dayValue(today)! - dayValue(range.fromDay)!) / DAY_MS;
  const timeOfDay = now.getTime() - localMidnight(today, range.timeZone).getTime();
  const toDay = addDays(fromDay, elapsedDays);
  return {
    fromDay,
    toDay,
    from,
    to: new Date(localMidnight(toDay, range.timeZone).getTime() + timeOfDay),
    partial: true,
  };
}
