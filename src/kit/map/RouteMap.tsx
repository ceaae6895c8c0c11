import { Typography } from '@mui/material';
import type { GeoJSONSource, Marker } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { boundsOf, decodeRoute, lineFeature, type Position } from './geo';
import { MapFrame } from './MapFrame';
import { useMapLibre, type MapReady } from './useMapLibre';

const ROUTE_SOURCE = 'trip-route';
export const PICKUP_COLOUR = '#2e7d32';
export const DROPOFF_COLOUR = '#c62828';

/** A moving point drawn over the route, e.g. the driver's last known position. */
export interface RouteMapMover {
  lat: number;
  lng: number;
  /** Its accessible name, e.g. "Driver Otieno Kamau". */
  label: string;
}

export const MOVER_COLOUR = '#1565c0';

/** A fixed point shown with the route and kept in view, e.g. where an SOS was raised. */
export interface RouteMapPin {
  lat: number;
  lng: number;
  /** Its accessible name, e.g. "SOS: Jane Wanjiru". */
  label: string;
  colour?: string;
}

export const PIN_COLOUR = '#d32f2f';

interface Props {
  /** The trip's route as stored: a Google encoded polyline (precision 5). */
  encodedRoute: string | null | undefined;
  /** A point that moves (an active trip's driver): its marker follows the prop without refitting the map. */
  mover?: RouteMapMover | null;
  /** Fixed points, in view with the route (the map fits both). */
  pins?: readonly RouteMapPin[];
  /** The map's accessible name, e.g. "Route of trip #12". */
  label: string;
  height?: number | string;
}

function drawRoute({ map }: MapReady, route: Position[]) {
  const data = lineFeature(route);
  const source = map.getSource<GeoJSONSource>(ROUTE_SOURCE);
  if (source) {
    void source.setData(data);
    return;
  }
  map.addSource(ROUTE_SOURCE, { type: 'geojson', data });
  map.addLayer({
    id: 'trip-route-casing',
    type: 'line',
    source: ROUTE_SOURCE,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#ffffff', 'line-width': 8 },
  });
  map.addLayer({
    id: 'trip-route-line',
    type: 'line',
    source: ROUTE_SOURCE,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#1565c0', 'line-width': 4 },
  });
}

/** A trip's route with its pickup and drop-off, fitted to the route. */
export function RouteMap({ encodedRoute, mover, pins, label, height = 240 }: Props) {
  const translate = useTranslate();
  const route = useMemo(() => decodeRoute(encodedRoute), [encodedRoute]);
  const pinKey = JSON.stringify(pins ?? []);
  const pinList = useMemo(() => JSON.parse(pinKey) as RouteMapPin[], [pinKey]);
  const bounds = useMemo(() => boundsOf([...route, ...pinList.map((p): Position => [p.lng, p.lat])]), [route, pinList]);
  const { containerRef, ready, state } = useMapLibre({
    label,
    bounds,
    onStyle: (handle) => drawRoute(handle, route),
  });

  useEffect(() => {
    if (!ready || route.length === 0) return;
    const { map, maplibre } = ready;
    if (map.getSource(ROUTE_SOURCE)) drawRoute(ready, route);
    map.fitBounds(bounds, { padding: 36, maxZoom: 16, duration: 0 });
    const ends: Marker[] = [
      [route[0], PICKUP_COLOUR, translate('app.map.pickup')] as const,
      [route[route.length - 1], DROPOFF_COLOUR, translate('app.map.dropoff')] as const,
    ].map(([position, color, name]) => {
      const marker = new maplibre.Marker({ color }).setLngLat(position).addTo(map);
      marker.getElement().setAttribute('aria-label', name);
      return marker;
    });
    return () => ends.forEach((marker) => marker.remove());
  }, [ready, route, bounds, translate]);

  // The pins: drawn once ready, in view even without a route.
  useEffect(() => {
    if (!ready || pinList.length === 0) return;
    const { map, maplibre } = ready;
    if (route.length === 0) map.fitBounds(bounds, { padding: 36, maxZoom: 15, duration: 0 });
    const markers = pinList.map((pin) => {
      const element = document.createElement('div');
      const colour = pin.colour ?? PIN_COLOUR;
      element.style.cssText = `width:22px;height:22px;border-radius:50%;background:${colour};border:3px solid #fff;box-shadow:0 0 0 4px ${colour}55`;
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', pin.label);
      element.title = pin.label;
      return new maplibre.Marker({ element }).setLngLat([pin.lng, pin.lat]).addTo(map);
    });
    return () => markers.forEach((marker) => marker.remove());
  }, [ready, pinList, route.length, bounds]);

  // The mover's marker: created once the map is ready, then only moved.
  const moverMarker = useRef<Marker | null>(null);
  const moverLat = mover?.lat;
  const moverLng = mover?.lng;
  const moverLabel = mover?.label;
  useEffect(() => {
    if (!ready || moverLat === undefined || moverLng === undefined) return;
    const { map, maplibre } = ready;
    if (!moverMarker.current) {
      const element = document.createElement('div');
      element.style.cssText = `width:18px;height:18px;border-radius:50%;background:${MOVER_COLOUR};border:3px solid #fff;box-shadow:0 0 0 2px ${MOVER_COLOUR}55`;
      moverMarker.current = new maplibre.Marker({ element }).setLngLat([moverLng, moverLat]).addTo(map);
    } else moverMarker.current.setLngLat([moverLng, moverLat]);
    moverMarker.current.getElement().setAttribute('aria-label', moverLabel ?? '');
    moverMarker.current.getElement().setAttribute('role', 'img');
  }, [ready, moverLat, moverLng, moverLabel]);
  useEffect(
    () => () => {
      moverMarker.current?.remove();
      moverMarker.current = null;
    },
    [ready],
  );
  useEffect(() => {
    if (moverLat === undefined && moverMarker.current) {
      moverMarker.current.remove();
      moverMarker.current = null;
    }
  }, [moverLat]);

  return (
    <MapFrame containerRef={containerRef} state={state} label={label} height={height} testId="route-map">
      {route.length === 0 && state !== 'loading' && (
        <Typography
          role="status"
          sx={{ position: 'absolute', top: 8, left: 8, px: 1, borderRadius: 1, bgcolor: 'rgba(255,255,255,0.85)' }}
        >
          {translate('app.map.noRoute')}
        </Typography>
      )}
    </MapFrame>
  );
}
