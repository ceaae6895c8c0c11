import type { FastifyInstance } from 'fastify';
import { registerResource } from '../rest/resourceRoutes.js';
import { registerQueries } from '../rest/queries.js';
import { declarationsOf } from '../resources.js';
import { DASHBOARD_QUERIES } from './queries/dashboard.js';
import { DISPATCHER_QUERIES } from './queries/dispatcher.js';
import { DRIVER_QUERIES } from './queries/driverStatistics.js';
import { BOOKING_QUERIES, schedulePlaceIndex } from './booking/places.js';
import { REPORT_QUERIES } from './queries/reports.js';
import { reportDocumentRoutes } from './reports/routes.js';
import { fareRoutes } from './fares/routes.js';
import { SOS_QUERIES } from './sos/alarms.js';
import { issueRoutes } from './issues/routes.js';
import { appsService } from '../apps/index.js';
import { sosRoutes } from './sos/routes.js';
import { scheduleSimulatedSosCloser } from './sos/simulated.js';
import { tripRoutes } from './trips/routes.js';
import { payoutRoutes } from './payouts/routes.js';
import { startScheduledTrips } from './trips/scheduled.js';

/** The trip service, mounted at /api/trip. */
export async function tripService(app: FastifyInstance): Promise<void> {
  fareRoutes(app);
  appsService(app);
  sosRoutes(app);
  scheduleSimulatedSosCloser(app);
  registerQueries(app, 'dashboard', DASHBOARD_QUERIES);
  registerQueries(app, 'dispatcher', DISPATCHER_QUERIES);
  registerQueries(app, 'dispatcher', BOOKING_QUERIES);
  schedulePlaceIndex(app);
  registerQueries(app, 'reports', REPORT_QUERIES);
  registerQueries(app, 'sos', SOS_QUERIES);
  registerQueries(app, 'drivers', DRIVER_QUERIES);
  reportDocumentRoutes(app);
  tripRoutes(app);
  startScheduledTrips(app);
  issueRoutes(app);
  payoutRoutes(app);
  for (const resource of declarationsOf('trip')) registerResource(app, resource, app.services);
}
