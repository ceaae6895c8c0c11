/**
 * How long an issue may stay unresolved, by priority, before its service level is breached, and
 * how a desk shows it: on track, at risk (amber, from 75 % of the target) or breached (red).
 * Shared by the dashboard's open-issues card, the desk's "breached" filter (server, same limits in
 * SQL) and the SLA badge on the desk's screens.
 */
import type { ISSUE_PRIORITIES, ISSUE_STATUSES } from './enums';

export type IssuePriority = (typeof ISSUE_PRIORITIES)[number];
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/** The targets: urgent 1 h, high 4 h, medium 24 h, low 72 h. */
export const ISSUE_SLA_HOURS: Readonly<Record<IssuePriority, number>> = {
  urgent: 1,
  high: 4,
  medium: 24,
  low: 72,
};

/** The share of the target after which an open issue is at risk (amber). */
export const SLA_WARNING_SHARE = 0.75;

/** The statuses in which an issue is still open for its service level. */
export const OPEN_ISSUE_STATUSES = ['open', 'in_progress'] as const;

/** ok: within 75 % of the target; warning: past 75 %; breached: past the target (resolved late, or still open). */
export const SLA_STATES = ['ok', 'warning', 'breached'] as const;
export type SlaState = (typeof SLA_STATES)[number];

const HOUR = 3_600_000;

/** When an issue opened at `createdAt` with `priority` must be resolved by. */
export function slaDueAt(priority: IssuePriority, createdAt: Date): Date {
  return new Date(createdAt.getTime() + ISSUE_SLA_HOURS[priority] * HOUR);
}

/** Has an issue opened at `createdAt` with `priority`, still open at `now`, breached its service level? */
export function slaBreached(priority: IssuePriority, createdAt: Date, now: Date): boolean {
  return now.getTime() > slaDueAt(priority, createdAt).getTime();
}

export interface SlaFacts {
  priority: IssuePriority;
  status: IssueStatus;
  createdAt: Date;
  /** When it was resolved or closed; the clock stops there. */
  resolvedAt?: Date | null;
}

export interface SlaReading {
  state: SlaState;
  due: Date;
  /** Milliseconds left until the target at `now` (negative once past it); for a resolved issue, at its resolution. */
  remainingMs: number;
  /** Whether the clock still runs (open or in progress). */
  running: boolean;
}

/**
 * The service level of one issue at `now`. The clock runs from creation until it is resolved:
 * exactly at 75 % of the target it is at risk, exactly at the target it is not yet breached.
 */
export function slaOf(issue: SlaFacts, now: Date): SlaReading {
  const running = (OPEN_ISSUE_STATUSES as readonly string[]).includes(issue.status);
  const end = running ? now : (issue.resolvedAt ?? now);
  const due = slaDueAt(issue.priority, issue.createdAt);
  const elapsed = end.getTime() - issue.createdAt.getTime();
  const target = ISSUE_SLA_HOURS[issue.priority] * HOUR;
  const state: SlaState = elapsed > target ? 'breached' : elapsed >= target * SLA_WARNING_SHARE ? 'warning' : 'ok';
  return { state, due, remainingMs: due.getTime() - end.getTime(), running };
}

/** The statuses an issue may move to from each status: open → in progress → resolved → closed, reopen allowed. */
export const ISSUE_MOVES: Readonly<Record<IssueStatus, readonly IssueStatus[]>> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['resolved'],
  resolved: ['closed', 'open'],
  closed: ['open'],
};

/** May an issue in `from` move to `to`? */
export const canMoveIssue = (from: IssueStatus, to: IssueStatus): boolean => ISSUE_MOVES[from].includes(to);
