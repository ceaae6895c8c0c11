/**
 * A trip's timeline, framework-free: which step a change is (the server records it in trip_events)
 * and the steps the trip page shows, built from the trip's own timestamps and those events.
 */
import type { TripStatus } from './enums.js';

/** Who acted: a staff member (panel), the passenger or the driver (apps), or the system. */
export type TripActor = 'staff' | 'passenger' | 'driver' | 'system';

/**
 * A recorded step. `offered` and `declined` are kept for the dispatcher's offers (issue 16);
 * `issue_opened` is an issue opened about the trip (its id in `issueId`, its category in `note`).
 */
export const TRIP_EVENT_KINDS = [
  'requested',
  'assigned',
  'accepted',
  'reassigned',
  'arrived',
  'started',
  'completed',
  'cancelled',
  'no_driver_found',
  'offered',
  'declined',
  'issue_opened',
  'left_area',
  'back_in_area',
] as const;
export type TripEventKind = (typeof TRIP_EVENT_KINDS)[number];

/** The step an issue opened about the trip records (the issue's own timeline says the rest). */
export const ISSUE_OPENED = 'issue_opened' satisfies TripEventKind;

interface StatusAndDriver {
  status: TripStatus;
  driverId: number | null;
}

/** The step a change makes (null: no step, e.g. only the payment method changed). */
export function tripStepOf(
  before: StatusAndDriver | null,
  after: StatusAndDriver,
  actor: TripActor,
): TripEventKind | null {
  if (!before) return 'requested';
  if (before.status !== after.status) {
    switch (after.status) {
      case 'accepted':
        return actor === 'staff' ? 'assigned' : 'accepted';
      case 'arrived':
        return 'arrived';
      case 'in_progress':
        return 'started';
      case 'completed':
        return 'completed';
      case 'cancelled_by_passenger':
      case 'cancelled_by_driver':
        return 'cancelled';
      case 'no_driver_found':
        return 'no_driver_found';
      default:
        return null;
    }
  }
  if (after.driverId !== null && before.driverId !== after.driverId) return 'reassigned';
  return null;
}

/** A recorded step as the trip's events endpoint answers it. */
export interface TripEventRecord {
  id: number;
  at: string;
  kind: TripEventKind;
  status: TripStatus;
  actor: TripActor;
  staffId: number | null;
  staffName: string | null;
  driverId: number | null;
  driverName: string | null;
  note: string | null;
  /** The issue an `issue_opened` event is about. */
  issueId?: number | null;
}

/** What of the trip the timeline needs. */
export interface TimelineTrip {
  status: TripStatus;
  requestedAt: string;
  acceptedAt: string | null;
  arrivedAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  driverId: number | null;
  driverName?: string | null;
  passengerId: number;
  passengerName?: string | null;
  cancellationReason: string | null;
  bookedByName?: string | null;
}

export type StepKey = 'requested' | 'accepted' | 'arrived' | 'started' | 'completed' | 'cancelled' | 'no_driver_found';

/** Who did a step: a person with a link target, or a plain role. */
export interface StepActor {
  kind: 'staff' | 'passenger' | 'driver' | 'system';
  id: number | null;
  name: string | null;
}

export interface TimelineEntry {
  /** A main step, or a recorded event between them (a reassignment, an offer). */
  key: StepKey | 'reassigned' | 'offered' | 'declined' | 'issue_opened' | 'left_area' | 'back_in_area';
  /** done: happened; skipped: the trip ended without it; upcoming: not yet (the trip is active). */
  state: 'done' | 'skipped' | 'upcoming';
  at: string | null;
  /** Time since the step before that happened, in ms (done steps only). */
  sincePreviousMs: number | null;
  /** What that time is called: time to accept, on the way, wait at pickup, ride duration. */
  sinceLabel: 'to_accept' | 'to_pickup' | 'wait_at_pickup' | 'ride' | 'since_previous' | null;
  /** Who did it. */
  by: StepActor | null;
  /** A staff member who recorded it on someone's behalf (a cancellation made in the panel). */
  recordedBy: StepActor | null;
  /** The driver concerned (accepted, reassigned). */
  driver: StepActor | null;
  note: string | null;
  /** The issue an `issue_opened` entry is about, and its category. */
  issue?: { id: number; category: string } | null;
}

/** The name of the time between two consecutive steps (keyed "previous>step"). */
const SINCE_LABEL: Record<string, TimelineEntry['sinceLabel']> = {
  'requested>accepted': 'to_accept',
  'accepted>arrived': 'to_pickup',
  'arrived>started': 'wait_at_pickup',
  'started>completed': 'ride',
};

/** Recorded events shown between the main steps, at their time. */
const EXTRA_KINDS: readonly TripEventKind[] = [
  'reassigned',
  'offered',
  'declined',
  'issue_opened',
  // The driver left the service areas during the trip, and came back (issue 32).
  'left_area',
  'back_in_area',
];

/** Who opened an issue: the staff member, or the passenger or driver who reported it from an app. */
function issueOpener(e: TripEventRecord, trip: TimelineTrip): StepActor | null {
  if (e.actor === 'staff') return staffActor(e);
  if (e.actor === 'passenger') return { kind: 'passenger', id: trip.passengerId, name: trip.passengerName ?? null };
  if (e.actor === 'driver') return driverActor(trip.driverId, trip.driverName);
  return { kind: 'system', id: null, name: null };
}

const elapsed = (from: string | null, to: string | null) =>
  from && to ? Math.max(0, new Date(to).getTime() - new Date(from).getTime()) : null;

