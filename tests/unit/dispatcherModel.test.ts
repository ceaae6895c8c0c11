import type { TripUpdatedEvent } from '../../src/domain/tripEvents';
import { describe, expect, it } from 'vitest';
import {
  applyPositions,
  applyTripUpdate,
  boardColumn,
  cardPickupTime,
  formatWait,
  fromSnapshot,
  groupBoard,
  moveChoice,
  roundBox,
  sameBox,
  waitingSeconds,
  vehicleDetail,
  type BoardTrip,
} from '../../src/customRoutes/dispatcher/model';
import type { LiveDriver } from '../../src/domain/liveDrivers';

const driver = (id: number, at: string, over: Partial<LiveDriver> = {}): LiveDriver => ({
  id,
  lat: -1.29,
  lng: 36.8,
  heading: 90,
  speed: 30,
  state: 'available',
  vehicleTypeId: 1,
  tripId: null,
  at,
  ...over,
});

describe('live driver feed', () => {
  const t0 = '2026-11-24T10:00:00.000Z';
  const t1 = '2026-11-24T10:00:01.000Z';

  it('applies moved and gone drivers on top of a snapshot', () => {
    const state = fromSnapshot([driver(1, t0), driver(2, t0)]);
    const next = applyPositions(state, {
      at: t1,
      moved: [driver(1, t1, { lat: -1.3, state: 'en_route', tripId: 9 }), driver(3, t1)],
      gone: [2],
    });
    expect([...next.keys()].sort()).toEqual([1, 3]);
    expect(next.get(1)).toMatchObject({ lat: -1.3, state: 'en_route', tripId: 9 });
    // The snapshot is not changed in place.
    expect(state.get(1)!.lat).toBe(-1.29);
  });

  it('keeps a newer position than the batch brings, and the same map when nothing changed', () => {
    const state = fromSnapshot([driver(1, t1, { lat: -1.31 })]);
    expect(applyPositions(state, { at: t0, moved: [driver(1, t0, { lat: -1.2 })], gone: [] })).toBe(state);
    expect(applyPositions(state, { at: t1, moved: [], gone: [42] })).toBe(state);
  });

  it('rounds the watched box outwards and compares boxes', () => {
    expect(roundBox([36.812345, -1.312345, 36.900001, -1.2])).toEqual([36.8123, -1.3124, 36.9001, -1.2]);
    expect(sameBox([1, 2, 3, 4], [1, 2, 3, 4])).toBe(true);
    expect(sameBox([1, 2, 3, 4], [1, 2, 3, 5])).toBe(false);
    expect(sameBox(undefined, [1, 2, 3, 4])).toBe(false);
  });
});

