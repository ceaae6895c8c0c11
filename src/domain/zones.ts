/**
 * Service zones (issue 32), framework-free: a zone is a GeoJSON polygon (one outer ring of
 * [lng, lat] points) with a bounding box for the database's index (the embedded database has no
 * PostGIS), tested point-in-polygon here. The server and the panel share these rules.
 */

export type Position = [number, number];

export interface ZonePolygon {
  type: 'Polygon';
  coordinates: Position[][];
}

export interface BBox {
  minLat: number;
  minLng: number;
  maxLat: number;
  maxLng: number;
}

/** What the booking and the fare need of a zone. */
export interface ZoneRule {
  id: number;
  name: string;
  kind: 'service_area' | 'zone';
  pickupAllowed: boolean;
  /** 1 = none; 1.3 adds 0.3 to the price settings' surge window in force. */
  surgeMultiplier: number;
  polygon: ZonePolygon;
}

export const MAX_ZONE_VERTICES = 200;

/** The ring without its closing point (GeoJSON repeats the first point last). */
export function openRing(ring: readonly Position[]): Position[] {
  const n = ring.length;
  if (n > 1 && ring[0][0] === ring[n - 1][0] && ring[0][1] === ring[n - 1][1]) return ring.slice(0, -1);
  return [...ring];
}

const cross = (o: Position, a: Position, b: Position) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Do segments ab and cd cross (touching at an end counts)? */
function segmentsCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const on = (p: Position, q: Position, r: Position) =>
    cross(p, q, r) === 0 &&
    Math.min(p[0], q[0]) <= r[0] &&
    r[0] <= Math.max(p[0], q[0]) &&
    Math.min(p[1], q[1]) <= r[1] &&
    r[1] <= Math.max(p[1], q[1]);
  return on(c, d, a) || on(c, d, b) || on(a, b, c) || on(a, b, d);
}

/**
 * Why a polygon cannot be a zone, or undefined: a GeoJSON Polygon with one ring of 3 to 200
 * distinct [lng, lat] points within range, whose edges do not cross, enclosing an area.
 */
export function polygonProblem(value: unknown): string | undefined {
  const p = value as ZonePolygon | null | undefined;
  if (!p || typeof p !== 'object' || p.type !== 'Polygon' || !Array.isArray(p.coordinates))
    return 'The zone must be a GeoJSON Polygon';
  if (p.coordinates.length !== 1) return 'The zone must have one outline and no holes';
  const raw = p.coordinates[0];
  if (!Array.isArray(raw)) return 'The zone must be a GeoJSON Polygon';
  for (const point of raw) {
    if (!Array.isArray(point) || point.length < 2 || !point.every((v) => typeof v === 'number' && Number.isFinite(v)))
      return 'Every point must be [longitude, latitude] in numbers';
    if (point[0] < -180 || point[0] > 180 || point[1] < -90 || point[1] > 90)
      return 'A point is outside longitude −180…180 or latitude −90…90';
  }
  const lngs = (raw as Position[]).map((q) => q[0]);
  // An outline across the antimeridian (170° … −170°) would be read the long way round the globe.
  if (Math.max(...lngs) - Math.min(...lngs) > 180)
    return 'A zone may span at most 180° of longitude (draw one across the 180° meridian as two zones)';
  const ring = openRing(raw as Position[]);
  if (ring.length < 3) return 'Draw at least 3 points';
  if (ring.length > MAX_ZONE_VERTICES) return `A zone has at most ${MAX_ZONE_VERTICES} points`;
  const keys = new Set(ring.map(([x, y]) => `${x},${y}`));
  if (keys.size !== ring.length) return 'Two points of the outline are the same';
  const n = ring.length;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a point; the first and last edges too.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsCross(ring[i], ring[(i + 1) % n], ring[j], ring[(j + 1) % n])) return 'The outline crosses itself';
    }
  if (Math.abs(ringArea(ring)) < 1e-10) return 'The zone encloses no area';
  return undefined;
}

/** Twice the signed area (shoelace), in squared degrees. */
function ringArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[(i + 1) % ring.length];
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/** The polygon stored: its ring closed, as GeoJSON has it. */
export function closedPolygon(p: ZonePolygon): ZonePolygon {
  const ring = openRing(p.coordinates[0]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}

export function bboxOf(p: ZonePolygon): BBox {
  const ring = p.coordinates[0];
  return {
    minLng: Math.min(...ring.map((q) => q[0])),
    maxLng: Math.max(...ring.map((q) => q[0])),
    minLat: Math.min(...ring.map((q) => q[1])),
    maxLat: Math.max(...ring.map((q) => q[1])),
  };
}

/** Is the point inside the polygon (ray casting; a point on the outline counts as inside)? */
export function pointInPolygon(lat: number, lng: number, p: ZonePolygon): boolean {
  const ring = openRing(p.coordinates[0]);
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (cross([xj, yj], [xi, yi], [lng, lat]) === 0 && segmentsCross([xj, yj], [xi, yi], [lng, lat], [lng, lat]))
      return true;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export interface ZoneVerdict {
  /** A field error for the booking: outside the service area, or pickups not allowed here. */
  problems: Partial<Record<'pickupLat' | 'dropoffLat', string>>;
  /** Added to the price settings' surge multiplier: the highest extra of the pickup's zones. */
  surgeExtra: number;
  /** The pickup's zones (names), for the estimate. */
  pickupZones: string[];
  /** The zones (ids) holding the pickup and the drop-off, for the fixed fares between zones. */
  pickupZoneIds: number[];
  dropoffZoneIds: number[];
}

/**
 * What the zones say of a trip: with service-area zones, the pickup and drop-off must each be in
 * one (else refused); a pickup in a zone that does not allow pickups is refused; the pickup's zones'
 * surge adds to the price settings' window (the highest extra wins, as overlapping windows do).
 */
export function zoneVerdict(
  pickup: { lat: number; lng: number },
  dropoff: { lat: number; lng: number },
  zones: readonly ZoneRule[],
  /** Whether any service area exists (the server loads only the zones whose box holds a point). */
  areasExist = zones.some((z) => z.kind === 'service_area'),
): ZoneVerdict {
  const problems: ZoneVerdict['problems'] = {};
  const areas = zones.filter((z) => z.kind === 'service_area');
  const inArea = (pt: { lat: number; lng: number }) => areas.some((z) => pointInPolygon(pt.lat, pt.lng, z.polygon));
  if (areasExist && !inArea(pickup)) problems.pickupLat = 'The pickup is outside the service area';
  if (areasExist && !inArea(dropoff)) problems.dropoffLat = 'The drop-off is outside the service area';
  const at = zones.filter((z) => pointInPolygon(pickup.lat, pickup.lng, z.polygon));
  const closed = at.find((z) => !z.pickupAllowed);
  if (closed && !problems.pickupLat) problems.pickupLat = `Pickups are not allowed in ${closed.name}`;
  const surgeExtra = Math.max(0, ...at.map((z) => Math.round((z.surgeMultiplier - 1) * 100) / 100));
  const dropoffAt = zones.filter((z) => pointInPolygon(dropoff.lat, dropoff.lng, z.polygon));
  return {
    problems,
    surgeExtra,
    pickupZones: at.map((z) => z.name),
    pickupZoneIds: at.map((z) => z.id),
    dropoffZoneIds: dropoffAt.map((z) => z.id),
  };
}
