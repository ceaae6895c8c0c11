import type { FastifyInstance } from 'fastify';
import { registerResource } from '../rest/engine.js';
import { registerQueries } from '../rest/queries.js';
import { DASHBOARD_QUERIES } from './queries/dashboard.js';
import { REPORT_QUERIES } from './queries/reports.js';
import { discounts } from './discounts/resource.js';
import { fareRoutes } from './fares/routes.js';
import { paymentGateways } from './gateways/resource.js';
import { issues } from './issues/resource.js';
import { priceSettings } from './priceSettings/resource.js';
import { reviews } from './reviews/resource.js';
import { sosCallLogs, sosContacts } from './sos/resource.js';
import { sosRoutes } from './sos/routes.js';
import { driverTransactions } from './transactions/resource.js';
import { trips } from './trips/resource.js';
import { vehicleTypes } from './vehicleTypes/resource.js';

export const TRIP_RESOURCES = [
  vehicleTypes,
  priceSettings,
  trips,
  paymentGateways,
  discounts,
  issues,
  sosContacts,
  sosCallLogs,
  driverTransactions,
  reviews,
];

/** The trip service, mounted at /api/trip. */
export async function tripService(app: FastifyInstance): Promise<void> {
  fareRoutes(app);
  sosRoutes(app);
  registerQueries(app, 'dashboard', DASHBOARD_QUERIES);
  registerQueries(app, 'reports', REPORT_QUERIES);
  for (const resource of TRIP_RESOURCES) registerResource(app, resource, app.services);
}
