import { CITY_SPEED_KMH, ROUTE_FACTOR } from './fare.js';

/**
 * How long a driver takes to reach a point this far away in a straight line: roads are not
 * straight (× ROUTE_FACTOR) and the city moves at CITY_SPEED_KMH, as the fare estimate assumes.
 * Whole seconds, at least one minute for anyone not already there (pulling over takes time).
 */
export function etaSeconds(straightKm: number, speedKmh = CITY_SPEED_KMH, roadFactor = ROUTE_FACTOR): number {
  if (!Number.isFinite(straightKm) || straightKm <= 0) return 0;
  return Math.max(60, Math.round(((straightKm * roadFactor) / speedKmh) * 3600));
}
