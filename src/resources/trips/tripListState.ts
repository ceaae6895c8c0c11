/**
 * The trips list's quick tabs and date presets as filter values (framework-free, so a test can
 * check them): each tab owns the status / active keys and sometimes the sort; the other filters
 * (dates, vehicle type, people, q) are kept when switching tabs.
 */
import { CITY } from '../../domain/city';
import { localDay, parseDateRange, type DatePreset } from '../../domain/dateRange';
import { ACTIVE_TRIP_STATUSES } from '../../domain/trip';

export type Filter = Record<string, unknown>;
export type TripTab = 'all' | 'active' | 'scheduled' | 'waiting' | 'completed' | 'cancelled';
export const TRIP_TABS: TripTab[] = ['all', 'active', 'scheduled', 'waiting', 'completed', 'cancelled'];

const CANCELLED = ['cancelled_by_passenger', 'cancelled_by_driver'];
/** The filter keys the tabs own. */
const TAB_KEYS = ['status', 'active'];

export const NEWEST_FIRST = { field: 'requestedAt', order: 'DESC' as const };
export const OLDEST_FIRST = { field: 'requestedAt', order: 'ASC' as const };

export const TAB_FILTERS: Record<TripTab, Filter> = {
  all: {},
  active: { active: true },
  // Booked for later (issue 32): soonest pickup first.
  scheduled: { status: ['scheduled'] },
  // A requested trip has no driver yet (assigning one accepts it): the queue, oldest first.
  waiting: { status: ['requested'] },
  completed: { status: ['completed'] },
  cancelled: { status: CANCELLED },
};

const sameStatuses = (value: unknown, wanted: string[]) => {
  const given = value === undefined ? [] : [value].flat().map(String);
  return given.length === wanted.length && wanted.every((s) => given.includes(s));
};

/** The tab whose filter the list's filter is (other keys aside); undefined for a custom status mix. */
export function tabOf(filter: Filter): TripTab | undefined {
  const active = filter.active === true || filter.active === 'true';
  const hasStatus = filter.status !== undefined && [filter.status].flat().length > 0;
  if (!hasStatus) return active ? 'active' : filter.active === undefined ? 'all' : undefined;
  if (active) return undefined;
  if (sameStatuses(filter.status, ['requested'])) return 'waiting';
  if (sameStatuses(filter.status, ['scheduled'])) return 'scheduled';
  if (sameStatuses(filter.status, ['completed'])) return 'completed';
  if (sameStatuses(filter.status, CANCELLED)) return 'cancelled';
  return undefined;
}

/** The filter after choosing a tab: its own keys replaced, the rest kept. */
export function withTab(filter: Filter, tab: TripTab): Filter {
  const rest = Object.fromEntries(Object.entries(filter).filter(([k]) => !TAB_KEYS.includes(k)));
  return { ...rest, ...TAB_FILTERS[tab] };
}

export const SOONEST_PICKUP_FIRST = { field: 'scheduledAt', order: 'ASC' as const };

export const tabSort = (tab: TripTab) =>
  tab === 'waiting' ? OLDEST_FIRST : tab === 'scheduled' ? SOONEST_PICKUP_FIRST : NEWEST_FIRST;

/** Is this trip one that waits for a driver? */
export const isWaiting = (status: unknown) => status === 'requested';
export const ACTIVE_STATUSES: readonly string[] = ACTIVE_TRIP_STATUSES;

/** A requested trip waiting longer than this is shown in red. */
export const WAITING_ALERT_MS = 2 * 60_000;

export type RangePreset = Extract<DatePreset, 'today' | 'yesterday' | 'last7days' | 'thisMonth'>;
export const RANGE_PRESETS: RangePreset[] = ['today', 'yesterday', 'last7days', 'thisMonth'];

export interface RequestedRange {
  requestedAt_gte?: string;
  requestedAt_lte?: string;
}

/** A preset as the list's filter: from local midnight to the last millisecond of its last day. */
export function presetRange(preset: RangePreset, now = new Date()): RequestedRange {
  const out = parseDateRange({ preset }, now, CITY.timeZone);
  if ('error' in out) return {};
  return {
    requestedAt_gte: out.range.from.toISOString(),
    requestedAt_lte: new Date(out.range.to.getTime() - 1).toISOString(),
  };
}

/** Custom days (YYYY-MM-DD, city time, both inclusive) as the list's filter; either may be left out. */
export function dayRange(fromDay: string | undefined, toDay: string | undefined): RequestedRange {
  const out: RequestedRange = {};
  if (fromDay) {
    const r = parseDateRange({ from: fromDay, to: fromDay }, new Date(), CITY.timeZone);
    if ('range' in r) out.requestedAt_gte = r.range.from.toISOString();
  }
  if (toDay) {
    const r = parseDateRange({ from: toDay, to: toDay }, new Date(), CITY.timeZone);
    if ('range' in r) out.requestedAt_lte = new Date(r.range.to.getTime() - 1).toISOString();
  }
  return out;
}

/** Which preset the filter's range is (as of now), 'custom' for another range, undefined for none. */
export function presetOf(filter: Filter, now = new Date()): RangePreset | 'custom' | undefined {
  if (filter.requestedAt_gte === undefined && filter.requestedAt_lte === undefined) return undefined;
  for (const preset of RANGE_PRESETS) {
    const r = presetRange(preset, now);
    if (r.requestedAt_gte === filter.requestedAt_gte && r.requestedAt_lte === filter.requestedAt_lte) return preset;
  }
  return 'custom';
}

/** The local day (YYYY-MM-DD) of a range bound, for the custom date inputs. */
export const dayOf = (iso: unknown) => (typeof iso === 'string' && iso ? localDay(new Date(iso), CITY.timeZone) : '');
