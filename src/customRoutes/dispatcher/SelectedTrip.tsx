import { Button, Stack, Typography } from '@mui/material';
import { useGetOne, useTranslate, type Identifier } from 'react-admin';
import { Link } from 'react-router';
import { RouteMap } from '../../kit/map';
import { trips } from '../../resources/trips';

/** The trip picked in the list or on the map: its route and a link to its page. */
export function SelectedTrip({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const { data: trip } = useGetOne(trips.path, { id });
  return (
    <Stack spacing={1} sx={{ px: 2, pb: 2 }} data-testid="selected-trip">
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {translate('app.dispatcher.trip', { id })}
      </Typography>
      {trip && (
        <>
          <Typography variant="body2" color="text.secondary">
            {trip.pickupAddress} → {trip.dropoffAddress}
          </Typography>
          <RouteMap
            key={trip.id}
            encodedRoute={trip.routePolyline}
            label={translate('app.map.route', { id })}
            height={220}
          />
        </>
      )}
      <Button component={Link} to={`/${trips.path}/${id}`} variant="outlined" size="small">
        {translate('app.dispatcher.openTrip', { id })}
      </Button>
    </Stack>
  );
}
