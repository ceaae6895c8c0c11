import type { DRIVER_LIVE_STATES } from './enums.js';

export type DriverLiveState = (typeof DRIVER_LIVE_STATES)[number];

/** One driver in the dispatcher's live feed (REST snapshot and `driverPositions` deltas). */
export interface LiveDriver {
  id: number;
  lat: number;
  lng: number;
  heading: number;
  speed: number;
  state: DriverLiveState;
  vehicleTypeId: number;
  tripId: number | null;
  /** ISO time of the position. */
  at: string;
}

/** `[minLng, minLat, maxLng, maxLat]`. */
export type BBox = [number, number, number, number];

/** One batch of the `driverPositions` socket event. */
export interface DriverPositionsBatch {
  at: string;
  moved: LiveDriver[];
  gone: number[];
}

/** A driver silent this long is shown as lost… */
export const LOST_AFTER_MS = 60_000;
/** …and this long is offline (out of the feed). */
export const OFFLINE_AFTER_MS = 5 * 60_000;
/** The margin around a dispatcher's bbox within which drivers are still sent, as a share of its size. */
export const BBOX_MARGIN = 0.1;

/** A bbox grown by `margin` of its width and height on every side. */
export function widenBBox([minLng, minLat, maxLng, maxLat]: BBox, margin = BBOX_MARGIN): BBox {
  const w = (maxLng - minLng) * margin;
  const h = (maxLat - minLat) * margin;
  return [minLng - w, minLat - h, maxLng + w, maxLat + h];
}

export const inBBox = ([minLng, minLat, maxLng, maxLat]: BBox, lat: number, lng: number) =>
  lng >= minLng && lng <= maxLng && lat >= minLat && lat <= maxLat;

/** Reads `minLng,minLat,maxLng,maxLat` (a string or an array); a message says what is wrong. */
export function parseBBox(raw: unknown): BBox | string {
  const parts = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : null;
  if (!parts || parts.length !== 4) return 'bbox must be minLng,minLat,maxLng,maxLat';
  const n = parts.map((p) => (typeof p === 'number' ? p : typeof p === 'string' && p.trim() !== '' ? Number(p) : NaN));
  if (n.some((v) => !Number.isFinite(v))) return 'bbox must be four numbers';
  const [minLng, minLat, maxLng, maxLat] = n;
  if (minLng < -180 || maxLng > 180 || minLat < -90 || maxLat > 90) return 'bbox is outside the world';
  if (minLng > maxLng || minLat > maxLat) return 'bbox must list the south-west corner first';
  return [minLng, minLat, maxLng, maxLat];
}

/**
 * Sent on the staff socket to staff holding view-Driver when a driver goes online or offline (their
 * shift, not their position): lists that show who is online refresh the driver's row.
 */
export const DRIVER_SHIFT_CHANGED = 'driverShiftChanged';
export interface DriverShiftChanged {
  driverId: number;
  online: boolean;
  /** ISO time of the change. */
  at: string;
}
