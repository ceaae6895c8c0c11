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

/** What anyone who may see the trip sees of its parties (the trip's own fields, no view-Driver needed). */
interface TripContacts extends RaRecord<number> {
  passengerPhone: string | null;
  driverPhone: string | null;
  driverVehicle: string | null;
  driverPlate: string | null;
}

const CONTACT_FIELDS = ['passengerPhone', 'driverPhone', 'driverVehicle', 'driverPlate'];

function useTripContacts(trip: Trip) {
  const { data } = useGetList<TripContacts>(trips.path, {
    filter: { id: trip.id },
    pagination: { page: 1, perPage: 1 },
    // The driver in the key: a driver assigned while the page is open is read again.
    meta: { fields: CONTACT_FIELDS, driverId: trip.driverId },
  });
  return data?.[0];
}

/** A passenger's or driver's card: photo, linked name, phone as tel:, vehicle; rating and trips count with read access. */
function PersonCard({
  kind,
  id,
  name,
  contact,
}: {
  kind: 'passenger' | 'driver';
  id: number | null;
  name: string | null;
  contact?: { phone: string | null; vehicle?: string | null; plate?: string | null };
}) {
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
  const phone = data?.phone ?? contact?.phone;
  const vehicle = data
    ? [data.vehicleColour, data.vehicleMake, data.vehicleModel, data.vehicleYear].filter(Boolean).join(' ')
    : (contact?.vehicle ?? '');
  const plate = data ? data.vehiclePlate : contact?.plate;
  return (
    <SectionCard title={title} data-testid={`${kind}-card`}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <FileAvatar fileId={data?.photo ?? null} name={fullName} size={48} />
        <Box sx={{ minWidth: 0 }}>
          <GuardedLink resource={resource} to={showPath(resource, id)}>
            {fullName}
          </GuardedLink>
          {phone && (
            <Typography variant="body2" color="text.secondary" component="div">
              <a href={`tel:${phone}`}>{phone}</a>
              {data && (
                <>
                  {' · '}★ {Number(data.rating).toFixed(1)}
                  {' · '}
                  <TripsCount filter={kind === 'passenger' ? { passengerId: id } : { driverId: id }} />
                </>
              )}
            </Typography>
          )}
        </Box>
      </Stack>
      {kind === 'driver' && (plate || vehicle) && (
        <Box sx={{ mt: 1.5 }} data-testid="vehicle">
          <Typography variant="caption" color="text.secondary" component="div">
            {translate('app.trips.parties.vehicle')}
          </Typography>
          <Typography variant="body2">
            {vehicle}
            {plate && (
              <Box
                component="span"
                sx={{
                  marginInlineStart: 1,
                  px: 0.75,
                  border: 1,
                  borderRadius: 0.5,
                  fontFamily: 'monospace',
                  whiteSpace: 'nowrap',
                }}
              >
                {plate}
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
  const contacts = useTripContacts(trip);
  return (
    <Stack spacing={2}>
      <PersonCard
        kind="passenger"
        id={trip.passengerId}
        name={trip.passengerName}
        contact={contacts && { phone: contacts.passengerPhone }}
      />
      <PersonCard
        kind="driver"
        id={trip.driverId}
        name={trip.driverName}
        contact={
          contacts && { phone: contacts.driverPhone, vehicle: contacts.driverVehicle, plate: contacts.driverPlate }
        }
      />
      {trip.bookedByName && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {translate('app.trips.detail.bookedBy')} {trip.bookedByName}
        </Typography>
      )}
    </Stack>
  );
}
