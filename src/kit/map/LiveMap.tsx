import type { GeoJSONSource, MapLayerMouseEvent, MapMouseEvent, Marker } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  arrowImage,
  CITY_BOUNDS,
  lineFeature,
  createPointCollector,
  type Bounds,
  type BoxTuple,
  type LivePoint,
  type Position,
} from './geo';
import { gateFrames, type FrameGate } from './frameGate';
import { MapFrame } from './MapFrame';
import { iconByStatus, putIcons } from './liveMapIcons';
import type { PointShape } from './pointShapes';
import { useMapLibre, type MapReady } from './useMapLibre';

const POINTS_SOURCE = 'live-points';
const POINTS_LAYER = 'live-points-shapes';
const HEADINGS_LAYER = 'live-points-headings';
const CLUSTERS_LAYER = 'live-points-clusters';
const FLAGGED_LAYER = 'live-points-flagged';
/** The ring of a flagged point; the legend and the driver card show the same colour. */
export const FLAGGED_COLOUR = '#d84315';
const LINE_SOURCE = 'live-line';
const ARROW_IMAGE = 'live-arrow';

/** A fixed marker over the live points (e.g. a booking's pickup and drop-off). */
export interface MapPin {
  id: string;
  lat: number;
  lng: number;
  colour: string;
  /** Its accessible name and tooltip. */
  label: string;
}

const AREAS_SOURCE = 'live-areas';
const NO_AREAS: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

interface Props {
  points: readonly LivePoint[];
  /** Colour of each status; other statuses get `otherColour`. */
  colours: Readonly<Record<string, string>>;
  otherColour?: string;
  /** Shape of each status, so a state is not told by colour alone; other statuses are circles. */
  shapes?: Readonly<Record<string, PointShape>>;
  label: string;
  bounds?: Bounds;
  height?: number | string;
  onPointClick?: (id: LivePoint['id']) => void;
  /** The point under the pointer, or null when it leaves the points. */
  onPointHover?: (id: LivePoint['id'] | null) => void;
  /** Group nearby points into discs with their count at low zoom (below `clusterMaxZoom`). */
  cluster?: boolean;
  clusterMaxZoom?: number;
  /** Draw each point's `heading` as an arrow on its disc. */
  headings?: boolean;
  /** Pins drawn above the points. */
  pins?: readonly MapPin[];
  /** Areas drawn under everything (the service zones): polygons with a `name` and a `colour` property. */
  areas?: GeoJSON.FeatureCollection;
  /** A line (e.g. a booking's route) under the points. */
  line?: readonly Position[];
  /** The visible box after each move (and once at start). */
  onViewChange?: (box: BoxTuple) => void;
  /** A click on the map outside the points. */
  onMapClick?: (point: { lat: number; lng: number }) => void;
  /** Centres the map here whenever the value changes (following a driver, a picked trip). */
  focus?: { lat: number; lng: number; zoom?: number } | null;
}

const NO_SHAPES: Readonly<Record<string, PointShape>> = {};

/**
 * Many moving points drawn by one GeoJSON source and one symbol layer (no DOM per point), updated
 * with setData: thousands of points at 1 Hz stay cheap. Optionally clustered (MapLibre's own
 * clustering; the counts are small HTML markers, as the offline style has no glyphs), with heading
 * arrows, pins, a line, and the view's box reported after each move.
 */
