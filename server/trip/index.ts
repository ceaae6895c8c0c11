import type { FastifyInstance } from 'fastify';
import { registerResource } from '../rest/engine.js';
import { registerQueries } from '../rest/queries.js';
import { declarationsOf } from '../resources.js';
import { DASHBOARD_QUERIES } from './queries/dashboard.js';
import { DISPATCHER_QUERIES } from './queries/dispatcher.js';
import { BOOKING_QUERIES, schedulePlaceIndex } from './booking/places.js';
import { REPORT_QUERIES } from './queries/reports.js';
import { fareRoutes } from './fares/routes.js';
import { sosRoutes } from './sos/routes.js';
import { tripRoutes } from './trips/routes.js';

/** The trip service, mounted at /api/trip. */
export async function tripService(app: FastifyInstance): Promise<void> {
  fareRoutes(app);
  sosRoutes(app);
  registerQueries(app, 'dashboard', DASHBOARD_QUERIES);
  registerQueries(app, 'dispatcher', DISPATCHER_QUERIES);
  registerQueries(app, 'dispatcher', BOOKING_QUERIES);
  schedulePlaceIndex(app);
  registerQueries(app, 'reports', REPORT_QUERIES);
  tripRoutes(app);
  for (const resource of declarationsOf('trip')) registerResource(app, resource, app.services);
}
