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
  /** Degrees clockwise from north; a point with a heading is drawn as an arrow turned that way. */
  heading?: number;
  /** Drawn with a warning ring (a driver outside every service area on a trip). */
  flagged?: boolean;
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
        properties: {
          id: p.id,
          status: p.status,
          title: p.title ?? '',
          flagged: p.flagged === true,
          ...(p.heading === undefined ? {} : { heading: p.heading }),
        },
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      })),
  };
}

/**
 * `pointCollection` for a live map that gets a new list of points every second: the same points
 * give the same feature objects, updated in place, instead of ~5 new objects per point per update.
 * Objects that live a second outlast the young generation and are promoted, and that churn is what
 * makes the browser's major garbage collections (50 ms pauses with 2,000 points). Safe with MapLibre:
 * `setData` clones the collection into its worker at once. Ids must be unique; a collector serves
 * one map source.
 */
export function createPointCollector(): (points: readonly LivePoint[]) => FeatureCollection<Point> {
  let kept = new Map<LivePoint['id'], Feature<Point>>();
  return (points) => {
    const next = new Map<LivePoint['id'], Feature<Point>>();
    const features: Feature<Point>[] = [];
    for (const p of points) {
      if (!Number.isFinite(p.lng) || !Number.isFinite(p.lat)) continue;
      let feature = kept.get(p.id);
      if (feature && (p.heading === undefined) === (feature.properties!.heading === undefined)) {
        const props = feature.properties!;
        props.status = p.status;
        props.title = p.title ?? '';
        props.flagged = p.flagged === true;
        if (p.heading !== undefined) props.heading = p.heading;
        feature.geometry.coordinates[0] = p.lng;
        feature.geometry.coordinates[1] = p.lat;
      } else feature = pointCollection([p]).features[0];
      next.set(p.id, feature);
      features.push(feature);
    }
    kept = next;
    return { type: 'FeatureCollection', features };
  };
}

/** A MapLibre `match` expression: each status's value (a colour, an icon's name), `fallback` for any other. */
export function byStatus(
  values: Readonly<Record<string, string>>,
  fallback: string,
): DataDrivenPropertyValueSpecification<string> {
  const pairs = Object.entries(values).flat();
  return pairs.length === 0
    ? fallback
    : (['match', ['get', 'status'], ...pairs, fallback] as unknown as DataDrivenPropertyValueSpecification<string>);
}

/** [minLng, minLat, maxLng, maxLat] of a map view. */
export type BoxTuple = [number, number, number, number];

/**
 * A white arrowhead pointing up (north), as RGBA pixels for `map.addImage`: drawn over a point's
 * coloured disc and turned by `icon-rotate`, it shows the heading.
 */
export function arrowImage(size = 16): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    // The arrow widens from the tip (top row) to its base at 3/4 of the height.
    const half = ((y + 0.5) / (size * 0.75)) * (size * 0.4);
    for (let x = 0; x < size; x++) {
      const inside = y < size * 0.75 && Math.abs(x + 0.5 - size / 2) <= half;
      const i = (y * size + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 255;
      data[i + 3] = inside ? 255 : 0;
    }
  }
  return { width: size, height: size, data };
}
