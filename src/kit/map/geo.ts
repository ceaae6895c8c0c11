/** Pure GeoJSON helpers for the maps (no MapLibre import: unit-tested in Node). */
import polyline from '@mapbox/polyline';
import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import type { DataDrivenPropertyValueSpecification } from 'maplibre-gl';
import { CITY } from '../../domain/city';

/** [lng, lat], GeoJSON's order (the polyline is [lat, lng]). */
export type Position = [number, number];
/** [[west, south], [east, north]] */
export type Bounds = [Position, Position];

export const CITY_BOUNDS: Bounds = [
  [CITY.bounds.west, CITY.bounds.south],
  [CITY.bounds.east, CITY.bounds.north],
];

/** A trip's stored route (Google encoded polyline, precision 5) as GeoJSON positions; [] when unreadable. */
export function decodeRoute(encoded: string | null | undefined): Position[] {
  if (!encoded) return [];
  try {
    return polyline
      .decode(encoded, 5)
      .filter(([lat, lng]) => Number.isFinite(lat) && Number.isFinite(lng))
      .map(([lat, lng]) => [lng, lat]);
  } catch {
    return [];
  }
}

/** The smallest box around the positions, or the city's box when there are none. */
export function boundsOf(positions: readonly Position[]): Bounds {
  if (positions.length === 0) return CITY_BOUNDS;
  let [west, south] = positions[0];
  let [east, north] = positions[0];
  for (const [lng, lat] of positions) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

export const lineFeature = (positions: readonly Position[]): Feature<LineString> => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'LineString', coordinates: positions.map((p) => [...p]) },
});

/** One moving thing on a live map. */
export interface LivePoint {
  id: number | string;
  lng: number;
  lat: number;
  /** Picks the point's colour. */
  status: string;
  /** What hovering or selecting the point names (e.g. a driver's name). */
  title?: string;
}

/** Points as a FeatureCollection whose feature ids are the points' ids when numeric (feature-state needs numbers). */
export function pointCollection(points: readonly LivePoint[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: points
      .filter((p) => Number.isFinite(p.lng) && Number.isFinite(p.lat))
      .map((p) => ({
        type: 'Feature',
        id: typeof p.id === 'number' ? p.id : undefined,
        properties: { id: p.id, status: p.status, title: p.title ?? '' },
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      })),
  };
}

/** A MapLibre `match` expression: the colour of each status, `fallback` for any other. */
export function colourByStatus(
  colours: Readonly<Record<string, string>>,
  fallback: string,
): DataDrivenPropertyValueSpecification<string> {
  const pairs = Object.entries(colours).flat();
  return pairs.length === 0
    ? fallback
    : (['match', ['get', 'status'], ...pairs, fallback] as unknown as DataDrivenPropertyValueSpecification<string>);
}
