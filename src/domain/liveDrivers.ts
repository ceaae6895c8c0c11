import type { DRIVER_LIVE_STATES } from './enums';

export type DriverLiveState = (typeof DRIVER_LIVE_STATES)[number];

/** One online driver in the dispatcher's feed (REST snapshot and `driverPositions` deltas). */
export interface LiveDriver {
  id: number;
  lat: number;
  lng: number;
  heading: number;
  speed: number;
  state: DriverLiveState;
  vehicleTypeId: number;
  tripId: number | null;
  /** ISO time of the position. */
  at: string;
}

/** The `driverPositions` socket event: drivers that moved or changed state in the watched box, and those gone. */
export interface DriverPositionsEvent {
  at: string;
  moved: LiveDriver[];
  gone: number[];
}
