import { describe, expect, it } from 'vitest';
import { buildTimeline, tripStepOf, type TimelineTrip, type TripEventRecord } from '../../src/domain/tripTimeline';

const at = (min: number) => new Date(Date.UTC(2026, 10, 24, 8, 0) + min * 60_000).toISOString();

const trip = (over: Partial<TimelineTrip>): TimelineTrip => ({
  status: 'requested',
  requestedAt: at(0),
  acceptedAt: null,
  arrivedAt: null,
  startedAt: null,
  completedAt: null,
  cancelledAt: null,
  driverId: null,
  driverName: null,
  passengerId: 7,
  passengerName: 'Amina Otieno',
  cancellationReason: null,
  ...over,
});

const event = (over: Partial<TripEventRecord>): TripEventRecord => ({
  id: 1,
  at: at(0),
  kind: 'requested',
  status: 'requested',
  actor: 'staff',
  staffId: 3,
  staffName: 'Jane Ops',
  driverId: null,
  driverName: null,
  note: null,
  ...over,
});

describe('tripStepOf', () => {
  it('names each step of the state machine, a staff assignment and a reassignment', () => {
    expect(tripStepOf(null, { status: 'requested', driverId: null }, 'passenger')).toBe('requested');
    expect(tripStepOf({ status: 'requested', driverId: null }, { status: 'accepted', driverId: 4 }, 'staff')).toBe(
      'assigned',
    );
    expect(tripStepOf({ status: 'requested', driverId: null }, { status: 'accepted', driverId: 4 }, 'driver')).toBe(
      'accepted',
    );
    expect(tripStepOf({ status: 'accepted', driverId: 4 }, { status: 'accepted', driverId: 5 }, 'staff')).toBe(
      'reassigned',
    );
    expect(tripStepOf({ status: 'arrived', driverId: 4 }, { status: 'in_progress', driverId: 4 }, 'driver')).toBe(
      'started',
    );
    expect(
      tripStepOf({ status: 'arrived', driverId: 4 }, { status: 'cancelled_by_driver', driverId: 4 }, 'staff'),
    ).toBe('cancelled');
    expect(tripStepOf({ status: 'accepted', driverId: 4 }, { status: 'accepted', driverId: 4 }, 'staff')).toBeNull();
  });
});

