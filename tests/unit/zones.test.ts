import { describe, expect, it } from 'vitest';
import {
  bboxOf,
  closedPolygon,
  pointInPolygon,
  polygonProblem,
  zoneVerdict,
  type ZoneRule,
} from '../../src/domain/zones';

const square = (x0: number, y0: number, x1: number, y1: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ] as [number, number][],
  ],
});
// An L shape: the notch (0.75, 0.75) is outside.
const ell = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 0.5],
      [0.5, 0.5],
      [0.5, 1],
      [0, 1],
    ] as [number, number][],
  ],
};

describe('zone polygons', () => {
  it('tests points in a polygon, the notch of an L outside, the outline inside', () => {
    expect(pointInPolygon(0.25, 0.25, ell)).toBe(true);
    expect(pointInPolygon(0.75, 0.25, ell)).toBe(true);
    expect(pointInPolygon(0.75, 0.75, ell)).toBe(false);
    expect(pointInPolygon(2, 2, ell)).toBe(false);
    expect(pointInPolygon(0, 0.3, ell)).toBe(true);
    expect(pointInPolygon(-1.29, 36.8, square(36.7, -1.37, 36.95, -1.2))).toBe(true);
  });

  it('refuses what is not a simple polygon, with the reason', () => {
    expect(polygonProblem(square(0, 0, 1, 1))).toBeUndefined();
    expect(polygonProblem(ell)).toBeUndefined();
    expect(polygonProblem(null)).toBe('The zone must be a GeoJSON Polygon');
    expect(polygonProblem({ type: 'Point', coordinates: [1, 2] })).toBe('The zone must be a GeoJSON Polygon');
    expect(
      polygonProblem({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
          ],
        ],
      }),
    ).toBe('Draw at least 3 points');
    expect(
      polygonProblem({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [1, 0],
            [0, 1],
          ],
        ],
      }),
    ).toBe('The outline crosses itself');
    expect(
      polygonProblem({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [2, 2],
          ],
        ],
      }),
    ).toBe('The zone encloses no area');
    expect(
      polygonProblem({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [200, 1],
            [1, 0],
          ],
        ],
      }),
    ).toBe('A point is outside longitude −180…180 or latitude −90…90');
    expect(
      polygonProblem({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            ['a', 1],
            [1, 0],
          ],
        ],
      }),
    ).toBe('Every point must be [longitude, latitude] in numbers');
    expect(
      polygonProblem({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 0],
            [0, 1],
          ],
        ],
      }),
    ).toBe('Two points of the outline are the same');
  });

  it('closes the ring and measures its box', () => {
    expect(closedPolygon(ell).coordinates[0]).toHaveLength(7);
    expect(bboxOf(ell)).toEqual({ minLng: 0, maxLng: 1, minLat: 0, maxLat: 1 });
  });
});

describe('what zones say of a trip', () => {
  const zone = (over: Partial<ZoneRule>): ZoneRule => ({
    id: 1,
    name: 'Zone',
    kind: 'zone',
    pickupAllowed: true,
    surgeMultiplier: 1,
    polygon: square(0, 0, 1, 1),
    ...over,
  });
  const a = { lat: 0.5, lng: 0.5 };
  const out = { lat: 5, lng: 5 };

  it('refuses a pickup or drop-off outside the service area, and a pickup where pickups are not allowed', () => {
    expect(zoneVerdict(a, out, []).problems).toEqual({});
    expect(zoneVerdict(a, out, [zone({ kind: 'service_area' })]).problems).toEqual({
      dropoffLat: 'The drop-off is outside the service area',
    });
    expect(zoneVerdict(out, a, [zone({ kind: 'service_area' })]).problems).toEqual({
      pickupLat: 'The pickup is outside the service area',
    });
    expect(zoneVerdict(a, out, [zone({ name: 'JKIA', pickupAllowed: false })]).problems).toEqual({
      pickupLat: 'Pickups are not allowed in JKIA',
    });
  });

  it("adds the pickup zone's surge, the highest of overlapping zones", () => {
    expect(zoneVerdict(a, out, [zone({ surgeMultiplier: 1.3 }), zone({ surgeMultiplier: 1.5 })]).surgeExtra).toBe(0.5);
    expect(zoneVerdict(out, a, [zone({ surgeMultiplier: 1.3 })]).surgeExtra).toBe(0);
  });
});
