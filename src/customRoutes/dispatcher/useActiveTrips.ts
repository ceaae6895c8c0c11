import { useEffect, useState } from 'react';
import { useCanAccess, useGetList } from 'react-admin';
import { trips } from '../../domain/resources';
import { ACTIVE_TRIP_STATUSES } from '../../domain/trip';
import { TRIP_UPDATED, type TripUpdatedEvent } from '../../domain/tripEvents';
import { useSocketEvent } from '../../realtime/RealtimeProvider';
import { useSocketFallback } from '../../realtime/useSocketFallback';
import type { Trip } from '../../resources/trips/types';
import { applyTripUpdate } from './model';

export type BoardRecord = Trip & { offeredDriverId?: number | null };

const ACTIVE_TRIPS = {
  pagination: { page: 1, perPage: 500 },
  sort: { field: 'requestedAt', order: 'ASC' as const },
  // The active trips and those booked for later (their own column).
  filter: { status: [...ACTIVE_TRIP_STATUSES, 'scheduled'] },
};

/**
 * The active trips, live through `tripUpdated`: a trip it does not know yet, or a new driver whose
 * name the event does not carry, reads the list again; while the socket is down, every 15 s. The
 * board and the map's flags read the same query (react-query shares it): only the board (`leads`)
 * reads it again, so one event or one fallback tick makes one request.
 */
export function useActiveTrips({ leads }: { leads: boolean }) {
  const { canAccess } = useCanAccess({ resource: trips.path, action: 'list' });
  const { data, isPending, error, refetch } = useGetList<BoardRecord>(trips.path, ACTIVE_TRIPS, {
    enabled: canAccess === true,
  });
  const [live, setLive] = useState<readonly BoardRecord[]>([]);
  useEffect(() => setLive(data ?? []), [data]);
  useSocketEvent<TripUpdatedEvent>(TRIP_UPDATED, (event) => {
    const known = live.find((t) => t.id === event.id);
    const result = applyTripUpdate(live, event);
    setLive(result.trips);
    if (!leads) return;
    if (result.missing || (known && event.driverId !== null && known.driverId !== event.driverId)) void refetch();
  });
  useSocketFallback(() => {
    if (leads) void refetch();
  });
  return { canAccess, live, isPending, error, refetch };
}
