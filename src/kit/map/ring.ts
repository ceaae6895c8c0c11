import { openRing, type ZonePolygon } from '../../domain/zones';
import type { Position } from './geo';

/**
 * A zone outline's editing steps as pure functions on its open ring (the points in order, without
 * GeoJSON's repeated first point), shared by the map editor and the keyboard's points list.
 */

/** Degrees kept: 6 decimals is about 11 cm, what the form stores. */
export const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
export const roundPosition = ([lng, lat]: readonly number[]): Position => [round6(lng), round6(lat)];

/** The open ring of a form value (null, a partial or a whole Polygon). */
export function ringOf(value: ZonePolygon | null | undefined): Position[] {
  const ring = value?.coordinates?.[0];
  return ring ? openRing(ring) : [];
}

/** The form value of a ring: a Polygon (the server closes and checks it), or null when empty. */
export function polygonOf(ring: readonly Position[]): ZonePolygon | null {
  return ring.length ? { type: 'Polygon', coordinates: [ring.map(roundPosition)] } : null;
}

/** A GeoJSON Polygon for the map (closed), when the ring has 3 points or more. */
export function closedPolygonOf(ring: readonly Position[]): GeoJSON.Polygon | undefined {
  return ring.length >= 3 ? { type: 'Polygon', coordinates: [[...ring, ring[0]]] } : undefined;
}

/** The ring a drawn polygon's outline gives (its first ring, opened and rounded). */
export function ringOfGeometry(geometry: GeoJSON.Geometry | undefined): Position[] {
  if (geometry?.type !== 'Polygon' || !geometry.coordinates[0]) return [];
  return openRing(geometry.coordinates[0].map(roundPosition));
}

export function sameRing(a: readonly Position[], b: readonly Position[]): boolean {
  return a.length === b.length && a.every((p, i) => p[0] === b[i][0] && p[1] === b[i][1]);
}

/** The point `index` moved to `to`. */
export function moveVertex(ring: readonly Position[], index: number, to: Position): Position[] {
  return ring.map((p, i) => (i === index ? roundPosition(to) : p));
}

/** The middle of the edge from point `index` to the next (the last point's edge goes to the first). */
export function edgeMidpoint(ring: readonly Position[], index: number): Position {
  const a = ring[index];
  const b = ring[(index + 1) % ring.length];
  return roundPosition([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
}

/** A point added on the edge after point `index` (at its middle unless `at` is given). */
export function insertVertex(ring: readonly Position[], index: number, at?: Position): Position[] {
  const point = at ? roundPosition(at) : edgeMidpoint(ring, index);
  return [...ring.slice(0, index + 1), point, ...ring.slice(index + 1)];
}

/** The outline without point `index`; an outline keeps 3 points, so a triangle's point stays. */
export function removeVertex(ring: readonly Position[], index: number): Position[] {
  if (ring.length <= 3 || index < 0 || index >= ring.length) return [...ring];
  return ring.filter((_, i) => i !== index);
}

/** A typed coordinate: the number, or why it cannot be one (a longitude or a latitude). */
export function parseCoordinate(text: string, axis: 'lng' | 'lat'): number | 'invalid' {
  const value = Number(text.trim().replace(',', '.'));
  const limit = axis === 'lng' ? 180 : 90;
  if (text.trim() === '' || !Number.isFinite(value) || Math.abs(value) > limit) return 'invalid';
  return round6(value);
}
