import { Box, Stack, Typography } from '@mui/material';
import { useCanAccess, useGetList, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { drivers, passengers, trips } from '../../domain/resources';
import { SectionCard } from '../../kit/DetailBlocks';
import { GuardedLink } from '../../kit/LinkedRecordField';
import { FileAvatar } from '../shared/FileAvatar';
import { showPath } from '../shared/recordPaths';
import type { Trip } from './types';

interface Person extends RaRecord<number> {
  firstName: string;
  lastName: string;
  phone: string;
  rating: number;
  photo?: number | null;
  vehicleMake?: string | null;
  vehicleModel?: string | null;
  vehiclePlate?: string | null;
  vehicleColour?: string | null;
  vehicleYear?: number | null;
}

/** How many trips the person has (the engine's exact count, one indexed count). */
function TripsCount({ filter }: { filter: Record<string, unknown> }) {
  const translate = useTranslate();
  const { total } = useGetList(trips.path, {
    filter,
    pagination: { page: 1, perPage: 1 },
    meta: { fields: ['status'] },
  });
  if (total === undefined) return null;
  return <>{translate('app.trips.parties.trips', { smart_count: total })}</>;
}

/** A passenger's or driver's card: photo, linked name, phone as tel:, rating and trips count. */
function PersonCard({ kind, id, name }: { kind: 'passenger' | 'driver'; id: number | null; name: string | null }) {
  const translate = useTranslate();
  const resource = kind === 'passenger' ? passengers.path : drivers.path;
  const { canAccess } = useCanAccess({ resource, action: 'show' });
  const { data } = useGetOne<Person>(resource, { id: id ?? 0 }, { enabled: id != null && canAccess === true });
  const title = translate(`app.trips.parties.${kind}`);
  if (id == null)
    return (
      <SectionCard title={title}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.trips.parties.noDriver')}
        </Typography>
      </SectionCard>
    );
  const fullName = data ? `${data.firstName} ${data.lastName}` : (name ?? `#${id}`);
  return (
    <SectionCard title={title} data-testid={`${kind}-card`}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <FileAvatar fileId={data?.photo ?? null} name={fullName} size={48} />
        <Box sx={{ minWidth: 0 }}>
          <GuardedLink resource={resource} to={showPath(resource, id)}>
            {fullName}
          </GuardedLink>
          {data && (
            <Typography variant="body2" color="text.secondary" component="div">
              <a href={`tel:${data.phone}`}>{data.phone}</a>
              {' · '}★ {Number(data.rating).toFixed(1)}
              {' · '}
              <TripsCount filter={kind === 'passenger' ? { passengerId: id } : { driverId: id }} />
            </Typography>
          )}
          {!canAccess && (
            <Typography variant="caption" color="text.secondary" component="div">
              {translate('app.trips.parties.hidden')}
            </Typography>
          )}
        </Box>
      </Stack>
      {kind === 'driver' && data && (data.vehiclePlate || data.vehicleMake) && (
        <Box sx={{ mt: 1.5 }} data-testid="vehicle">
          <Typography variant="caption" color="text.secondary" component="div">
            {translate('app.trips.parties.vehicle')}
          </Typography>
          <Typography variant="body2">
            {[data.vehicleColour, data.vehicleMake, data.vehicleModel, data.vehicleYear].filter(Boolean).join(' ')}
            {data.vehiclePlate && (
              <Box
                component="span"
                sx={{ ml: 1, px: 0.75, border: 1, borderRadius: 0.5, fontFamily: 'monospace', whiteSpace: 'nowrap' }}
              >
                {data.vehiclePlate}
              </Box>
            )}
          </Typography>
        </Box>
      )}
    </SectionCard>
  );
}

/** The passenger, the driver with the vehicle, and who booked a phone-in trip. */
export function TripParties({ trip }: { trip: Trip }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <PersonCard kind="passenger" id={trip.passengerId} name={trip.passengerName} />
      <PersonCard kind="driver" id={trip.driverId} name={trip.driverName} />
      {trip.bookedByName && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {translate('app.trips.detail.bookedBy')} {trip.bookedByName}
        </Typography>
      )}
    </Stack>
  );
}
