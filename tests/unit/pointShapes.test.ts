import { describe, expect, it } from 'vitest';
import { LIVE_STATE_COLOURS, LIVE_STATE_SHAPES } from '../../src/customRoutes/dispatcher/model';
import { shapeImage, shapeSvgPoints, type PointShape } from '../../src/kit/map/pointShapes';

const SIZE = 48;
const pixel = (image: ReturnType<typeof shapeImage>, x: number, y: number) =>
  Array.from(image.data.slice((y * SIZE + x) * 4, (y * SIZE + x) * 4 + 4));
/** Which pixels the shape covers (alpha > half). */
const mask = (shape: PointShape) => {
  const { data } = shapeImage(shape, '#2e7d32', SIZE);
  return Array.from({ length: SIZE * SIZE }, (_, i) => (data[i * 4 + 3] > 127 ? 1 : 0)).join('');
};

describe('live map point shapes (a state is not told by colour alone)', () => {
  it('gives every driver state on the dispatcher map its own shape', () => {
    const states = Object.keys(LIVE_STATE_COLOURS);
    expect(Object.keys(LIVE_STATE_SHAPES).sort()).toEqual([...states].sort());
    const shapes = states.map((s) => LIVE_STATE_SHAPES[s as keyof typeof LIVE_STATE_SHAPES]);
    expect(new Set(shapes).size).toBe(states.length);
    // ...and the shapes look different: no two cover the same pixels.
    const masks = shapes.map(mask);
    expect(new Set(masks).size).toBe(states.length);
  });

  it('fills the shape with its colour and edges it in white, transparent outside', () => {
    const square = shapeImage('square', '#6a1b9a', SIZE);
    expect(square).toMatchObject({ width: SIZE, height: SIZE });
    expect(pixel(square, 24, 24)).toEqual([0x6a, 0x1b, 0x9a, 255]);
    expect(pixel(square, 5, 24)).toEqual([255, 255, 255, 255]);
    expect(pixel(square, 0, 24)[3]).toBe(0);

    const diamond = shapeImage('diamond', '#f9a825', SIZE);
    expect(pixel(diamond, 24, 24)).toEqual([0xf9, 0xa8, 0x25, 255]);
    expect(pixel(diamond, 6, 6)[3]).toBe(0); // a diamond leaves the corners empty
    expect(pixel(square, 6, 6)[3]).toBe(255);

    const cross = shapeImage('cross', '#9e9e9e', SIZE);
    expect(pixel(cross, 24, 3)[3]).toBe(255); // the top arm
    expect(pixel(cross, 6, 6)[3]).toBe(0); // between the arms
  });

  it('draws the same polygon as an SVG for the legend', () => {
    expect(shapeSvgPoints('diamond', 12)).toBe('6,0 12,6 6,12 0,6');
  });
});
