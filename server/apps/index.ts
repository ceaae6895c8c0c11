import type { FastifyInstance } from 'fastify';
import { appAuthRoutes } from './authRoutes.js';
import { driverShiftRoutes } from './driverRoutes.js';
import { driverTripRoutes } from './driverTrips.js';
import { passengerRoutes } from './passengerRoutes.js';

/** The app-facing API (OpenAPI tag "apps"), mounted in the trip service at /api/trip/apps. */
export function appsService(app: FastifyInstance): void {
  appAuthRoutes(app);
  driverShiftRoutes(app);
  driverTripRoutes(app);
  passengerRoutes(app);
}
