/**
 * What the dispatcher page shows of a driver, one shape for the service and the panel: the map's
 * card, the trips board's offers and the nearest list (the Dispatcher role has no view-Driver).
 */
export interface DriverCard {
  id: number;
  name: string;
  phone: string;
  vehiclePlate: string | null;
  /** Make, model and colour ("Toyota Axio · white"), null when none is recorded. */
  vehicle: string | null;
  rating: number;
}

/** GET dispatcher/driver-cards?ids=…: a driver's card with the name of the vehicle type. */
export interface DispatcherDriverCard extends DriverCard {
  vehicleTypeName: string | null;
}

/** GET dispatcher/nearest-drivers: an available driver's card, how far and how soon, and when last heard from. */
export interface NearDriver extends DriverCard {
  distanceKm: number;
  etaSeconds: number;
  /** ISO time. */
  lastSeenAt: string;
}