describe('buildTimeline', () => {
  it('gives a completed trip every step with the time since the one before and its name', () => {
    const steps = buildTimeline(
      trip({
        status: 'completed',
        acceptedAt: at(2),
        arrivedAt: at(9),
        startedAt: at(12),
        completedAt: at(40),
        driverId: 4,
        driverName: 'Otieno Kamau',
      }),
    );
    expect(steps.map((s) => [s.key, s.state, s.sinceLabel, s.sincePreviousMs])).toEqual([
      ['requested', 'done', null, null],
      ['accepted', 'done', 'to_accept', 2 * 60_000],
      ['arrived', 'done', 'to_pickup', 7 * 60_000],
      ['started', 'done', 'wait_at_pickup', 3 * 60_000],
      ['completed', 'done', 'ride', 28 * 60_000],
    ]);
    expect(steps[1].driver).toEqual({ kind: 'driver', id: 4, name: 'Otieno Kamau' });
    expect(steps[0].by).toEqual({ kind: 'passenger', id: 7, name: 'Amina Otieno' });
  });

  it('marks the steps a cancelled trip never reached as skipped, and says who cancelled and why', () => {
    const steps = buildTimeline(
      trip({
        status: 'cancelled_by_passenger',
        acceptedAt: at(1),
        cancelledAt: at(6),
        driverId: 4,
        cancellationReason: 'Found another ride',
      }),
      [event({}), event({ id: 2, at: at(6), kind: 'cancelled', status: 'cancelled_by_passenger', note: 'x' })],
    );
    expect(steps.map((s) => [s.key, s.state])).toEqual([
      ['requested', 'done'],
      ['accepted', 'done'],
      ['arrived', 'skipped'],
      ['started', 'skipped'],
      ['cancelled', 'done'],
    ]);
    const cancelled = steps[4];
    expect(cancelled.by).toEqual({ kind: 'passenger', id: 7, name: 'Amina Otieno' });
    expect(cancelled.recordedBy).toEqual({ kind: 'staff', id: 3, name: 'Jane Ops' });
    expect(cancelled.note).toBe('Found another ride');
    // Skipped steps do not count: the time is since the acceptance, not named as a ride or a wait.
    expect([cancelled.sincePreviousMs, cancelled.sinceLabel]).toEqual([5 * 60_000, 'since_previous']);
    expect(steps[0].by).toEqual({ kind: 'staff', id: 3, name: 'Jane Ops' });
  });

  it('shows the steps still to come of an active trip as upcoming, with the reassignments in between', () => {
    const steps = buildTimeline(trip({ status: 'accepted', acceptedAt: at(3), driverId: 5, driverName: 'B' }), [
      event({}),
      event({ id: 2, at: at(3), kind: 'assigned', status: 'accepted', driverId: 4, driverName: 'A' }),
      event({ id: 3, at: at(5), kind: 'reassigned', status: 'accepted', driverId: 5, driverName: 'B' }),
    ]);
    expect(steps.map((s) => [s.key, s.state])).toEqual([
      ['requested', 'done'],
      ['accepted', 'done'],
      ['reassigned', 'done'],
      ['arrived', 'upcoming'],
      ['started', 'upcoming'],
      ['completed', 'upcoming'],
    ]);
    expect(steps[1].by).toEqual({ kind: 'staff', id: 3, name: 'Jane Ops' });
    expect(steps[1].driver).toEqual({ kind: 'driver', id: 4, name: 'A' });
    expect(steps[2].driver).toEqual({ kind: 'driver', id: 5, name: 'B' });
    expect(steps[2].sincePreviousMs).toBe(2 * 60_000);
  });

  it('puts an issue opened about the trip at its time, by whom, with its number and category, taking no time from the ride', () => {
    const steps = buildTimeline(
      trip({
        status: 'completed',
        acceptedAt: at(2),
        arrivedAt: at(6),
        startedAt: at(8),
        completedAt: at(20),
        driverId: 4,
        driverName: 'Otieno Kamau',
      }),
      [
        event({ id: 2, at: at(12), kind: 'issue_opened', status: 'in_progress', issueId: 31, note: 'safety' }),
        event({
          id: 3,
          at: at(45),
          kind: 'issue_opened',
          status: 'completed',
          actor: 'passenger',
          staffId: null,
          staffName: null,
          issueId: 32,
          note: 'lost_item',
        }),
      ],
    );
    expect(steps.map((s) => [s.key, s.state])).toEqual([
      ['requested', 'done'],
      ['accepted', 'done'],
      ['arrived', 'done'],
      ['started', 'done'],
      ['issue_opened', 'done'],
      ['completed', 'done'],
      ['issue_opened', 'done'],
    ]);
    expect(steps[4]).toMatchObject({
      issue: { id: 31, category: 'safety' },
      by: { kind: 'staff', id: 3, name: 'Jane Ops' },
      sincePreviousMs: null,
    });
    expect(steps[6]).toMatchObject({
      issue: { id: 32, category: 'lost_item' },
      by: { kind: 'passenger', id: 7, name: 'Amina Otieno' },
    });
    // The ride is still measured from its start, not from the issue.
    expect([steps[5].sincePreviousMs, steps[5].sinceLabel]).toEqual([12 * 60_000, 'ride']);
  });

  it('ends a trip nobody took with no driver found, by the system', () => {
    const steps = buildTimeline(trip({ status: 'no_driver_found', cancelledAt: at(10) }));
    expect(steps.map((s) => [s.key, s.state])).toEqual([
      ['requested', 'done'],
      ['accepted', 'skipped'],
      ['arrived', 'skipped'],
      ['started', 'skipped'],
      ['no_driver_found', 'done'],
    ]);
    expect(steps[4].by).toEqual({ kind: 'system', id: null, name: null });
  });
});

