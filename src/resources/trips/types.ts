import type { RaRecord } from 'ra-core';
import type { ManifestRecord, trips } from '../../domain/resources';
import type { FirstPageQuery } from '../../dataProviders/prefetch';
import { NEWEST_FIRST } from './tripListState';

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
  'scheduledAt',
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

/**
 * What the trips list asks for first: newest first, 25 a page, only its columns. The menu link
 * fetches this page on hover (firstPage in index.ts), so it must stay what TripList asks for.
 */
export const TRIP_FIRST_PAGE = {
  sort: NEWEST_FIRST,
  perPage: 25,
  meta: { fields: TRIP_LIST_FIELDS },
} as const satisfies FirstPageQuery;
