import { CITY } from './city';
import { refusal } from './messageCodes';
/**
 * Trips booked for later (issue 32), framework-free: the booking window, and when a scheduled trip
 * is released to the offers and when its missing driver is reported. The panel and the server share
 * these rules.
 */

/** A trip can be booked at most this far ahead. */
export const SCHEDULE_MAX_DAYS = 7;
/** A scheduled trip still without a driver this close to pickup is reported to the dispatchers. */
export const UNASSIGNED_ALERT_MINUTES = 5;
/** The default lead time: the offers start this long before pickup (server config SCHEDULED_LEAD_MINUTES). */
export const DEFAULT_SCHEDULE_LEAD_MINUTES = 15;

const DAY_MS = 24 * 60 * 60_000;

/** Why a pickup time cannot be booked, or undefined when it can: in the future, at most 7 days ahead. */
export function scheduleProblem(at: Date, now: Date): string | undefined {
  if (Number.isNaN(at.getTime())) return refusal('dateTime', { label: 'The pickup time' });
  if (at.getTime() <= now.getTime()) return 'The pickup time must be in the future';
  if (at.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * DAY_MS)
    return `The pickup time can be at most ${SCHEDULE_MAX_DAYS} days ahead`;
  return undefined;
}

/** The last pickup time a trip released at `now` may have: its offers start `leadMinutes` before pickup. */
export const releaseHorizon = (now: Date, leadMinutes: number) => new Date(now.getTime() + leadMinutes * 60_000);

/** Is a scheduled trip due for its offers at `now`? */
export const releaseDue = (scheduledAt: Date, now: Date, leadMinutes: number) =>
  scheduledAt.getTime() <= releaseHorizon(now, leadMinutes).getTime();

/** The last pickup time whose trip, still without a driver at `now`, is reported. */
export const unassignedHorizon = (now: Date) => new Date(now.getTime() + UNASSIGNED_ALERT_MINUTES * 60_000);

/**
 * By default a trip booked for later may start at most this long before its pickup (server config
 * SCHEDULED_START_GRACE_MINUTES): a driver who arrives early waits for the booked time.
 */
export const DEFAULT_START_GRACE_MINUTES = 5;

/** The earliest a trip may start: its booked pickup less the grace; undefined for a ride asked for now. */
export const earliestStart = (scheduledAt: Date | null | undefined, graceMinutes: number): Date | undefined =>
  scheduledAt ? new Date(scheduledAt.getTime() - graceMinutes * 60_000) : undefined;

/** Would a start at `now` come before the booked pickup less the grace? */
export const startsTooEarly = (scheduledAt: Date | null | undefined, now: Date, graceMinutes: number): boolean => {
  const earliest = earliestStart(scheduledAt, graceMinutes);
  return earliest !== undefined && now.getTime() < earliest.getTime();
};

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: CITY.timeZone, hour: '2-digit', minute: '2-digit' });

/** An instant on the city's clock, as the services' messages say it: "07:30". */
export const cityClock = (at: Date) => clock.format(at);
