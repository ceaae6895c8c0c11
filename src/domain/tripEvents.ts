import type { TripStatus } from './enums';

/** The socket event every change of a trip sends, after commit, to staff holding view-Trip. */
export const TRIP_UPDATED = 'tripUpdated';

/** Its payload: the one contract the service sends and every screen listening to it reads. */
export interface TripUpdatedEvent {
  id: number;
  status: TripStatus;
  /** null when the trip was just created. */
  previousStatus: TripStatus | null;
  driverId: number | null;
  passengerId: number;
  vehicleTypeId: number;
  /** ISO time of the change. */
  at: string;
  /** A requested trip's driver holding a pending offer (issue 16's cascade), when there is one. */
  offeredDriverId?: number | null;
  /** Only on an event about the service-area flag: when the driver left (null: back inside). */
  leftAreaAt?: string | null;
}
