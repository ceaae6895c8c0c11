import { Alert, AlertTitle, Box, Link } from '@mui/material';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { DRIVER_HELD_TRIP_STATUSES, suspensionEffect } from '../../domain/trip';
import { enumLabelKey } from '../../kit/enumChoices';
import { toShowPage } from '../shared/recordPaths';

const TRIPS = 'trip-management/trips';

interface HeldTrip {
  id: number;
  driverId: number;
  status: (typeof DRIVER_HELD_TRIP_STATUSES)[number];
}

/**
 * Before suspending drivers: each selected driver on a live trip, the trip (a link) and what the
 * suspension does to it, as the server does it (server/trip/trips/release.ts).
 */
export function LiveTripWarning({ ids, nameOf }: { ids: number[]; nameOf: (id: number) => string }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: TRIPS, action: 'list' });
  const { data: trips } = useGetList<HeldTrip>(
    TRIPS,
    {
      filter: { driverId: ids, status: [...DRIVER_HELD_TRIP_STATUSES] },
      pagination: { page: 1, perPage: ids.length },
      sort: { field: 'id', order: 'ASC' },
    },
    { enabled: Boolean(canAccess) && ids.length > 0 },
  );
  if (!trips?.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="live-trip-warning">
      <AlertTitle>{translate('app.drivers.liveTrip.title', { smart_count: trips.length })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, paddingInlineStart: 2 }}>
        {trips.map((trip) => {
          // The sentence names the trip where its language puts it; the trip's words are a link.
          const [before, after] = translate(`app.drivers.liveTrip.${suspensionEffect(trip.status)}`, {
            driver: nameOf(trip.driverId),
            status: translate(enumLabelKey('tripStatus', trip.status)),
            trip: '\u0000',
          }).split('\u0000');
          return (
            <li key={trip.id}>
              {before}
              <Link component={RouterLink} to={toShowPage(trip.id, TRIPS)}>
                {translate('app.drivers.liveTrip.trip', { id: trip.id })}
              </Link>
              {after}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}
