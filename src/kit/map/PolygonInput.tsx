import { Box, Button, Stack, Typography } from '@mui/material';
import type { GeoJSONSource, MapMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { useInput, useTranslate, type InputProps } from 'react-admin';
import { openRing, type ZonePolygon } from '../../domain/zones';
import { boundsOf, CITY_BOUNDS, type Position } from './geo';
import { MapFrame } from './MapFrame';
import { useMapLibre, type MapReady } from './useMapLibre';

const SOURCE = 'zone-draft';
const COLOUR = '#6a1b9a';

/** The draft as GeoJSON: the area (3+ points), its outline and its points. */
function draftData(points: Position[]): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = points.map((p) => ({
    type: 'Feature',
    properties: {},
    geometry: { type: 'Point', coordinates: p },
  }));
  if (points.length >= 2)
    features.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates: points.length >= 3 ? [...points, points[0]] : points },
    });
  if (points.length >= 3)
    features.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [[...points, points[0]]] },
    });
  return { type: 'FeatureCollection', features };
}

function draw({ map }: MapReady, points: Position[]) {
  const data = draftData(points);
  const source = map.getSource<GeoJSONSource>(SOURCE);
  if (source) return void source.setData(data);
  map.addSource(SOURCE, { type: 'geojson', data });
  map.addLayer({
    id: 'zone-draft-fill',
    type: 'fill',
    source: SOURCE,
    filter: ['==', '$type', 'Polygon'],
    paint: { 'fill-color': COLOUR, 'fill-opacity': 0.18 },
  });
  map.addLayer({
    id: 'zone-draft-line',
    type: 'line',
    source: SOURCE,
    filter: ['==', '$type', 'LineString'],
    paint: { 'line-color': COLOUR, 'line-width': 2 },
  });
  map.addLayer({
    id: 'zone-draft-points',
    type: 'circle',
    source: SOURCE,
    filter: ['==', '$type', 'Point'],
    paint: { 'circle-color': '#fff', 'circle-stroke-color': COLOUR, 'circle-stroke-width': 2, 'circle-radius': 5 },
  });
}

/**
 * A zone's outline drawn on the map, for a form: each click adds a point (in order), "Remove the
 * last point" and "Start again" correct it; the value is a GeoJSON Polygon once it has 3 points
 * (null before), and the server's field error shows under the map.
 */
export function PolygonInput(props: InputProps & { height?: number }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput(props);
  const value = field.value as ZonePolygon | null | undefined;
  const points = useMemo<Position[]>(
    () => (value?.coordinates?.[0] ? (openRing(value.coordinates[0]) as Position[]) : []),
    [value],
  );
  const setPoints = (next: Position[]) => field.onChange(next.length ? { type: 'Polygon', coordinates: [next] } : null);
  const bounds = useMemo(() => (points.length >= 2 ? boundsOf(points) : CITY_BOUNDS), [points.length > 0]); // eslint-disable-line react-hooks/exhaustive-deps
  const label = translate('app.zonesPage.mapLabel');
  const { containerRef, ready, state } = useMapLibre({ label, bounds, onStyle: (handle) => draw(handle, points) });

  useEffect(() => {
    if (ready && ready.map.isStyleLoaded()) draw(ready, points);
  }, [ready, points]);
  // The click handler sees the latest points through the closure of this effect.
  useEffect(() => {
    if (!ready) return;
    const onClick = (event: MapMouseEvent) => {
      const { lng, lat } = event.lngLat;
      setPoints([...points, [Number(lng.toFixed(6)), Number(lat.toFixed(6))]]);
    };
    ready.map.on('click', onClick);
    ready.map.getCanvas().style.cursor = 'crosshair';
    return () => void ready.map.off('click', onClick);
  });

  const error = fieldState.error?.message;
  return (
    <Box sx={{ width: '100%' }} data-testid="zone-editor">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {translate('app.zonesPage.editorHint')}
      </Typography>
      <MapFrame
        containerRef={containerRef}
        state={state}
        label={label}
        height={props.height ?? 380}
        testId="zone-map"
      />
      <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
        <Typography variant="caption" data-testid="zone-points">
          {translate('app.zonesPage.points', { smart_count: points.length })}
        </Typography>
        <Button size="small" disabled={points.length === 0} onClick={() => setPoints(points.slice(0, -1))}>
          {translate('app.zonesPage.undo')}
        </Button>
        <Button size="small" disabled={points.length === 0} onClick={() => setPoints([])}>
          {translate('app.zonesPage.clear')}
        </Button>
      </Stack>
      {error && (
        <Typography variant="caption" color="error" role="alert" data-testid="zone-error">
          {translate(error, { _: error })}
        </Typography>
      )}
    </Box>
  );
}
