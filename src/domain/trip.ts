/** Trip-service rules shared by the panel and the server (framework-free). */
import type { TripStatus } from './enums.js';

/** Trips a driver or passenger is busy with. */
export const ACTIVE_TRIP_STATUSES = [
  'requested',
  'accepted',
  'arrived',
  'in_progress',
] as const satisfies readonly TripStatus[];

/** Trips a driver holds: taken from a driver who may no longer drive (server/trip/trips/release.ts). */
export const DRIVER_HELD_TRIP_STATUSES = [
  'accepted',
  'arrived',
  'in_progress',
] as const satisfies readonly TripStatus[];

/**
 * What suspending a driver does to the trip they hold: before pickup it is `released` (back to the
 * dispatcher without a driver); with the passenger aboard it stays with the driver, followed up.
 */
export const suspensionEffect = (status: (typeof DRIVER_HELD_TRIP_STATUSES)[number]): 'released' | 'aboard' =>
  status === 'in_progress' ? 'aboard' : 'released';

export const FINISHED_TRIP_STATUSES = [
  'completed',
  'cancelled_by_passenger',
  'cancelled_by_driver',
  'no_driver_found',
] as const satisfies readonly TripStatus[];

/** Which status may follow which. */
export const TRIP_TRANSITIONS: Record<TripStatus, readonly TripStatus[]> = {
  scheduled: ['requested', 'cancelled_by_passenger'],
  requested: ['accepted', 'cancelled_by_passenger', 'no_driver_found'],
  accepted: ['arrived', 'cancelled_by_passenger', 'cancelled_by_driver'],
  arrived: ['in_progress', 'cancelled_by_passenger', 'cancelled_by_driver'],
  in_progress: ['completed'],
  completed: [],
  cancelled_by_passenger: [],
  cancelled_by_driver: [],
  no_driver_found: [],
};

export const ISSUE_CATEGORIES = [
  'lost_item',
  'driver_behaviour',
  'passenger_behaviour',
  'fare_dispute',
  'payment',
  'safety',
  'vehicle_condition',
  'route',
  'app_problem',
  'other',
] as const;

export const GATEWAY_PROVIDERS = [
  'mpesa',
  'stripe',
  'flutterwave',
  'paystack',
  'pesapal',
  'cellulant',
  'other',
] as const;

/** A passenger's or driver's SOS is accepted while the trip runs and for this long after it ends. */
export const SOS_WINDOW_AFTER_TRIP_MS = 60 * 60 * 1000;
