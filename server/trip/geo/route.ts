import polyline from '@mapbox/polyline';
import { CITY } from '../../../src/domain/city.js';
import type { LatLng } from '../../../src/domain/fare.js';

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A small deterministic hash of a pair of points, for the route's bend. */
function bendOf(a: LatLng, b: LatLng): number {
  let h = 2166136261;
  for (const v of [a.lat, a.lng, b.lat, b.lng]) {
    h ^= Math.round(v * 1e5);
    h = Math.imul(h, 16777619);
  }
  return ((h >>> 0) % 2001) / 1000 - 1; // −1 … 1
}

/**
 * A plausible route between two points without a routing engine: points
 * interpolated along a gentle curve (deterministic for the pair), kept
 * inside the city, encoded as a Google polyline (precision 5).
 */
export function routePoints(pickup: LatLng, dropoff: LatLng): [number, number][] {
  const dLat = dropoff.lat - pickup.lat;
  const dLng = dropoff.lng - pickup.lng;
  const lengthDeg = Math.hypot(dLat, dLng);
  const steps = clamp(Math.round(lengthDeg * 60) + 3, 3, 10);
  const bend = bendOf(pickup, dropoff) * 0.12;
  const points: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const off = Math.sin(Math.PI * t) * bend;
    const lat = pickup.lat + dLat * t - dLng * off;
    const lng = pickup.lng + dLng * t + dLat * off;
    points.push([clamp(lat, CITY.bounds.south, CITY.bounds.north), clamp(lng, CITY.bounds.west, CITY.bounds.east)]);
  }
  points[0] = [pickup.lat, pickup.lng];
  points[steps] = [dropoff.lat, dropoff.lng];
  return points;
}

export const encodeRoute = (pickup: LatLng, dropoff: LatLng): string =>
  polyline.encode(routePoints(pickup, dropoff), 5);

/** The point a fraction of the way along a route (for drivers' positions). */
export function pointAlong(pickup: LatLng, dropoff: LatLng, fraction: number): LatLng {
  const pts = routePoints(pickup, dropoff);
  const x = clamp(fraction, 0, 1) * (pts.length - 1);
  const i = Math.min(pts.length - 2, Math.floor(x));
  const f = x - i;
  return { lat: pts[i][0] + (pts[i + 1][0] - pts[i][0]) * f, lng: pts[i][1] + (pts[i + 1][1] - pts[i][1]) * f };
}
