import { byStatus } from './geo';
import { shapeImage, type PointShape } from './pointShapes';
import type { MapReady } from './useMapLibre';

// The live map's point icons: one image per status, its shape in its colour (LiveMap's symbol layer).
const OTHER_ICON = 'live-point:';
const iconName = (status: string) => `live-point:${status}`;

// Icons are ICON_PIXELS square at pixelRatio 2 (24 CSS px at icon-size 1).
const ICON_PIXELS = 48;

/** The icon of each status (its shape in its colour, edged in white), added or replaced on the map. */
export function putIcons(
  map: MapReady['map'],
  colours: Readonly<Record<string, string>>,
  otherColour: string,
  shapes: Readonly<Record<string, PointShape>>,
) {
  const put = (name: string, shape: PointShape, colour: string) => {
    const image = shapeImage(shape, colour, ICON_PIXELS);
    if (map.hasImage(name)) map.updateImage(name, image);
    else map.addImage(name, image, { pixelRatio: 2 });
  };
  put(OTHER_ICON, 'circle', otherColour);
  for (const [status, colour] of Object.entries(colours)) put(iconName(status), shapes[status] ?? 'circle', colour);
}

/** Each status's icon, the grey circle for any other. */
export const iconByStatus = (colours: Readonly<Record<string, string>>) =>
  byStatus(Object.fromEntries(Object.keys(colours).map((status) => [status, iconName(status)])), OTHER_ICON);
