/** Maps: MapLibre GL JS, loaded lazily by the components (never part of the /login bundle). */
export { LiveMap } from './LiveMap';
export { RouteMap } from './RouteMap';
export { preloadMapLibre } from './useMapLibre';
export { CITY_BOUNDS, type LivePoint } from './geo';
export { PointShapeIcon } from './PointShapeIcon';
export type { PointShape } from './pointShapes';
