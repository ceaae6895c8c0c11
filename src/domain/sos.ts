import type { SOS_EVENT_KINDS, SOS_STATUSES } from './enums';

export type SosStatus = (typeof SOS_STATUSES)[number];
export type SosEventKind = (typeof SOS_EVENT_KINDS)[number];

/** Reports of the same caller on the same trip within this window merge into the open alarm. */
export const SOS_MERGE_WINDOW_MS = 60_000;

/** The period of the board's time-to-acknowledge figures. */
export const SOS_ACK_STATS_DAYS = 7;

/** Open alarms: someone may still need help. */
export const SOS_OPEN_STATUSES: readonly SosStatus[] = ['new', 'acknowledged'];

/** The socket event every change of an alarm sends, after commit, to staff holding view-SosContacts. */
export const SOS_UPDATED = 'sosUpdated';

/** Its payload. */
export interface SosUpdatedEvent {
  id: number;
  kind: SosEventKind;
  status: SosStatus;
  tripId: number;
  /** Who acknowledged it ("First Last"), null while nobody has. */
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
  /** Seconds from the alarm to its acknowledgement. */
  ackSeconds: number | null;
  /** ISO time of the change. */
  at: string;
}

/** Whole seconds from `from` to `to` (never negative). */
export const secondsBetween = (from: Date, to: Date): number =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/** An age as a clock: 42 → "0:42", 725 → "12:05", 3723 → "1:02:03". */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** A time to acknowledge in words: 42 → "42 s", 125 → "2 min 05 s", 3720 → "1 h 02 min". */
export function formatAckTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** "Jane Wanjiru" → "Jane W." (a long surname does not fill the banner; the page has the full name). */
export function shortName(fullName: string | null | undefined): string {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '';
  if (parts.length === 1) return parts[0];
  return `${parts[0]} ${parts[parts.length - 1][0].toUpperCase()}.`;
}

/** The banner's line: "SOS from passenger Jane W., trip 48213, 0:42 ago". */
export function sosBannerText(
  alarm: { callerKind: string; callerName?: string | null; tripId: number; calledAt: string },
  now: Date,
): string {
  const who = shortName(alarm.callerName) || 'unknown';
  const age = formatAge(secondsBetween(new Date(alarm.calledAt), now));
  return `SOS from ${alarm.callerKind} ${who}, trip #${alarm.tripId}, ${age} ago`;
}

/**
 * The p-th percentile (0–100) of values by linear interpolation between closest ranks (as
 * PostgreSQL's percentile_cont); null for no values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/** What an action may do to an alarm in a status; the refusal's message otherwise. */
export function sosActionRefusal(
  action: 'acknowledge' | 'resolve' | 'false-alarm' | 'note',
  alarm: { status: string; acknowledgedBy?: string | null; resolvedBy?: string | null },
): string | null {
  const closed = alarm.status === 'resolved' || alarm.status === 'false_alarm';
  const closedBy = alarm.resolvedBy ? ` by ${alarm.resolvedBy}` : '';
  const closedAs = alarm.status === 'resolved' ? 'resolved' : 'marked as a false alarm';
  if (action === 'note') return null;
  if (closed) return `This alarm was already ${closedAs}${closedBy}`;
  if (action === 'acknowledge' && alarm.status === 'acknowledged')
    return `Already acknowledged by ${alarm.acknowledgedBy ?? 'someone else'}`;
  return null;
}

/**
 * What changed on the banner between two loads of its alarms (by id): the alarms that arrived, newest
 * first as listed, and how many are gone (acknowledged, closed). Nothing before the banner's first load:
 * the alarms already waiting are on screen, not news.
 */
export function sosBannerChanges(
  before: readonly number[] | undefined,
  after: readonly number[],
): { arrived: number[]; gone: number } {
  if (before === undefined) return { arrived: [], gone: 0 };
  const had = new Set(before);
  const has = new Set(after);
  return { arrived: after.filter((id) => !had.has(id)), gone: before.filter((id) => !has.has(id)).length };
}
