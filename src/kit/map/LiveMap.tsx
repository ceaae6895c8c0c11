import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { CITY_BOUNDS, colourByStatus, pointCollection, type Bounds, type LivePoint } from './geo';
import { MapFrame } from './MapFrame';
import { useMapLibre, type MapReady } from './useMapLibre';

const POINTS_SOURCE = 'live-points';
const POINTS_LAYER = 'live-points-circles';

interface Props {
  points: readonly LivePoint[];
  /** Colour of each status; other statuses get `otherColour`. */
  colours: Readonly<Record<string, string>>;
  otherColour?: string;
  label: string;
  bounds?: Bounds;
  height?: number | string;
  onPointClick?: (id: LivePoint['id']) => void;
  /** The point under the pointer, or null when it leaves the points. */
  onPointHover?: (id: LivePoint['id'] | null) => void;
}

/**
 * Many moving points drawn by one GeoJSON source and one circle layer (no DOM per point), updated
 * with setData: thousands of points at 1 Hz stay cheap.
 */
export function LiveMap({
  points,
  colours,
  otherColour = '#757575',
  label,
  bounds = CITY_BOUNDS,
  height = '100%',
  onPointClick,
  onPointHover,
}: Props) {
  const data = useMemo(() => pointCollection(points), [points]);
  const latest = useRef({ data, onPointClick, onPointHover });
  latest.current = { data, onPointClick, onPointHover };
  const circleColour = useMemo(() => colourByStatus(colours, otherColour), [colours, otherColour]);

  const addPoints = ({ map }: MapReady) => {
    map.addSource(POINTS_SOURCE, { type: 'geojson', data: latest.current.data });
    map.addLayer({
      id: POINTS_LAYER,
      type: 'circle',
      source: POINTS_SOURCE,
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 4, 15, 8],
        'circle-color': circleColour,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1.5,
      },
    });
  };
  const { containerRef, ready, state } = useMapLibre({ label, bounds, onStyle: addPoints });

  useEffect(() => {
    void ready?.map.getSource<GeoJSONSource>(POINTS_SOURCE)?.setData(data);
  }, [ready, data]);

  useEffect(() => {
    if (ready?.map.getLayer(POINTS_LAYER)) ready.map.setPaintProperty(POINTS_LAYER, 'circle-color', circleColour);
  }, [ready, circleColour]);

  useEffect(() => {
    if (!ready) return;
    const { map } = ready;
    const idOf = (event: MapLayerMouseEvent) => event.features?.[0]?.properties?.id as LivePoint['id'] | undefined;
    const click = (event: MapLayerMouseEvent) => {
      const id = idOf(event);
      if (id !== undefined) latest.current.onPointClick?.(id);
    };
    const move = (event: MapLayerMouseEvent) => {
      map.getCanvas().style.cursor = 'pointer';
      latest.current.onPointHover?.(idOf(event) ?? null);
    };
    const leave = () => {
      map.getCanvas().style.cursor = '';
      latest.current.onPointHover?.(null);
    };
    map.on('click', POINTS_LAYER, click);
    map.on('mousemove', POINTS_LAYER, move);
    map.on('mouseleave', POINTS_LAYER, leave);
    return () => {
      map.off('click', POINTS_LAYER, click);
      map.off('mousemove', POINTS_LAYER, move);
      map.off('mouseleave', POINTS_LAYER, leave);
    };
  }, [ready]);

  return <MapFrame containerRef={containerRef} state={state} label={label} height={height} testId="live-map" />;
}
