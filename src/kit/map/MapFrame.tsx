import { Box, Skeleton, Typography } from '@mui/material';
import type { ReactNode, RefObject } from 'react';
import { useTranslate } from 'react-admin';
import type { MapState } from './useMapLibre';

interface Props {
  containerRef: RefObject<HTMLDivElement | null>;
  state: MapState;
  label: string;
  /** CSS height; the frame fills its parent's height with '100%'. */
  height: number | string;
  testId?: string;
  children?: ReactNode;
}

/**
 * The box a map draws in: a skeleton while loading, a note when offline or unsupported. MapLibre
 * names its canvas (a region landmark) with `label`; the frame only names itself when no canvas exists.
 */
export function MapFrame({ containerRef, state, label, height, testId, children }: Props) {
  const translate = useTranslate();
  return (
    <Box
      data-testid={testId}
      role={state === 'unsupported' ? 'region' : undefined}
      aria-label={state === 'unsupported' ? label : undefined}
      data-map-state={state}
      sx={{
        position: 'relative',
        height,
        minHeight: 160,
        overflow: 'hidden',
        bgcolor: '#e8ecf1',
        '& .ride-map-place': {
          font: '500 11px/1.2 Roboto, Helvetica, Arial, sans-serif',
          color: '#46536a',
          textShadow: '0 0 2px #fff, 0 0 2px #fff, 0 0 2px #fff',
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
        },
      }}
    >
      {/* Sized, not positioned: maplibre-gl.css makes the container position: relative. */}
      <Box ref={containerRef} sx={{ width: '100%', height: '100%' }} />
      {state === 'loading' && (
        <Skeleton variant="rectangular" animation="wave" sx={{ position: 'absolute', inset: 0, height: '100%' }} />
      )}
      {state === 'offline' && (
        <Typography
          variant="caption"
          role="status"
          sx={{ position: 'absolute', left: 8, bottom: 8, px: 1, borderRadius: 1, bgcolor: 'rgba(255,255,255,0.85)' }}
        >
          {translate('app.map.offline')}
        </Typography>
      )}
      {state === 'unsupported' && (
        <Typography
          color="text.secondary"
          sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: 2 }}
        >
          {translate('app.map.unsupported')}
        </Typography>
      )}
      {children}
    </Box>
  );
}