describe('buildTimeline with the offers cascade', () => {
  it('puts each offer and each refusal or timeout between the request and the acceptance, with the driver and the note', () => {
    const steps = buildTimeline(
      trip({ status: 'accepted', acceptedAt: at(2), driverId: 41, driverName: 'Wanjiru Achieng' }),
      [
        event({ id: 1, kind: 'requested', at: at(0) }),
        event({
          id: 2,
          kind: 'offered',
          at: at(0.1),
          actor: 'system',
          staffId: null,
          staffName: null,
          driverId: 40,
          driverName: 'Otieno Kamau',
          note: 'Offer 1: 0.4 km away (search radius 2 km)',
        }),
        event({
          id: 3,
          kind: 'declined',
          at: at(0.3),
          actor: 'driver',
          staffId: null,
          staffName: null,
          driverId: 40,
          driverName: 'Otieno Kamau',
        }),
        event({
          id: 4,
          kind: 'offered',
          at: at(0.4),
          actor: 'system',
          staffId: null,
          staffName: null,
          driverId: 41,
          driverName: 'Wanjiru Achieng',
          note: 'Offer 2: 1.1 km away (search radius 2 km)',
        }),
        event({
          id: 5,
          kind: 'declined',
          at: at(0.7),
          actor: 'system',
          staffId: null,
          staffName: null,
          driverId: 41,
          driverName: 'Wanjiru Achieng',
          note: 'No answer within 15 s',
        }),
        event({
          id: 6,
          kind: 'offered',
          at: at(1.5),
          actor: 'system',
          staffId: null,
          staffName: null,
          driverId: 41,
          driverName: 'Wanjiru Achieng',
          note: 'Offer 3: 1.0 km away (search radius 4 km)',
        }),
        event({
          id: 7,
          kind: 'accepted',
          status: 'accepted',
          at: at(2),
          actor: 'driver',
          staffId: null,
          staffName: null,
          driverId: 41,
          driverName: 'Wanjiru Achieng',
        }),
      ],
    );
    expect(steps.map((s) => [s.key, s.state, s.driver?.name ?? null])).toEqual([
      ['requested', 'done', null],
      ['offered', 'done', 'Otieno Kamau'],
      ['declined', 'done', 'Otieno Kamau'],
      ['offered', 'done', 'Wanjiru Achieng'],
      ['declined', 'done', 'Wanjiru Achieng'],
      ['offered', 'done', 'Wanjiru Achieng'],
      ['accepted', 'done', 'Wanjiru Achieng'],
      ['arrived', 'upcoming', null],
      ['started', 'upcoming', null],
      ['completed', 'upcoming', null],
    ]);
    const [, offer, refusal, , timeout] = steps;
    expect(offer).toMatchObject({ note: 'Offer 1: 0.4 km away (search radius 2 km)', by: null });
    // The driver refused; a timeout is the system's, with its reason.
    expect(refusal.by).toEqual({ kind: 'driver', id: 40, name: 'Otieno Kamau' });
    expect(timeout).toMatchObject({ by: null, note: 'No answer within 15 s' });
  });
});

describe('a ride booked for later started early by staff', () => {
  it('shows who started it and why on the start step; a driver’s start has neither', () => {
    const started = trip({
      status: 'in_progress',
      acceptedAt: at(2),
      arrivedAt: at(6),
      startedAt: at(8),
      driverId: 4,
      driverName: 'Otieno Kamau',
    });
    const early = buildTimeline(started, [
      event({ id: 5, at: at(8), kind: 'started', status: 'in_progress', note: 'Passenger asked to leave now' }),
    ]);
    expect(early.find((s) => s.key === 'started')).toMatchObject({
      state: 'done',
      by: { kind: 'staff', id: 3, name: 'Jane Ops' },
      note: 'Passenger asked to leave now',
    });
    const byDriver = buildTimeline(started, [
      event({
        id: 6,
        at: at(8),
        kind: 'started',
        status: 'in_progress',
        actor: 'driver',
        staffId: null,
        staffName: null,
      }),
    ]);
    expect(byDriver.find((s) => s.key === 'started')).toMatchObject({ by: null, note: null });
  });
});
