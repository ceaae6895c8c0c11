import type { RaRecord } from 'ra-core';
import type { ManifestRecord, trips } from '../../domain/resources';

/** A trip as the API answers it, with the names the server computes. */
export type Trip = RaRecord<number> &
  ManifestRecord<typeof trips> & {
    passengerName: string | null;
    driverName: string | null;
    vehicleTypeName: string | null;
    bookedByName: string | null;
    pickupPlace?: string;
    dropoffPlace?: string;
  };

/** The columns the trips list shows: all it asks the engine for (`fields`). */
export const TRIP_LIST_FIELDS = [
  'requestedAt',
  'passengerId',
  'passengerName',
  'driverId',
  'driverName',
  'vehicleTypeName',
  'pickupPlace',
  'dropoffPlace',
  'status',
  'fareTotal',
  'paymentMethod',
  'distanceKm',
  'durationMin',
] as const;