export function LiveMap({
  points,
  colours,
  otherColour = '#757575',
  shapes = NO_SHAPES,
  label,
  bounds = CITY_BOUNDS,
  height = '100%',
  onPointClick,
  onPointHover,
  cluster = false,
  clusterMaxZoom = 13,
  headings = false,
  pins,
  line,
  areas,
  onViewChange,
  onMapClick,
  focus,
}: Props) {
  // The same feature objects from update to update (less garbage at 2,000 points a second).
  const [collect] = useState(createPointCollector);
  const data = useMemo(() => collect(points), [collect, points]);
  const lineData = useMemo(() => lineFeature(line ?? []), [line]);
  const areaData = areas ?? NO_AREAS;
  const latest = useRef({ data, lineData, areaData, onPointClick, onPointHover, onViewChange, onMapClick });
  latest.current = { data, lineData, areaData, onPointClick, onPointHover, onViewChange, onMapClick };
  const icons = useRef({ colours, otherColour, shapes });
  icons.current = { colours, otherColour, shapes };
  const options = useRef({ cluster, clusterMaxZoom, headings });

  const addPoints = ({ map }: MapReady) => {
    const { cluster: clustered, clusterMaxZoom: maxZoom, headings: withHeadings } = options.current;
    map.addSource(AREAS_SOURCE, { type: 'geojson', data: latest.current.areaData });
    map.addLayer({
      id: 'live-areas-fill',
      type: 'fill',
      source: AREAS_SOURCE,
      paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.1 },
    });
    map.addLayer({
      id: 'live-areas-line',
      type: 'line',
      source: AREAS_SOURCE,
      paint: { 'line-color': ['get', 'colour'], 'line-width': 1.5, 'line-dasharray': [3, 2] },
    });
    map.addSource(LINE_SOURCE, { type: 'geojson', data: latest.current.lineData });
    map.addLayer({
      id: 'live-line-casing',
      type: 'line',
      source: LINE_SOURCE,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': '#ffffff', 'line-width': 7 },
    });
    map.addLayer({
      id: 'live-line',
      type: 'line',
      source: LINE_SOURCE,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': '#1565c0', 'line-width': 4, 'line-dasharray': [2, 1] },
    });
    map.addSource(POINTS_SOURCE, {
      type: 'geojson',
      data: latest.current.data,
      ...(clustered ? { cluster: true, clusterMaxZoom: maxZoom, clusterRadius: 40 } : {}),
    });
    if (clustered)
      map.addLayer({
        id: CLUSTERS_LAYER,
        type: 'circle',
        source: POINTS_SOURCE,
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': '#37474f',
          'circle-opacity': 0.85,
          'circle-radius': ['step', ['get', 'point_count'], 14, 20, 18, 100, 24],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
    // A flagged point's warning ring, under its shape: a wide dark-orange circle edged in white.
    map.addLayer({
      id: FLAGGED_LAYER,
      type: 'circle',
      source: POINTS_SOURCE,
      filter: clustered
        ? ['all', ['!', ['has', 'point_count']], ['==', ['get', 'flagged'], true]]
        : ['==', ['get', 'flagged'], true],
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 11, 15, 16],
        'circle-color': FLAGGED_COLOUR,
        'circle-opacity': 0.25,
        'circle-stroke-color': FLAGGED_COLOUR,
        'circle-stroke-width': 3,
      },
    });
    // A shape per status (a symbol layer of a few icon images, as the offline style has no glyphs
    // for letters), sized like the discs it replaced: 15 to 23 px with headings, else 11 to 19 px.
    putIcons(map, icons.current.colours, icons.current.otherColour, icons.current.shapes);
    map.addLayer({
      id: POINTS_LAYER,
      type: 'symbol',
      source: POINTS_SOURCE,
      ...(clustered ? { filter: ['!', ['has', 'point_count']] } : {}),
      layout: {
        'icon-image': iconByStatus(icons.current.colours),
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
        'icon-size': [
          'interpolate',
          ['linear'],
          ['zoom'],
          10,
          withHeadings ? 0.63 : 0.46,
          15,
          withHeadings ? 0.96 : 0.79,
        ],
      },
    });
    if (withHeadings) {
      if (!map.hasImage(ARROW_IMAGE)) map.addImage(ARROW_IMAGE, arrowImage(), { pixelRatio: 2 });
      map.addLayer({
        id: HEADINGS_LAYER,
        type: 'symbol',
        source: POINTS_SOURCE,
        ...(clustered ? { filter: ['!', ['has', 'point_count']] } : {}),
        layout: {
          'icon-image': ARROW_IMAGE,
          'icon-rotate': ['coalesce', ['get', 'heading'], 0],
          'icon-rotation-alignment': 'map',
          'icon-allow-overlap': true,
          'icon-ignore-placement': true,
          'icon-size': ['interpolate', ['linear'], ['zoom'], 10, 0.7, 15, 1.1],
        },
      });
    }
  };
  // Points change every second: no symbol fades (each is a train of frames).
  const { containerRef, ready, state } = useMapLibre({ label, bounds, onStyle: addPoints, fadeDuration: 0 });

  // One frame per points update, not one per reloaded tile (see frameGate).
  const gate = useRef<FrameGate>(undefined);
  useEffect(() => {
    if (!ready) return;
    const made = gateFrames(ready.map, POINTS_SOURCE);
    gate.current = made;
    return () => {
      made.dispose();
      gate.current = undefined;
    };
  }, [ready]);

  useEffect(() => {
    const source = ready?.map.getSource<GeoJSONSource>(POINTS_SOURCE);
    if (!source) return;
    gate.current?.hold();
    void source.setData(data);
  }, [ready, data]);

  useEffect(() => {
    void ready?.map.getSource<GeoJSONSource>(LINE_SOURCE)?.setData(lineData);
  }, [ready, lineData]);

  useEffect(() => {
    void ready?.map.getSource<GeoJSONSource>(AREAS_SOURCE)?.setData(areaData);
  }, [ready, areaData]);

  useEffect(() => {
    if (!ready?.map.getLayer(POINTS_LAYER)) return;
    putIcons(ready.map, colours, otherColour, shapes);
    ready.map.setLayoutProperty(POINTS_LAYER, 'icon-image', iconByStatus(colours));
  }, [ready, colours, otherColour, shapes]);

  // Pins: a few HTML markers, replaced when they change.
  useEffect(() => {
    if (!ready || !pins?.length) return;
    const markers: Marker[] = pins.map((pin) => {
      const element = document.createElement('div');
      element.className = 'ride-map-pin';
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', pin.label);
      element.title = pin.label;
      element.dataset.pin = pin.id;
      Object.assign(element.style, {
        width: '16px',
        height: '16px',
        borderRadius: '50% 50% 50% 0',
        transform: 'rotate(-45deg)',
        background: pin.colour,
        border: '2px solid #fff',
        boxShadow: '0 1px 3px rgba(0,0,0,.4)',
      });
      return new ready.maplibre.Marker({ element, anchor: 'bottom' }).setLngLat([pin.lng, pin.lat]).addTo(ready.map);
    });
    return () => markers.forEach((m) => m.remove());
  }, [ready, pins]);

  // Cluster counts as HTML markers over the cluster discs, kept in step with what is rendered.
  useEffect(() => {
    if (!ready || !options.current.cluster) return;
    const { map, maplibre } = ready;
    const shown = new Map<number, Marker>();
    const update = () => {
      if (!map.getSource(POINTS_SOURCE)) return;
      const seen = new Set<number>();
      for (const feature of map.querySourceFeatures(POINTS_SOURCE, { filter: ['has', 'point_count'] })) {
        const props = feature.properties as { cluster_id: number; point_count: number };
        const id = props.cluster_id;
        if (seen.has(id)) continue;
        seen.add(id);
        const [lng, lat] = (feature.geometry as GeoJSON.Point).coordinates;
        let marker = shown.get(id);
        const count = String(props.point_count);
        if (!marker) {
          const element = document.createElement('div');
          element.className = 'ride-map-cluster';
          element.setAttribute('aria-hidden', 'true');
          Object.assign(element.style, {
            color: '#fff',
            font: '600 11px/1 system-ui, sans-serif',
            pointerEvents: 'none',
          });
          element.textContent = count;
          marker = new maplibre.Marker({ element }).setLngLat([lng, lat]).addTo(map);
          shown.set(id, marker);
          continue;
        }
        // Only what changed: every write to a marker invalidates its style and layout, every frame.
        const at = marker.getLngLat();
        if (at.lng !== lng || at.lat !== lat) marker.setLngLat([lng, lat]);
        const element = marker.getElement();
        if (element.textContent !== count) element.textContent = count;
      }
      for (const [id, marker] of shown)
        if (!seen.has(id)) {
          marker.remove();
          shown.delete(id);
        }
    };
    map.on('render', update);
    return () => {
      map.off('render', update);
      shown.forEach((m) => m.remove());
    };
  }, [ready]);

  useEffect(() => {
    if (!ready || !focus) return;
    ready.map.easeTo({ center: [focus.lng, focus.lat], zoom: Math.max(ready.map.getZoom(), focus.zoom ?? 14) });
  }, [ready, focus]);

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
    const zoomIntoCluster = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature) return;
      const [lng, lat] = (feature.geometry as GeoJSON.Point).coordinates;
      map.easeTo({ center: [lng, lat], zoom: map.getZoom() + 2 });
    };
    const clickMap = (event: MapMouseEvent) => {
      if (!latest.current.onMapClick) return;
      const layers = [POINTS_LAYER, CLUSTERS_LAYER].filter((id) => map.getLayer(id));
      if (layers.length && map.queryRenderedFeatures(event.point, { layers }).length > 0) return;
      latest.current.onMapClick({ lat: event.lngLat.lat, lng: event.lngLat.lng });
    };
    const viewChanged = () => {
      const b = map.getBounds();
      latest.current.onViewChange?.([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]);
    };
    map.on('click', POINTS_LAYER, click);
    map.on('mousemove', POINTS_LAYER, move);
    map.on('mouseleave', POINTS_LAYER, leave);
    map.on('click', CLUSTERS_LAYER, zoomIntoCluster);
    map.on('click', clickMap);
    map.on('moveend', viewChanged);
    viewChanged();
    return () => {
      map.off('click', POINTS_LAYER, click);
      map.off('mousemove', POINTS_LAYER, move);
      map.off('mouseleave', POINTS_LAYER, leave);
      map.off('click', CLUSTERS_LAYER, zoomIntoCluster);
      map.off('click', clickMap);
      map.off('moveend', viewChanged);
    };
  }, [ready]);

  return <MapFrame containerRef={containerRef} state={state} label={label} height={height} testId="live-map" />;
}
