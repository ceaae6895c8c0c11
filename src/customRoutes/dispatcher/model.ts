/**
 * The dispatcher page's state rules, as pure functions (unit-tested in Node): the live driver feed
 * (snapshot, then deltas), the visible box sent to the server, the trips board's columns and
 * waiting times, and the booking list's keyboard choice.
 */
import type { TripUpdatedEvent } from '../../domain/tripEvents';
import type { DriverLiveState, DriverPositionsBatch, LiveDriver } from '../../domain/liveDrivers';
import type { TripStatus } from '../../domain/enums';
import type { PointShape } from '../../kit/map/pointShapes';

export type LiveDrivers = ReadonlyMap<number, LiveDriver>;

/** The drivers of a REST snapshot, by id. */
export function fromSnapshot(drivers: readonly LiveDriver[]): Map<number, LiveDriver> {
  return new Map(drivers.map((d) => [d.id, d]));
}

/**
 * Applies one `driverPositions` batch: moved drivers replace their entry unless the entry already
 * holds a newer position (a snapshot fetched after the batch was sent), gone drivers leave. Returns
 * the same map when nothing changed, so React skips the render.
 */
export function applyPositions(state: LiveDrivers, batch: DriverPositionsBatch): LiveDrivers {
  let next: Map<number, LiveDriver> | undefined;
  const write = () => (next ??= new Map(state));
  for (const driver of batch.moved) {
    const known = state.get(driver.id);
    if (known && Date.parse(known.at) > Date.parse(driver.at)) continue;
    write().set(driver.id, driver);
  }
  for (const id of batch.gone) if (state.has(id)) write().delete(id);
  return next ?? state;
}

/** The map's colour for each live state (the legend shows the same). */
export const LIVE_STATE_COLOURS: Record<DriverLiveState, string> = {
  available: '#2e7d32',
  offered: '#f9a825',
  en_route: '#1565c0',
  on_trip: '#6a1b9a',
  lost: '#9e9e9e',
};

/**
 * The map's shape for each live state, so a state is not told by colour alone (WCAG 1.4.1); the
 * legend and the driver card show the same shape.
 */
export const LIVE_STATE_SHAPES: Record<DriverLiveState, PointShape> = {
  available: 'circle',
  offered: 'diamond',
  en_route: 'triangle',
  on_trip: 'square',
  lost: 'cross',
};

/** [minLng, minLat, maxLng, maxLat], as `dispatcher:watch` and the snapshot's `bbox` take it. */
export type BBox = [number, number, number, number];

/** A box rounded outwards to 4 decimals (about 11 m), so tiny pans do not re-send the same watch. */
export function roundBox([minLng, minLat, maxLng, maxLat]: BBox): BBox {
  // toFixed first: -1.37 * 1e4 is -13700.000000000002, which would floor to -13701.
  const down = (v: number) => Math.floor(Number((v * 1e4).toFixed(6))) / 1e4;
  const up = (v: number) => Math.ceil(Number((v * 1e4).toFixed(6))) / 1e4;
  return [down(minLng), down(minLat), up(maxLng), up(maxLat)];
}

export const sameBox = (a: BBox | undefined, b: BBox | undefined) =>
  a !== undefined && b !== undefined && a.every((v, i) => v === b[i]);

/** The trips board's columns, in order. */
export const BOARD_COLUMNS = ['scheduled', 'waiting', 'offered', 'en_route', 'at_pickup', 'on_trip'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

export interface BoardTrip {
  id: number;
  status: TripStatus | string;
  driverId: number | null;
  requestedAt: string;
  /** A trip booked for later: its pickup time, and when it was released to the offers. */
  scheduledAt?: string | null;
  releasedAt?: string | null;
  /** Set by the dispatch offers (tripUpdated's optional offeredDriverId) while an offer is pending. */
  offeredDriverId?: number | null;
  /** While the driver is outside every service area on the trip: since when (issue 32). */
  leftAreaAt?: string | null;
}

/** The drivers whose trip is flagged outside every service area (their map dot gets a ring). */
export function driversOutsideArea(trips: readonly BoardTrip[]): ReadonlySet<number> {
  const out = new Set<number>();
  for (const trip of trips) if (trip.leftAreaAt && trip.driverId !== null) out.add(trip.driverId);
  return out;
}

/** Where an active trip stands on the board; undefined once it is finished. */
export function boardColumn(trip: BoardTrip): BoardColumn | undefined {
  switch (trip.status) {
    case 'scheduled':
      return 'scheduled';
    case 'requested':
      return trip.offeredDriverId ? 'offered' : 'waiting';
    case 'accepted':
      return 'en_route';
    case 'arrived':
      return 'at_pickup';
    case 'in_progress':
      return 'on_trip';
    default:
      return undefined;
  }
}

/**
 * The pickup time a card shows: a ride booked for later keeps it from its own column until the
 * passenger is on board (released, offered, driver en route or at the pickup); a ride asked for now
 * has none.
 */
export const cardPickupTime = (trip: Pick<BoardTrip, 'scheduledAt'>, column: BoardColumn): string | undefined =>
  column === 'on_trip' ? undefined : (trip.scheduledAt ?? undefined);

/** A trip waiting this long for a driver is shown in red. */
export const LATE_AFTER_SECONDS = 120;

/** Since when a trip has waited for a driver: its release for one booked for later, else its request. */
export const waitingSince = (trip: Pick<BoardTrip, 'requestedAt' | 'releasedAt'>) =>
  trip.releasedAt ?? trip.requestedAt;

export const waitingSeconds = (requestedAt: string, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(requestedAt)) / 1000));

