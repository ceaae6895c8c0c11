/**
 * Shapes for the points of a live map, so a point's state is not told by colour alone (WCAG
 * 1.4.1). One polygon per shape, in a unit box (x right, y down): the map draws it as an icon
 * image (rasterised here, no canvas: unit-tested in Node) and a legend draws the same polygon as
 * an SVG. Pure: no MapLibre import.
 */

export type PointShape = 'circle' | 'diamond' | 'triangle' | 'square' | 'cross';

type Vertex = [number, number];

const regular = (sides: number, radius: number, turn: number): Vertex[] =>
  Array.from({ length: sides }, (_, i) => {
    const angle = turn + (i * 2 * Math.PI) / sides;
    return [0.5 + radius * Math.cos(angle), 0.5 + radius * Math.sin(angle)];
  });

const ARM = 0.19; // half the width of a cross's arms

const POLYGONS: Record<PointShape, Vertex[]> = {
  circle: regular(32, 0.5, 0),
  diamond: [
    [0.5, 0],
    [1, 0.5],
    [0.5, 1],
    [0, 0.5],
  ],
  // Point up, base at the bottom: its middle is wide enough for a heading arrow.
  triangle: [
    [0.5, 0],
    [1, 0.92],
    [0, 0.92],
  ],
  square: [
    [0.08, 0.08],
    [0.92, 0.08],
    [0.92, 0.92],
    [0.08, 0.92],
  ],
  cross: [
    [0.5 - ARM, 0],
    [0.5 + ARM, 0],
    [0.5 + ARM, 0.5 - ARM],
    [1, 0.5 - ARM],
    [1, 0.5 + ARM],
    [0.5 + ARM, 0.5 + ARM],
    [0.5 + ARM, 1],
    [0.5 - ARM, 1],
    [0.5 - ARM, 0.5 + ARM],
    [0, 0.5 + ARM],
    [0, 0.5 - ARM],
    [0.5 - ARM, 0.5 - ARM],
  ],
};

/** The shape's outline in a unit box, for an SVG `<polygon points>` or the rasteriser. */
export function shapePolygon(shape: PointShape): readonly Vertex[] {
  return POLYGONS[shape];
}

/** `points` for an SVG polygon drawing the shape in a `size` × `size` box. */
export function shapeSvgPoints(shape: PointShape, size: number): string {
  return POLYGONS[shape].map(([x, y]) => `${+(x * size).toFixed(2)},${+(y * size).toFixed(2)}`).join(' ');
}

function inside(polygon: readonly Vertex[], x: number, y: number): boolean {
  let odd = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

function distanceToEdges(polygon: readonly Vertex[], x: number, y: number): number {
  let best = Infinity;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [ax, ay] = polygon[j];
    const [bx, by] = polygon[i];
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(x - (ax + t * dx), y - (ay + t * dy)));
  }
  return best;
}

function rgb(colour: string): [number, number, number] {
  const hex = colour.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const SAMPLES = 4; // per side of a pixel: 16 samples smooth the edges

/**
 * The shape filled with `colour` and edged in white (`outline` pixels wide), as RGBA pixels for
 * `map.addImage` (premultiplied alpha is not expected: MapLibre takes straight RGBA).
 */
export function shapeImage(
  shape: PointShape,
  colour: string,
  size = 48,
  outline = 4,
): { width: number; height: number; data: Uint8Array } {
  const polygon = POLYGONS[shape];
  const fill = rgb(colour);
  const edge = outline / size;
  const data = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      let covered = 0;
      let white = 0;
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          if (!inside(polygon, x, y)) continue;
          covered++;
          if (distanceToEdges(polygon, x, y) < edge) white++;
        }
      const i = (py * size + px) * 4;
      if (covered === 0) continue;
      const w = white / covered;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round(255 * w + fill[c] * (1 - w));
      data[i + 3] = Math.round((255 * covered) / (SAMPLES * SAMPLES));
    }
  return { width: size, height: size, data };
}
