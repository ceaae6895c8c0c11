import { TRIP_UPDATED, type TripUpdatedEvent } from '../../domain/tripEvents';
import CloseIcon from '@mui/icons-material/Close';
import PhoneIcon from '@mui/icons-material/Phone';
import { Box, Button, IconButton, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { RecordContextProvider, useGetOne, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { passengers, trips } from '../../domain/resources';
import { formatMoney } from '../../kit/format';
import { LoadingState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import type { Passenger } from '../../resources/passengers/types';
import { TripActions } from '../../resources/trips/TripActions';
import type { Trip } from '../../resources/trips/types';
import { useSocketEvent } from '../../realtime/RealtimeProvider';
import { driverName, useDriverCards } from './driverCards';
import type { BoardRecord } from './TripsBoard';

/**
 * The card of the trip picked on the board: where from and to, who (and whom it is offered to), the
 * fare and the note, with the trip page's actions (assign or reassign from the nearest drivers,
 * cancel) and tel: links. Read again on each `tripUpdated` of this trip, as the board moves it.
 */
export function TripCard({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const {
    data: trip,
    isPending,
    error,
    refetch,
  } = useGetOne<Trip & Pick<BoardRecord, 'offeredDriverId'>>(trips.path, { id });
  useSocketEvent<TripUpdatedEvent>(TRIP_UPDATED, (event) => {
    if (event.id === id) void refetch();
  });
  const { data: passenger } = useGetOne<Passenger>(
    passengers.path,
    { id: trip?.passengerId },
    { enabled: trip !== undefined },
  );
  // The driver's phone from the dispatcher's driver cards (the Dispatcher role may not read drivers).
  const { cards } = useDriverCards([trip?.driverId, trip?.offeredDriverId]);
  const driver = trip?.driverId != null ? cards.get(trip.driverId) : undefined;
  const offeredTo =
    trip?.driverId == null && trip?.offeredDriverId != null
      ? driverName(cards, trip.offeredDriverId, translate)
      : undefined;
  return (
    <Paper
      elevation={4}
      data-testid="trip-card"
      role="region"
      aria-label={translate('app.dispatcher.trip', { id })}
      sx={{ position: 'absolute', top: 8, right: 8, width: 320, maxWidth: 'calc(100% - 16px)', p: 1.5, zIndex: 2 }}
    >
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {translate('app.dispatcher.trip', { id })}
        </Typography>
        <IconButton size="small" aria-label={translate('app.dispatcher.card.close')} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      {isPending ? (
        <LoadingState />
      ) : error || !trip ? (
        <Typography color="error" variant="body2">
          {translate('app.dispatcher.card.error')}
        </Typography>
      ) : (
        <RecordContextProvider value={trip}>
          <Stack spacing={0.75}>
            <Box>
              <StatusChip palette="tripStatus" />
            </Box>
            <Typography variant="body2">
              {trip.pickupAddress} → {trip.dropoffAddress}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {trip.vehicleTypeName} · {formatMoney(trip.fareTotal)} ·{' '}
              {translate(`app.enums.paymentMethod.${trip.paymentMethod}`)}
            </Typography>
            {trip.driverNote && (
              <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
                “{trip.driverNote}”
              </Typography>
            )}
            <Box>
              <Typography variant="body2" noWrap>
                {translate('app.dispatcher.card.passenger')}: {trip.passengerName}
              </Typography>
              {passenger?.phone && (
                <MuiLink
                  href={`tel:${passenger.phone}`}
                  variant="body2"
                  aria-label={translate('app.dispatcher.card.call', { who: trip.passengerName ?? '' })}
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  <PhoneIcon fontSize="inherit" /> {passenger.phone}
                </MuiLink>
              )}
            </Box>
            <Box>
              <Typography variant="body2" noWrap>
                {translate('app.dispatcher.card.driver')}:{' '}
                {trip.driverName ?? translate('app.dispatcher.card.noDriver')}
                {offeredTo !== undefined && ` · ${translate('app.dispatcher.board.offeredTo', { name: offeredTo })}`}
              </Typography>
              {trip.driverId !== null && driver?.phone && (
                <MuiLink
                  href={`tel:${driver.phone}`}
                  variant="body2"
                  aria-label={translate('app.dispatcher.card.call', { who: trip.driverName ?? '' })}
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  <PhoneIcon fontSize="inherit" /> {driver.phone}
                </MuiLink>
              )}
            </Box>
            <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
              <TripActions trip={trip} />
              <Button component={Link} to={`/${trips.path}/${id}`} size="small">
                {translate('app.dispatcher.openTrip', { id })}
              </Button>
            </Stack>
          </Stack>
        </RecordContextProvider>
      )}
    </Paper>
  );
}
