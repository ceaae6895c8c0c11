import { useMemo } from 'react';
import { useCanAccess, useGetList, type RaRecord } from 'react-admin';
import type { LivePoint } from '../../kit/map';
import { drivers } from '../../resources/drivers';
import { trips } from '../../resources/trips';

/** The API caps a page at 500 rows. */
const MAX_ROWS = 500;

export const DRIVER_COLOURS = { online: '#2e7d32', offline: '#9e9e9e' } as const;
export const TRIP_COLOURS = {
  requested: '#ef6c00',
  accepted: '#1565c0',
  arrived: '#6a1b9a',
  in_progress: '#2e7d32',
} as const;

const DRIVERS_QUERY = {
  pagination: { page: 1, perPage: MAX_ROWS },
  sort: { field: 'lastSeenAt', order: 'DESC' as const },
  filter: {},
};
const ACTIVE_TRIPS_QUERY = {
  pagination: { page: 1, perPage: MAX_ROWS },
  sort: { field: 'id', order: 'DESC' as const },
  filter: { active: true },
};

const driverPoint = (driver: RaRecord): LivePoint => ({
  id: driver.id as number,
  lat: driver.lastLat,
  lng: driver.lastLng,
  status: driver.online ? 'online' : 'offline',
  title: `${driver.firstName} ${driver.lastName}`,
});

const tripPoint = (trip: RaRecord): LivePoint => ({
  id: trip.id as number,
  lat: trip.pickupLat,
  lng: trip.pickupLng,
  status: trip.status,
  title: trip.pickupAddress,
});

/**
 * What the dispatcher's map shows, fetched once: the drivers' last known positions for staff who
 * may see drivers, otherwise the pickups of the trips under way.
 */
export function useMapPoints(): { kind: 'drivers' | 'trips' | undefined; points: LivePoint[] } {
  const { canAccess: seesDrivers, isPending: checking } = useCanAccess({ resource: drivers.path, action: 'list' });
  const { canAccess: seesTrips } = useCanAccess({ resource: trips.path, action: 'list' });
  const kind = checking ? undefined : seesDrivers ? 'drivers' : seesTrips ? 'trips' : undefined;
  const driverList = useGetList(drivers.path, DRIVERS_QUERY, { enabled: kind === 'drivers' });
  const tripList = useGetList(trips.path, ACTIVE_TRIPS_QUERY, { enabled: kind === 'trips' });
  const records = kind === 'drivers' ? driverList.data : tripList.data;
  const points = useMemo(
    () =>
      (records ?? [])
        .filter((record) => (kind === 'drivers' ? record.lastLat != null : record.pickupLat != null))
        .map(kind === 'drivers' ? driverPoint : tripPoint),
    [records, kind],
  );
  return { kind, points };
}
