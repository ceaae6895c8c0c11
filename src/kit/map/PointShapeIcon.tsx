import { shapeSvgPoints, type PointShape } from './pointShapes';

/** A live map point's shape in its colour, for a legend or a card: the same polygon the map draws. */
export function PointShapeIcon({ shape, colour, size = 12 }: { shape: PointShape; colour: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" data-shape={shape}>
      <polygon points={shapeSvgPoints(shape, size)} fill={colour} />
    </svg>
  );
}
