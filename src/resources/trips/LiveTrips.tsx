import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useListContext, useResourceContext, useTranslate, type GetListResult } from 'react-admin';
import { TRIP_UPDATED, type TripUpdatedEvent } from '../../domain/tripEvents';
import { useSocketEvent } from '../../realtime/RealtimeProvider';
import { useSocketFallback } from '../../realtime/useSocketFallback';

/** Coalesces a burst of changes into one refetch. */
const REFETCH_DELAY_MS = 300;

/**
 * Keeps the trips list live without polling: on `tripUpdated` a row on screen takes its new status
 * at once (in place, nothing moves) and the page is refetched. While the pointer is over the table
 * (someone is reading a row) the refetch waits, a note counts the changes, and it runs when the
 * pointer leaves or on "Show". With the socket down, the list refetches every 15 s instead.
 */
export function LiveTrips({ reading }: { reading: boolean }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { refetch } = useListContext();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const readingRef = useRef(reading);
  readingRef.current = reading;

  const refetchSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setPending(0);
      void refetch();
    }, REFETCH_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  useSocketEvent<TripUpdatedEvent>(TRIP_UPDATED, (event) => {
    queryClient.setQueriesData<GetListResult>({ queryKey: [resource, 'getList'] }, (old) =>
      old?.data.some((row) => row.id === event.id)
        ? {
            ...old,
            data: old.data.map((row) =>
              row.id === event.id ? { ...row, status: event.status, driverId: event.driverId } : row,
            ),
          }
        : old,
    );
    if (readingRef.current) setPending((n) => n + 1);
    else refetchSoon();
  });

  // The reader moved away: apply what waited.
  useEffect(() => {
    if (!reading && pending > 0) refetchSoon();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when reading ends
  }, [reading]);

  const socketState = useSocketFallback(() => void refetch());

  if (pending > 0)
    return (
      <Alert
        severity="info"
        sx={{ mx: 1, my: 0.5, py: 0 }}
        data-testid="trips-pending"
        action={
          <Button size="small" onClick={refetchSoon}>
            {translate('app.trips.live.show')}
          </Button>
        }
      >
        {translate('app.trips.live.pending', { smart_count: pending })}
      </Alert>
    );
  if (socketState === 'down')
    return (
      <Alert severity="warning" sx={{ mx: 1, my: 0.5, py: 0 }}>
        {translate('app.trips.live.offline')}
      </Alert>
    );
  return null;
}