/** "0:45", "12:03", "1:02:09". */
export function formatWait(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The trips of the board grouped by column, oldest request first in each; booked for later by pickup time. */
export function groupBoard<T extends BoardTrip>(trips: readonly T[]): Record<BoardColumn, T[]> {
  const out = Object.fromEntries(BOARD_COLUMNS.map((c) => [c, [] as T[]])) as Record<BoardColumn, T[]>;
  for (const trip of trips) {
    const column = boardColumn(trip);
    if (column) out[column].push(trip);
  }
  const key = (t: T, column: BoardColumn) =>
    Date.parse(column === 'scheduled' ? (t.scheduledAt ?? t.requestedAt) : waitingSince(t));
  for (const column of BOARD_COLUMNS) out[column].sort((a, b) => key(a, column) - key(b, column) || a.id - b.id);
  return out;
}

/**
 * Applies a `tripUpdated` event to the board's trips: a known trip takes the new status and driver
 * (and leaves once finished); an unknown active trip needs its record, so `missing` says to fetch it.
 */
export function applyTripUpdate<T extends BoardTrip>(
  trips: readonly T[],
  event: TripUpdatedEvent,
): { trips: readonly T[]; missing: boolean } {
  const index = trips.findIndex((t) => t.id === event.id);
  const active = boardColumn({ ...event, requestedAt: event.at }) !== undefined;
  if (index === -1) return { trips, missing: active };
  if (!active) return { trips: trips.filter((t) => t.id !== event.id), missing: false };
  const next = [...trips];
  next[index] = {
    ...trips[index],
    status: event.status,
    driverId: event.driverId,
    offeredDriverId: event.offeredDriverId ?? null,
    // Released at its lead time: it waits for a driver from now on, not from its booking.
    ...(event.previousStatus === 'scheduled' && event.status !== 'scheduled' ? { releasedAt: event.at } : {}),
    // The service-area flag, when the event is about it.
    ...(event.leftAreaAt !== undefined ? { leftAreaAt: event.leftAreaAt } : {}),
  };
  return { trips: next, missing: false };
}

/** Moves a list choice with the arrow keys, wrapping around; -1 stays -1 on an empty list. */
export function moveChoice(current: number, step: number, length: number): number {
  if (length === 0) return -1;
  if (current < 0) return step > 0 ? 0 : length - 1;
  return (current + step + length) % length;
}

/** What a vehicle type's line says under its name in the booking: see vehicleDetail. */
export type VehicleDetail =
  | { kind: 'fareAt'; time: string; surge: number | null }
  | { kind: 'eta'; minutes: number; count: number }
  | { kind: 'none' }
  | { kind: 'unknown' };

/**
 * Under a vehicle type in the booking: for a ride booked for later, that its fare is the one at the
 * pickup time (with that time's surge), as no one knows who will be near then; for a ride now, the
 * nearest available driver's ETA and how many are available, none nearby, or unknown without a feed.
 */
export function vehicleDetail(
  pickupAt: string | undefined,
  near: { available: number; nearestEtaSeconds: number | null } | undefined,
  surgeMultiplier: number,
): VehicleDetail {
  if (pickupAt) return { kind: 'fareAt', time: pickupAt, surge: surgeMultiplier > 1 ? surgeMultiplier : null };
  if (!near) return { kind: 'unknown' };
  if (near.available > 0 && near.nearestEtaSeconds !== null)
    return { kind: 'eta', minutes: Math.max(1, Math.round(near.nearestEtaSeconds / 60)), count: near.available };
  return { kind: 'none' };
}
