/**
 * The dashboard's KPI cards: which subject each belongs to (a card shows only to a viewer who may
 * see that subject; the server leaves the others out of its answer), how its value reads, and
 * how a change against the previous period is told (▲/▼ %). Framework-free, shared by both sides.
 */
import { P } from './permissionNames';

export type CardFormat = 'count' | 'money' | 'percent';

export interface CardDefinition {
  key: string;
  permission: string;
  format: CardFormat;
  /** Compared with the previous period of equal length. Queue cards are counts of now. */
  compared: boolean;
  /** Whether a rise is good news (green) or bad (red). */
  higherIsBetter: boolean;
  /** Where the card leads, if anywhere. */
  link?: string;
}

const filter = (resource: string, f: object) => `/${resource}?filter=${encodeURIComponent(JSON.stringify(f))}`;

export const DASHBOARD_CARDS: readonly CardDefinition[] = [
  { key: 'tripsRequested', permission: P.viewTrip, format: 'count', compared: true, higherIsBetter: true },
  { key: 'tripsCompleted', permission: P.viewTrip, format: 'count', compared: true, higherIsBetter: true },
  { key: 'cancellationRate', permission: P.viewTrip, format: 'percent', compared: true, higherIsBetter: false },
  { key: 'grossFares', permission: P.viewReport, format: 'money', compared: true, higherIsBetter: true },
  { key: 'commission', permission: P.viewReport, format: 'money', compared: true, higherIsBetter: true },
  { key: 'averageFare', permission: P.viewReport, format: 'money', compared: true, higherIsBetter: true },
  { key: 'newPassengers', permission: P.viewPassenger, format: 'count', compared: true, higherIsBetter: true },
  { key: 'newDrivers', permission: P.viewDriver, format: 'count', compared: true, higherIsBetter: true },
  {
    key: 'driversAwaitingReview',
    permission: P.viewDriver,
    format: 'count',
    compared: false,
    higherIsBetter: false,
    link: '/driver-management/unapproved-drivers',
  },
  {
    key: 'openIssues',
    permission: P.viewIssue,
    format: 'count',
    compared: false,
    higherIsBetter: false,
    link: filter('issues', { status: ['open', 'in_progress'] }),
  },
  {
    key: 'sosUnacknowledged',
    permission: P.viewSosContacts,
    format: 'count',
    compared: false,
    higherIsBetter: false,
    link: filter('sos-call-logs', { status: 'new' }),
  },
];

export type CardKey = string;

/** The cards a holder of `permissions` may see, in dashboard order. */
export const visibleCards = (permissions: Iterable<string>): CardDefinition[] => {
  const held = new Set(permissions);
  return DASHBOARD_CARDS.filter((c) => held.has(c.permission));
};

export interface Change {
  direction: 'up' | 'down' | 'flat';
  /** Relative change in percent, rounded to one decimal; null when the previous value was 0 (or unknown). */
  percent: number | null;
}

/** How a value changed against the previous period. */
export function changeOf(value: number | null, previous: number | null): Change | null {
  if (value === null || previous === null) return null;
  if (value === previous) return { direction: 'flat', percent: 0 };
  const direction = value > previous ? 'up' : 'down';
  if (previous === 0) return { direction, percent: null };
  return { direction, percent: Math.round(((value - previous) / Math.abs(previous)) * 1000) / 10 };
}