const staffActor = (e: TripEventRecord): StepActor => ({ kind: 'staff', id: e.staffId, name: e.staffName });
const driverActor = (id: number | null, name: string | null | undefined): StepActor | null =>
  id === null ? null : { kind: 'driver', id, name: name ?? null };

/**
 * The steps of a trip in order: requested, accepted, arrived, started, then how it ended (completed,
 * cancelled or no driver found). A step the trip never reached is `skipped` once the trip has ended
 * and `upcoming` while it runs. Recorded events that are not main steps (reassignments, offers) sit
 * between the steps at their time. Each done step carries the time since the done step before it.
 */
export function buildTimeline(trip: TimelineTrip, events: readonly TripEventRecord[] = []): TimelineEntry[] {
  const last = (kind: TripEventKind | TripEventKind[]) =>
    [...events].reverse().find((e) => (Array.isArray(kind) ? kind.includes(e.kind) : e.kind === kind));
  const cancelled = trip.status === 'cancelled_by_passenger' || trip.status === 'cancelled_by_driver';
  const ended = cancelled || trip.status === 'completed' || trip.status === 'no_driver_found';
  const terminal: StepKey = cancelled
    ? 'cancelled'
    : trip.status === 'no_driver_found'
      ? 'no_driver_found'
      : 'completed';
  const terminalAt = terminal === 'completed' ? trip.completedAt : trip.cancelledAt;

  const entry = (key: StepKey, at: string | null, extra: Partial<TimelineEntry> = {}): TimelineEntry => ({
    key,
    state: at ? 'done' : ended ? 'skipped' : 'upcoming',
    at,
    sincePreviousMs: null,
    sinceLabel: null,
    by: null,
    recordedBy: null,
    driver: null,
    note: null,
    ...extra,
  });

  const requested = last('requested');
  const accepted = last(['assigned', 'accepted']);
  const cancelledEvent = last(['cancelled', 'no_driver_found']);
  const started = last('started');
  const steps: TimelineEntry[] = [
    entry('requested', trip.requestedAt, {
      by:
        requested?.actor === 'staff'
          ? staffActor(requested)
          : trip.bookedByName
            ? { kind: 'staff', id: null, name: trip.bookedByName }
            : { kind: 'passenger', id: trip.passengerId, name: trip.passengerName ?? null },
    }),
    entry('accepted', trip.acceptedAt, {
      by: accepted?.actor === 'staff' ? staffActor(accepted) : null,
      driver: trip.acceptedAt
        ? accepted
          ? driverActor(accepted.driverId, accepted.driverName)
          : driverActor(trip.driverId, trip.driverName)
        : null,
    }),
    entry('arrived', trip.arrivedAt),
    // Staff who start a ride booked for later before its time say why (the event's note).
    entry('started', trip.startedAt, {
      by: started?.actor === 'staff' ? staffActor(started) : null,
      note: started?.note ?? null,
    }),
  ];
  if (ended || terminal === 'completed') {
    const byWhom: StepActor | null = cancelled
      ? trip.status === 'cancelled_by_driver'
        ? (driverActor(trip.driverId, trip.driverName) ?? { kind: 'driver', id: null, name: null })
        : { kind: 'passenger', id: trip.passengerId, name: trip.passengerName ?? null }
      : terminal === 'no_driver_found'
        ? { kind: 'system', id: null, name: null }
        : null;
    steps.push(
      entry(terminal, terminalAt, {
        by: byWhom,
        recordedBy: cancelledEvent?.actor === 'staff' ? staffActor(cancelledEvent) : null,
        note: cancelled ? (trip.cancellationReason ?? cancelledEvent?.note ?? null) : null,
      }),
    );
  }
  // Recorded events that are not main steps, placed by time.
  const extras: TimelineEntry[] = events
    .filter((e) => EXTRA_KINDS.includes(e.kind))
    .map((e) => {
      if (e.kind === 'issue_opened')
        return {
          key: 'issue_opened',
          state: 'done',
          at: e.at,
          sincePreviousMs: null,
          sinceLabel: null,
          by: issueOpener(e, trip),
          recordedBy: null,
          driver: null,
          note: null,
          issue: e.issueId != null ? { id: e.issueId, category: e.note ?? 'other' } : null,
        } satisfies TimelineEntry;
      return {
        key: e.kind as TimelineEntry['key'],
        state: 'done',
        at: e.at,
        sincePreviousMs: null,
        sinceLabel: null,
        by: e.actor === 'staff' ? staffActor(e) : e.actor === 'driver' ? driverActor(e.driverId, e.driverName) : null,
        recordedBy: null,
        driver: driverActor(e.driverId, e.driverName),
        note: e.note,
      } satisfies TimelineEntry;
    });
  const out: TimelineEntry[] = [];
  for (const s of steps) {
    if (s.at) {
      const t = s.at;
      while (extras.length && extras[0].at! < t) out.push(extras.shift()!);
    }
    out.push(s);
  }
  // Extras after the last done step go right after it (before the upcoming or skipped ones).
  if (extras.length) {
    const lastDone = out.map((s) => s.state === 'done').lastIndexOf(true);
    out.splice(lastDone + 1, 0, ...extras);
  }

  let previous: TimelineEntry | null = null;
  for (const s of out) {
    // An issue is raised about the trip, not a step of the ride: it takes no "time since".
    if (s.state !== 'done' || !s.at || s.key === 'issue_opened') continue;
    if (previous) {
      s.sincePreviousMs = elapsed(previous.at, s.at);
      s.sinceLabel = SINCE_LABEL[`${previous.key}>${s.key}`] ?? 'since_previous';
    }
    previous = s;
  }
  return out;
}
