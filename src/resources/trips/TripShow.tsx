import { TRIP_UPDATED, type TripUpdatedEvent } from '../../domain/tripEvents';
import { Box, Chip, Grid, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RecordContextProvider, Title, TopToolbar, useTranslate } from 'react-admin';
import { trips } from '../../domain/resources';
import { buildTimeline, type TimelineEntry } from '../../domain/tripTimeline';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { SectionCard } from '../../kit/DetailBlocks';
import { enumLabelKey } from '../../kit/enumChoices';
import { formatDateTime, formatRelativeTime } from '../../kit/format';
import { RouteMap } from '../../kit/map';
import { StatusChip } from '../../kit/StatusChip';
import { useSocketEvent } from '../../realtime/RealtimeProvider';
import { useSocketFallback } from '../../realtime/useSocketFallback';
import { FareBreakdown } from './FareBreakdown';
import { TripActions } from './TripActions';
import { TripAround } from './TripAround';
import { TripParties } from './TripParties';
import { TripTimeline } from './TripTimeline';
import { useRecordFromRoute } from '../shared/useRecordFromRoute';
import { AfterFirstPaint } from '../../kit/AfterFirstPaint';
import type { Trip } from './types';
import { useTripDriverPosition } from './useTripDriverPosition';
import { QUERIES } from '../../dataProviders/calls';

/** The route, and for an active trip the driver's position, moving live (useTripDriverPosition). */
function TripRoute({ trip }: { trip: Trip }) {
  const translate = useTranslate();
  const position = useTripDriverPosition(trip);
  const mover = position
    ? { lat: position.lat, lng: position.lng, label: trip.driverName ?? translate('app.trips.parties.driver') }
    : null;
  return (
    <SectionCard
      title={translate('app.trips.detail.route')}
      subheader={
        position?.at ? (
          <span data-testid="driver-position" data-source={position.source}>
            {translate(position.source === 'live' ? 'app.trips.detail.driverLiveFeed' : 'app.trips.detail.driverLive', {
              time: formatRelativeTime(position.at),
            })}
          </span>
        ) : undefined
      }
    >
      <RouteMap
        encodedRoute={trip.routePolyline}
        mover={mover}
        label={translate('app.trips.number', { id: trip.id })}
        height={320}
      />
      <Box sx={{ mt: 1 }}>
        <Typography variant="body2">
          <Box component="span" sx={{ color: '#2e7d32', fontWeight: 700 }}>
            ●{' '}
          </Box>
          {trip.pickupAddress}
        </Typography>
        <Typography variant="body2">
          <Box component="span" sx={{ color: '#c62828', fontWeight: 700 }}>
            ●{' '}
          </Box>
          {trip.dropoffAddress}
        </Typography>
      </Box>
    </SectionCard>
  );
}

/** Below the header: the route, the timeline, what was raised around the trip, the fare and the people. */
function TripBody({ trip, timeline, paymentLabel }: { trip: Trip; timeline: TimelineEntry[]; paymentLabel: string }) {
  const translate = useTranslate();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 7, lg: 8 }}>
        <Stack spacing={2}>
          <TripRoute trip={trip} />
          <SectionCard title={translate('app.trips.detail.timeline')}>
            <TripTimeline entries={timeline} />
          </SectionCard>
          <TripAround tripId={trip.id} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5, lg: 4 }}>
        <Stack spacing={2}>
          <SectionCard title={translate('app.trips.detail.fare')}>
            <FareBreakdown trip={trip} paymentLabel={paymentLabel} />
          </SectionCard>
          <TripParties trip={trip} />
        </Stack>
      </Grid>
    </Grid>
  );
}

/**
 * /trip-management/trips/:id: the header, the route (with the driver live while the trip runs), the
 * timeline, the fare that adds up, the people and the vehicle, what was raised around the trip, and
 * the actions the viewer may run. It follows `tripUpdated` for this trip (refetching every 15 s
 * while the socket is down).
 */
export default function TripShow() {
  const translate = useTranslate();
  const { id, record: trip, state, refetch } = useRecordFromRoute<Trip>(trips.path);
  const dataProvider = usePanelDataProvider();
  const queryClient = useQueryClient();
  const events = useQuery({
    queryKey: ['trips', id, 'events'],
    queryFn: () => dataProvider.query(QUERIES.trips.events, { id: id! }),
    enabled: Number.isSafeInteger(id),
  });
  const reload = () => {
    refetch();
    void queryClient.invalidateQueries({ queryKey: ['trips', id] });
    void queryClient.invalidateQueries({ queryKey: [trips.path, 'getList'] });
  };
  useSocketEvent<TripUpdatedEvent>(TRIP_UPDATED, (event) => {
    if (event.id === id) reload();
  });
  useSocketFallback(reload);

  if (state) return state;
  const timeline = buildTimeline(trip, events.data?.data ?? []);
  const paymentLabel = translate(enumLabelKey('paymentMethod', trip.paymentMethod), { _: trip.paymentMethod });

  return (
    <RecordContextProvider value={trip}>
      <Title title={translate('app.trips.number', { id: trip.id })} />
      <Stack spacing={2} sx={{ mt: 1 }} data-testid="trip-show">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1">
              {translate('app.trips.number', { id: trip.id })}
            </Typography>
            <StatusChip palette="tripStatus" />
            {trip.vehicleTypeName && <Chip size="small" variant="outlined" label={trip.vehicleTypeName} />}
            <Typography variant="body2" color="text.secondary" component="span">
              {translate('app.trips.detail.requested', {
                time: `${formatDateTime(trip.requestedAt) ?? ''} (${formatRelativeTime(trip.requestedAt) ?? ''})`,
              })}
            </Typography>
            {trip.scheduledAt && (
              <Typography variant="body2" component="span" sx={{ fontWeight: 700 }} data-testid="trip-show-pickup">
                {translate('app.trips.detail.pickup', {
                  time: `${formatDateTime(trip.scheduledAt) ?? ''} (${formatRelativeTime(trip.scheduledAt) ?? ''})`,
                })}
              </Typography>
            )}
          </Stack>
          {/* The actions wrap on a narrow window (320 px, WCAG 1.4.10 Reflow), under the heading on the left. */}
          <TopToolbar
            data-testid="trip-actions"
            sx={{
              p: 0,
              minHeight: 0,
              flexWrap: 'wrap',
              justifyContent: { xs: 'flex-start', sm: 'flex-end' },
              // Over react-admin's white band on a phone (its own media query): the page's background.
              bgcolor: { xs: 'transparent' },
            }}
          >
            <TripActions trip={trip} />
          </TopToolbar>
        </Box>
        {/* The header is drawn first; the body, a map among it, on the render after. */}
        <AfterFirstPaint>
          <TripBody trip={trip} timeline={timeline} paymentLabel={paymentLabel} />
        </AfterFirstPaint>
      </Stack>
    </RecordContextProvider>
  );
}
