/**
 * How long an issue may stay unresolved, by priority, before its service level is breached.
 * Shared by the dashboard's open-issues card (server) and any screen that highlights breaches.
 */
import type { ISSUE_PRIORITIES } from './enums';

export const ISSUE_SLA_HOURS: Readonly<Record<(typeof ISSUE_PRIORITIES)[number], number>> = {
  urgent: 4,
  high: 24,
  medium: 72,
  low: 168,
};

/** The statuses in which an issue is still open for its service level. */
export const OPEN_ISSUE_STATUSES = ['open', 'in_progress'] as const;

/** Has an issue opened at `createdAt` with `priority`, still open at `now`, breached its service level? */
export function slaBreached(priority: keyof typeof ISSUE_SLA_HOURS, createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > ISSUE_SLA_HOURS[priority] * 3_600_000;
}
