import { Box, Chip, Stack } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate, type Identifier } from 'react-admin';
import { DispatcherLayout } from '../../layout/DispatcherLayout';
import { LiveMap } from '../../kit/map';
import { LatestTrips } from './LatestTrips';
import { SelectedTrip } from './SelectedTrip';
import { DRIVER_COLOURS, TRIP_COLOURS, useMapPoints } from './useMapPoints';

/**
 * /dispatcher: the map of drivers (or, for staff who may not see drivers, of the trips under way)
 * and the latest trips in the side area; picking a trip shows its route.
 * Live updates and the assignment tools are the dispatcher issue.
 */
export default function DispatcherScreen() {
  const translate = useTranslate();
  const [selected, setSelected] = useState<Identifier>();
  const [hovered, setHovered] = useState<Identifier | null>(null);
  const { kind, points } = useMapPoints();
  const colours = kind === 'trips' ? TRIP_COLOURS : DRIVER_COLOURS;
  const hoveredPoint = hovered === null ? undefined : points.find((point) => point.id === hovered);

  return (
    <DispatcherLayout
      side={
        <>
          {selected !== undefined && <SelectedTrip id={selected} />}
          <LatestTrips selectedId={selected} onSelect={setSelected} />
        </>
      }
    >
      <Title title={translate('app.dispatcher.title')} />
      {kind && (
        <LiveMap
          points={points}
          colours={colours}
          label={translate(kind === 'trips' ? 'app.dispatcher.tripsMap' : 'app.dispatcher.driversMap')}
          onPointHover={setHovered}
          onPointClick={kind === 'trips' ? setSelected : undefined}
        />
      )}
      <Stack
        direction="row"
        spacing={1}
        data-testid="map-legend"
        sx={{ position: 'absolute', top: 8, left: 8, flexWrap: 'wrap', pointerEvents: 'none' }}
      >
        {Object.entries(colours).map(([status, colour]) => (
          <Chip
            key={status}
            size="small"
            label={status.replace(/_/g, ' ')}
            icon={<Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colour }} />}
            sx={{ bgcolor: 'rgba(255,255,255,0.9)' }}
          />
        ))}
        {hoveredPoint?.title && <Chip size="small" color="primary" label={hoveredPoint.title} />}
      </Stack>
    </DispatcherLayout>
  );
}
