/**
 * Following one driver on the live feed (a trip's or an alarm's page), framework-free: the feed is
 * watched by a box, so the page watches a small box around the driver and moves it when the driver
 * nears its edge. The dispatcher's map watches what it shows instead (src/customRoutes/dispatcher).
 */
import type { BBox, DriverPositionsBatch, LiveDriver } from './liveDrivers';

/** Half the side of the box watched around a followed driver, in degrees (about 3 km in Nairobi). */
export const FOLLOW_RADIUS_DEG = 0.03;

/** A driver this far from the box's centre (share of the half side) gets a new box around them. */
export const RECENTRE_SHARE = 0.5;

export interface LatLng {
  lat: number;
  lng: number;
}

/** The box watched around a point, its corners rounded to 4 decimals (about 11 m). */
export function followBox({ lat, lng }: LatLng, radius = FOLLOW_RADIUS_DEG): BBox {
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  return [r(lng - radius), r(lat - radius), r(lng + radius), r(lat + radius)];
}

/** Whether a driver at `at` has moved far enough from the centre of `box` to watch a new box. */
export function needsRecentre(box: BBox, at: LatLng, share = RECENTRE_SHARE): boolean {
  const [minLng, minLat, maxLng, maxLat] = box;
  const halfW = (maxLng - minLng) / 2;
  const halfH = (maxLat - minLat) / 2;
  return Math.abs(at.lng - (minLng + halfW)) > halfW * share || Math.abs(at.lat - (minLat + halfH)) > halfH * share;
}

/**
 * What one `driverPositions` batch says of driver `id`: its new position (only when newer than
 * `known`), `'gone'` when it went offline or left the box, or undefined when the batch does not
 * mention it.
 */
export function followedIn(
  batch: DriverPositionsBatch,
  id: number,
  known: LiveDriver | null,
): LiveDriver | 'gone' | undefined {
  const moved = batch.moved.find((d) => d.id === id);
  if (moved) return known && Date.parse(known.at) > Date.parse(moved.at) ? undefined : moved;
  return batch.gone.includes(id) ? 'gone' : undefined;
}
