import { describe, expect, it } from 'vitest';
import { polygonProblem } from '../../src/domain/zones';
import type { Position } from '../../src/kit/map/geo';
import {
  closedPolygonOf,
  edgeMidpoint,
  insertVertex,
  moveVertex,
  parseCoordinate,
  polygonOf,
  removeVertex,
  ringOf,
  ringOfGeometry,
  sameRing,
} from '../../src/kit/map/ring';

/** The zone editor's ring steps (src/kit/map/ring.ts), shared by the map and the points list. */

const square: Position[] = [
  [36.81, -1.29],
  [36.83, -1.29],
  [36.83, -1.27],
  [36.81, -1.27],
];

describe('zone outline editing', () => {
  it('reads a stored (closed) polygon as its open ring, and gives back the form value', () => {
    const stored = { type: 'Polygon' as const, coordinates: [[...square, square[0]]] };
    expect(ringOf(stored)).toEqual(square);
    expect(ringOf(null)).toEqual([]);
    expect(polygonOf(square)).toEqual({ type: 'Polygon', coordinates: [square] });
    expect(polygonOf([])).toBeNull();
    expect(polygonProblem(polygonOf(square))).toBeUndefined();
  });

  it('moves a point (rounded to 6 decimals) and leaves the others', () => {
    const moved = moveVertex(square, 2, [36.8412345678, -1.2612345678]);
    expect(moved).toEqual([square[0], square[1], [36.841235, -1.261235], square[3]]);
    expect(square[2]).toEqual([36.83, -1.27]);
  });

  it('adds a point in the middle of an edge, the last edge closing back to the first point', () => {
    expect(edgeMidpoint(square, 0)).toEqual([36.82, -1.29]);
    expect(insertVertex(square, 0)).toEqual([square[0], [36.82, -1.29], square[1], square[2], square[3]]);
    expect(insertVertex(square, 3)).toEqual([...square, [36.81, -1.28]]);
    expect(insertVertex(square, 1, [36.84, -1.28])).toEqual([
      square[0],
      square[1],
      [36.84, -1.28],
      square[2],
      square[3],
    ]);
    expect(polygonProblem(polygonOf(insertVertex(square, 3)))).toBeUndefined();
  });

  it('deletes a point, but a triangle keeps its three', () => {
    expect(removeVertex(square, 1)).toEqual([square[0], square[2], square[3]]);
    const triangle = removeVertex(square, 1);
    expect(removeVertex(triangle, 0)).toEqual(triangle);
    expect(removeVertex(square, 9)).toEqual(square);
  });

  it('reads a drawn polygon (terra-draw closes and may carry more decimals)', () => {
    const drawn: GeoJSON.Polygon = {
      type: 'Polygon',
      coordinates: [[...square.map(([x, y]) => [x + 1e-9, y] as Position), [square[0][0] + 1e-9, square[0][1]]]],
    };
    expect(ringOfGeometry(drawn)).toEqual(square);
    expect(ringOfGeometry({ type: 'Point', coordinates: [0, 0] })).toEqual([]);
    expect(closedPolygonOf(square)?.coordinates[0]).toHaveLength(5);
    expect(closedPolygonOf(square.slice(0, 2))).toBeUndefined();
    expect(sameRing(square, [...square])).toBe(true);
    expect(sameRing(square, moveVertex(square, 0, [36.8, -1.29]))).toBe(false);
  });

  it('takes a typed coordinate within range (a comma for the decimal point too), and refuses others', () => {
    expect(parseCoordinate(' 36.8219 ', 'lng')).toBe(36.8219);
    expect(parseCoordinate('-1,2921', 'lat')).toBe(-1.2921);
    expect(parseCoordinate('', 'lng')).toBe('invalid');
    expect(parseCoordinate('abc', 'lat')).toBe('invalid');
    expect(parseCoordinate('95', 'lat')).toBe('invalid');
    expect(parseCoordinate('-181', 'lng')).toBe('invalid');
  });
});
