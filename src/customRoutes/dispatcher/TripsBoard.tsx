import { Alert, Box, Button, ButtonBase, Paper, Stack, Typography } from '@mui/material';
import { memo, useEffect, useMemo, useState } from 'react';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import { trips } from '../../domain/resources';
import { useSocketEvent } from '../../realtime/RealtimeProvider';
import { useSocketFallback } from '../../realtime/useSocketFallback';
import type { Trip } from '../../resources/trips/types';
import {
  applyTripUpdate,
  BOARD_COLUMNS,
  formatWait,
  groupBoard,
  LATE_AFTER_SECONDS,
  waitingSeconds,
  type TripUpdated,
} from './model';
import { useDriverCards } from './driverCards';

export type BoardRecord = Trip & { offeredDriverId?: number | null };

const ACTIVE_TRIPS = {
  pagination: { page: 1, perPage: 500 },
  sort: { field: 'requestedAt', order: 'ASC' as const },
  filter: { active: true },
};

/** The current time, ticking every second (the waiting times). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The active trips in columns: waiting for a driver (the wait red after 2 minutes), offered, driver
 * en route, at pickup, on trip. Live through `tripUpdated`; a trip it does not know yet is fetched
 * with the list again; while the socket is down the list is fetched every 15 s.
 */
export const TripsBoard = memo(function TripsBoard({
  selectedId,
  onSelect,
}: {
  selectedId?: number;
  onSelect: (trip: BoardRecord) => void;
}) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: trips.path, action: 'list' });
  const { data, isPending, error, refetch } = useGetList<BoardRecord>(trips.path, ACTIVE_TRIPS, {
    enabled: canAccess === true,
  });
  const [live, setLive] = useState<readonly BoardRecord[]>([]);
  useEffect(() => setLive(data ?? []), [data]);
  useSocketEvent<TripUpdated>('tripUpdated', (event) => {
    const known = live.find((t) => t.id === event.id);
    const result = applyTripUpdate(live, event);
    setLive(result.trips);
    // A new trip, or a new driver whose name the event does not carry: read the list again.
    if (result.missing || (known && event.driverId !== null && known.driverId !== event.driverId)) void refetch();
  });
  useSocketFallback(() => void refetch());
  const now = useNow();
  const columns = useMemo(() => groupBoard(live), [live]);
  // Names of the drivers on the board (the offers' drivers are not in the trip records).
  const driverIds = useMemo(() => live.flatMap((t) => [t.driverId, t.offeredDriverId]), [live]);
  const { cards } = useDriverCards(driverIds);

  if (canAccess === false) return null;
  return (
    <Box
      component="section"
      aria-labelledby="board-title"
      data-testid="trips-board"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Typography id="board-title" component="h2" variant="subtitle2" sx={{ fontWeight: 700, px: 1.5, pt: 1 }}>
        {translate('app.dispatcher.board.title', { count: live.length })}
      </Typography>
      {error ? (
        <Alert
          severity="error"
          sx={{ m: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {translate('ra.action.refresh')}
            </Button>
          }
        >
          {translate('app.dispatcher.board.error')}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, p: 1, flexGrow: 1, minHeight: 0, overflowX: 'auto' }}>
          {BOARD_COLUMNS.map((column) => (
            <Paper
              key={column}
              variant="outlined"
              component="section"
              aria-label={translate(`app.dispatcher.board.${column}`)}
              data-testid={`board-${column}`}
              sx={{ flex: '1 1 0', minWidth: 150, display: 'flex', flexDirection: 'column', minHeight: 0 }}
            >
              <Typography
                variant="caption"
                sx={{ fontWeight: 700, px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
              >
                {translate(`app.dispatcher.board.${column}`)} · {columns[column].length}
              </Typography>
              <Stack spacing={0.5} sx={{ p: 0.5, overflowY: 'auto', minHeight: 0 }}>
                {isPending && canAccess ? (
                  <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
                    {translate('ra.page.loading')}
                  </Typography>
                ) : columns[column].length === 0 ? (
                  <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
                    {translate('app.dispatcher.board.empty')}
                  </Typography>
                ) : (
                  columns[column].map((trip) => {
                    const wait = waitingSeconds(trip.requestedAt as unknown as string, now);
                    const late = column === 'waiting' && wait > LATE_AFTER_SECONDS;
                    return (
                      <ButtonBase
                        key={trip.id}
                        onClick={() => onSelect(trip)}
                        aria-pressed={trip.id === selectedId}
                        data-testid={`board-trip-${trip.id}`}
                        sx={{
                          display: 'block',
                          textAlign: 'left',
                          p: 0.75,
                          borderRadius: 1,
                          border: 1,
                          borderColor: trip.id === selectedId ? 'primary.main' : 'divider',
                          bgcolor: trip.id === selectedId ? 'action.selected' : 'background.paper',
                          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                        }}
                      >
                        <Stack direction="row" justifyContent="space-between" spacing={1}>
                          <Typography variant="caption" sx={{ fontWeight: 700 }}>
                            #{trip.id}
                          </Typography>
                          {column === 'waiting' && (
                            <Typography
                              variant="caption"
                              sx={{ fontWeight: 700, color: late ? 'error.main' : 'text.secondary' }}
                              data-testid={late ? 'board-late' : undefined}
                            >
                              {formatWait(wait)}
                            </Typography>
                          )}
                        </Stack>
                        <Typography variant="caption" component="div" noWrap>
                          {trip.passengerName}
                        </Typography>
                        <Typography variant="caption" component="div" color="text.secondary" noWrap>
                          {String(trip.pickupAddress ?? '').split(',')[0]} →{' '}
                          {String(trip.dropoffAddress ?? '').split(',')[0]}
                        </Typography>
                        {column === 'offered' && trip.offeredDriverId ? (
                          <Typography
                            variant="caption"
                            component="div"
                            color="text.secondary"
                            noWrap
                            data-testid="board-offered-to"
                          >
                            {translate('app.dispatcher.board.offeredTo', {
                              name:
                                cards.get(trip.offeredDriverId)?.name ??
                                translate('app.dispatcher.driverNumber', { id: trip.offeredDriverId }),
                            })}
                          </Typography>
                        ) : (
                          trip.driverId !== null && (
                            <Typography variant="caption" component="div" color="text.secondary" noWrap>
                              {cards.get(trip.driverId)?.name ??
                                trip.driverName ??
                                translate('app.dispatcher.driverNumber', { id: trip.driverId })}
                            </Typography>
                          )
                        )}
                      </ButtonBase>
                    );
                  })
                )}
              </Stack>
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
});
