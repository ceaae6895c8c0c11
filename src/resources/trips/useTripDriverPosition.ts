import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { ACTIVE_TRIP_STATUSES } from '../../domain/trip';
import { useLiveDriverPosition } from '../../realtime/useLiveDriverPosition';
import { QUERIES } from '../../dataProviders/calls';

const ACTIVE: readonly string[] = ACTIVE_TRIP_STATUSES;

/**
 * How often the recorded position is read again while the live feed has none: the server writes a
 * driver's position to their record at most this often (DB_WRITE_INTERVAL_MS), so reading it faster
 * could not show anything new.
 */
export const RECORDED_POSITION_MS = 30_000;

export interface TripDriverPosition {
  lat: number;
  lng: number;
  /** ISO time of the position, when known. */
  at: string | null;
  /** `live`: the dispatcher's feed, moving each second; `recorded`: the driver's record. */
  source: 'live' | 'recorded';
}

interface TripLike {
  id: number;
  status: string;
  driverId: number | null;
  pickupLat: number;
  pickupLng: number;
}

/** The trip's query key of the recorded position (under ['trips', id], refetched with the trip). */
export const driverPositionKey = (tripId: number) => ['trips', tripId, 'driver-position'] as const;

/**
 * The driver's position while a trip runs (null otherwise): live from the dispatcher's feed for staff
 * who may read it (useLiveDriverPosition), else — or while the feed does not have the driver (their
 * app is offline) — the last position on the driver's record (`GET trips/:id/driver-position`, read
 * again with the trip on `tripUpdated` and every 30 s until the feed has the driver).
 */
export function useTripDriverPosition(trip: TripLike | undefined): TripDriverPosition | null {
  const dataProvider = usePanelDataProvider();
  const active = !!trip && ACTIVE.includes(trip.status) && trip.driverId !== null;
  const liveNow = useRef(false);
  const recorded = useQuery({
    queryKey: driverPositionKey(trip?.id ?? 0),
    queryFn: async ({ signal }) =>
      (await dataProvider.query(QUERIES.trips['driver-position'], { id: trip!.id }, { silent: true, signal })).data,
    enabled: active,
    refetchInterval: () => (liveNow.current ? false : RECORDED_POSITION_MS),
  });
  const fromRecord = active && recorded.data && recorded.data.driverId === trip.driverId ? recorded.data : null;
  // The live feed is looked up around the recorded position once it is read (else the pickup).
  const near = !trip || recorded.isPending ? null : (fromRecord ?? { lat: trip.pickupLat, lng: trip.pickupLng });
  const live = useLiveDriverPosition(active ? trip.driverId : null, near);
  liveNow.current = live.driver !== null;

  if (!active) return null;
  if (live.driver) return { lat: live.driver.lat, lng: live.driver.lng, at: live.driver.at, source: 'live' };
  if (fromRecord) return { lat: fromRecord.lat, lng: fromRecord.lng, at: fromRecord.at, source: 'recorded' };
  return null;
}
