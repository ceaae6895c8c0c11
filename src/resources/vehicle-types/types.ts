import type { RaRecord } from 'ra-core';
import type { ManifestRecord, vehicleTypes } from '../../domain/resources';

/** A vehicle type as the trip service lists it: the manifest's fields and the server's computed counts. */
export interface VehicleType extends RaRecord<number>, ManifestRecord<typeof vehicleTypes> {
  id: number;
  driverCount: number;
  approvedDrivers: number;
  tripsLast7Days: number;
}
