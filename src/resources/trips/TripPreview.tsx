import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { RecordContextProvider, useGetOne, useStore, useTranslate } from 'react-admin';
import { RouteMap } from '../../kit/map';
import { MoneyField } from '../../kit/MoneyField';
import { StatusChip } from '../../kit/StatusChip';
import { LoadingState, ErrorState } from '../../kit/States';
import { showPath } from '../shared/recordPaths';
import { trips } from '../../domain/resources';
import type { Trip } from './types';

/** The trip whose route the list previews: client state, kept across visits (the spec's "selected trip"). */
export const PREVIEW_STORE_KEY = 'trips.preview';
export const usePreviewedTrip = () => useStore<number | null>(PREVIEW_STORE_KEY, null);

/** The list's side panel: the previewed trip's route on a map, its addresses in full, and a link to it. */
export function TripPreview() {
  const translate = useTranslate();
  const [id] = usePreviewedTrip();
  const { data, isPending, error, refetch } = useGetOne<Trip>(
    trips.path,
    { id: id ?? 0 },
    { enabled: id !== null, placeholderData: (previous) => previous },
  );
  return (
    <Card sx={{ width: 320, flexShrink: 0, ml: 2, display: { xs: 'none', lg: 'block' }, alignSelf: 'flex-start' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {translate('app.trips.preview.title')}
        </Typography>
        {id === null ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.trips.preview.hint')}
          </Typography>
        ) : error ? (
          <ErrorState message={error.message} onRetry={() => void refetch()} />
        ) : isPending || !data ? (
          <LoadingState />
        ) : (
          <RecordContextProvider value={data}>
            <Stack spacing={1} data-testid="trip-preview">
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="subtitle2">{translate('app.trips.number', { id: data.id })}</Typography>
                <StatusChip palette="tripStatus" />
              </Stack>
              <RouteMap
                encodedRoute={data.routePolyline}
                label={translate('app.trips.number', { id: data.id })}
                height={240}
              />
              <Box>
                <Typography variant="body2" title={data.pickupAddress}>
                  <Box component="span" sx={{ color: '#2e7d32', fontWeight: 700 }}>
                    ●{' '}
                  </Box>
                  {data.pickupAddress}
                </Typography>
                <Typography variant="body2" title={data.dropoffAddress}>
                  <Box component="span" sx={{ color: '#c62828', fontWeight: 700 }}>
                    ●{' '}
                  </Box>
                  {data.dropoffAddress}
                </Typography>
              </Box>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <MoneyField source="fareTotal" />
                <Button component={Link} to={showPath(trips.path, data.id)} size="small" variant="outlined">
                  {translate('app.trips.preview.open')}
                </Button>
              </Stack>
            </Stack>
          </RecordContextProvider>
        )}
      </CardContent>
    </Card>
  );
}