describe('trips board', () => {
  const trip = (id: number, status: string, requestedAt: string, offeredDriverId: number | null = null) => ({
    id,
    status,
    driverId: null,
    requestedAt,
    offeredDriverId,
  });

  it('puts each active trip in its column, oldest first, and finished ones nowhere', () => {
    expect(boardColumn(trip(1, 'requested', 'x'))).toBe('waiting');
    expect(boardColumn(trip(1, 'requested', 'x', 7))).toBe('offered');
    expect(boardColumn(trip(1, 'accepted', 'x'))).toBe('en_route');
    expect(boardColumn(trip(1, 'arrived', 'x'))).toBe('at_pickup');
    expect(boardColumn(trip(1, 'in_progress', 'x'))).toBe('on_trip');
    expect(boardColumn(trip(1, 'completed', 'x'))).toBeUndefined();
    const board = groupBoard([
      trip(1, 'requested', '2026-11-24T10:05:00Z'),
      trip(2, 'requested', '2026-11-24T10:01:00Z'),
      trip(3, 'in_progress', '2026-11-24T09:00:00Z'),
      trip(4, 'cancelled_by_driver', '2026-11-24T09:00:00Z'),
    ]);
    expect(board.waiting.map((t) => t.id)).toEqual([2, 1]);
    expect(board.on_trip.map((t) => t.id)).toEqual([3]);
    expect(Object.values(board).flat()).toHaveLength(3);
  });

  it('puts trips booked for later in their own column, soonest pickup first; once released they wait from their release', () => {
    const later = (id: number, scheduledAt: string) => ({
      ...trip(id, 'scheduled', '2026-11-20T08:00:00Z'),
      scheduledAt,
    });
    expect(boardColumn(later(1, '2026-11-24T12:00:00Z'))).toBe('scheduled');
    const board = groupBoard([
      later(1, '2026-11-24T12:00:00Z'),
      later(2, '2026-11-24T11:00:00Z'),
      trip(3, 'requested', '2026-11-24T10:05:00Z'),
      { ...trip(4, 'requested', '2026-11-20T08:00:00Z'), releasedAt: '2026-11-24T10:10:00Z' },
    ]);
    expect(board.scheduled.map((t) => t.id)).toEqual([2, 1]);
    expect(board.waiting.map((t) => t.id)).toEqual([3, 4]);
    const released = applyTripUpdate([later(1, '2026-11-24T12:00:00Z')], {
      id: 1,
      status: 'requested',
      previousStatus: 'scheduled',
      driverId: null,
      passengerId: 1,
      vehicleTypeId: 1,
      at: '2026-11-24T11:45:00Z',
    });
    expect(released.trips[0]).toMatchObject({ status: 'requested', releasedAt: '2026-11-24T11:45:00Z' });
    expect(boardColumn(released.trips[0])).toBe('waiting');
  });

  it('counts the wait and formats it', () => {
    expect(waitingSeconds('2026-11-24T10:00:00Z', Date.parse('2026-11-24T10:02:05Z'))).toBe(125);
    expect(waitingSeconds('2026-11-24T10:00:00Z', Date.parse('2026-11-24T09:00:00Z'))).toBe(0);
    expect(formatWait(45)).toBe('0:45');
    expect(formatWait(723)).toBe('12:03');
    expect(formatWait(3729)).toBe('1:02:09');
  });

  it('applies tripUpdated: moves a known trip, drops a finished one, asks for an unknown active one', () => {
    const trips = [trip(1, 'requested', '2026-11-24T10:00:00Z')];
    const event = (over: Partial<TripUpdatedEvent>): TripUpdatedEvent => ({
      id: 1,
      status: 'accepted',
      previousStatus: 'requested',
      driverId: 5,
      passengerId: 1,
      vehicleTypeId: 1,
      at: '2026-11-24T10:01:00Z',
      ...over,
    });
    const accepted = applyTripUpdate(trips, event({}));
    expect(accepted).toEqual({
      trips: [expect.objectContaining({ id: 1, status: 'accepted', driverId: 5 })],
      missing: false,
    });
    const offered = applyTripUpdate(trips, event({ status: 'requested', driverId: null, offeredDriverId: 8 }));
    expect(boardColumn(offered.trips[0])).toBe('offered');
    expect(applyTripUpdate(trips, event({ status: 'cancelled_by_passenger' }))).toEqual({ trips: [], missing: false });
    expect(applyTripUpdate(trips, event({ id: 2, status: 'requested', previousStatus: null })).missing).toBe(true);
    expect(applyTripUpdate(trips, event({ id: 2, status: 'completed' })).missing).toBe(false);
  });

  it('keeps the service-area flag from the event about it, and leaves it alone on other events (issue 32)', () => {
    const base = {
      id: 1,
      status: 'accepted',
      previousStatus: 'accepted',
      driverId: 5,
      passengerId: 1,
      vehicleTypeId: 1,
    };
    const onTrip: BoardTrip[] = [{ ...trip(1, 'accepted', '2026-11-24T10:00:00Z'), driverId: 5 }];
    const left = applyTripUpdate(onTrip, {
      ...base,
      at: '2026-11-24T10:05:00Z',
      leftAreaAt: '2026-11-24T10:05:00Z',
    } as TripUpdatedEvent);
    expect(left.trips[0].leftAreaAt).toBe('2026-11-24T10:05:00Z');
    const arrived = applyTripUpdate(left.trips, {
      ...base,
      status: 'arrived',
      at: '2026-11-24T10:06:00Z',
    } as TripUpdatedEvent);
    expect(arrived.trips[0].leftAreaAt).toBe('2026-11-24T10:05:00Z');
    const back = applyTripUpdate(arrived.trips, {
      ...base,
      status: 'arrived',
      at: '2026-11-24T10:07:00Z',
      leftAreaAt: null,
    } as TripUpdatedEvent);
    expect(back.trips[0].leftAreaAt).toBeNull();
  });
});

describe('keyboard choice', () => {
  it('moves with wrap-around and starts from the first or last', () => {
    expect(moveChoice(-1, 1, 3)).toBe(0);
    expect(moveChoice(-1, -1, 3)).toBe(2);
    expect(moveChoice(2, 1, 3)).toBe(0);
    expect(moveChoice(0, -1, 3)).toBe(2);
    expect(moveChoice(0, 1, 0)).toBe(-1);
  });
});

describe('pickup time on a board card', () => {
  const at = '2026-12-08T04:30:00.000Z';
  it('shows a ride booked for later its pickup time in every column until the passenger is on board', () => {
    for (const column of ['scheduled', 'waiting', 'offered', 'en_route', 'at_pickup'] as const)
      expect(cardPickupTime({ scheduledAt: at }, column), column).toBe(at);
    expect(cardPickupTime({ scheduledAt: at }, 'on_trip')).toBeUndefined();
    expect(cardPickupTime({ scheduledAt: null }, 'waiting')).toBeUndefined();
    expect(cardPickupTime({}, 'scheduled')).toBeUndefined();
  });
});

describe('a vehicle type’s line in the booking', () => {
  const near = { available: 22, nearestEtaSeconds: 110 };
  it('says the fare is at the pickup time (with its surge) for a ride booked for later, never a live ETA', () => {
    const at = '2026-12-08T05:30:00.000Z';
    expect(vehicleDetail(at, near, 1.3)).toEqual({ kind: 'fareAt', time: at, surge: 1.3 });
    expect(vehicleDetail(at, near, 1)).toEqual({ kind: 'fareAt', time: at, surge: null });
    expect(vehicleDetail(at, undefined, 1)).toEqual({ kind: 'fareAt', time: at, surge: null });
  });
  it('says the nearest driver’s ETA and how many are available for a ride now, or why not', () => {
    expect(vehicleDetail(undefined, near, 1.3)).toEqual({ kind: 'eta', minutes: 2, count: 22 });
    expect(vehicleDetail(undefined, { available: 3, nearestEtaSeconds: 10 }, 1)).toEqual({
      kind: 'eta',
      minutes: 1,
      count: 3,
    });
    expect(vehicleDetail(undefined, { available: 0, nearestEtaSeconds: null }, 1)).toEqual({ kind: 'none' });
    expect(vehicleDetail(undefined, undefined, 1)).toEqual({ kind: 'unknown' });
  });
});
