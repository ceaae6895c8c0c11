import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useInput, useTranslate, type InputProps } from 'react-admin';
import type { ZonePolygon } from '../../domain/zones';
import { boundsOf, CITY_BOUNDS, type Position } from './geo';
import { MapFrame } from './MapFrame';
import { PolygonPoints } from './PolygonPoints';
import { polygonOf, ringOf } from './ring';
import { useMapLibre } from './useMapLibre';
import type { ZoneDraw } from './zoneDraw';

const loadZoneDraw = () => import('./zoneDraw');

/**
 * A zone's outline for a form, drawn and edited on the map with terra-draw (zoneDraw.ts): click
 * the points in order and the first again to close it; then drag a point, add one between two,
 * right-click one to delete it. The points list does the same from the keyboard. The value is a
 * GeoJSON Polygon (null when empty), and the server's field error shows under the map.
 */
export function PolygonInput(props: InputProps & { height?: number }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput(props);
  const value = field.value as ZonePolygon | null | undefined;
  const points = useMemo<Position[]>(() => ringOf(value), [value]);
  const setPoints = (next: Position[]) => field.onChange(polygonOf(next));
  const latest = useRef({ points, setPoints });
  latest.current = { points, setPoints };
  const bounds = useMemo(() => (points.length >= 2 ? boundsOf(points) : CITY_BOUNDS), [points.length > 0]); // eslint-disable-line react-hooks/exhaustive-deps
  const label = translate('app.zonesPage.mapLabel');
  // Each style load (the configured one, or the offline one after it) starts the drawing again.
  const [styleLoads, setStyleLoads] = useState(0);
  const { containerRef, ready, state } = useMapLibre({ label, bounds, onStyle: () => setStyleLoads((n) => n + 1) });
  const draw = useRef<ZoneDraw>(undefined);
  const [drawing, setDrawing] = useState(false);

  useEffect(() => {
    if (!ready || styleLoads === 0) return;
    let cancelled = false;
    let started: ZoneDraw | undefined;
    void loadZoneDraw().then(({ startZoneDraw }) => {
      if (cancelled) return;
      started = startZoneDraw(ready.map, latest.current.points, (ring) => latest.current.setPoints(ring));
      draw.current = started;
      setDrawing(true);
    });
    return () => {
      cancelled = true;
      started?.stop();
      draw.current = undefined;
      setDrawing(false);
    };
  }, [ready, styleLoads]);
  useEffect(() => draw.current?.show(points), [points]);

  const error = fieldState.error?.message;
  return (
    <Box sx={{ width: '100%' }} data-testid="zone-editor" data-drawing={drawing ? 'ready' : 'loading'}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {translate(points.length >= 3 ? 'app.zonesPage.editHint' : 'app.zonesPage.editorHint')}
      </Typography>
      <MapFrame
        containerRef={containerRef}
        state={state}
        label={label}
        height={props.height ?? 380}
        testId="zone-map"
      />
      <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
        <Typography variant="caption" data-testid="zone-points" aria-live="polite">
          {translate('app.zonesPage.points', { smart_count: points.length })}
        </Typography>
        <Button size="small" disabled={points.length === 0} onClick={() => setPoints([])}>
          {translate('app.zonesPage.clear')}
        </Button>
      </Stack>
      {error && (
        <Typography variant="caption" color="error" role="alert" data-testid="zone-error">
          {translate(error, { _: error })}
        </Typography>
      )}
      <PolygonPoints ring={points} onChange={setPoints} />
    </Box>
  );
}
