import type { FastifyInstance } from 'fastify';
import { registerResource } from '../rest/resourceRoutes.js';
import { declarationsOf } from '../resources.js';
import { auditLogRoutes } from './audit-logs/routes.js';
import { authRoutes } from './auth/routes.js';
import { driverRoutes } from './drivers/routes.js';
import { scheduleExpiryCheck } from './drivers/expiryCheck.js';
import { fileRoutes } from './files/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { profileRoutes } from './profile/routes.js';

/** The user service, mounted at /api/user. */
export async function userService(app: FastifyInstance): Promise<void> {
  authRoutes(app);
  profileRoutes(app);
  driverRoutes(app);
  fileRoutes(app);
  notificationRoutes(app);
  auditLogRoutes(app);
  for (const resource of declarationsOf('user')) {
    const engine = registerResource(app, resource, app.services);
    if (resource.name === 'drivers') scheduleExpiryCheck(app, engine);
  }
}
