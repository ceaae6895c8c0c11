import type { FastifyInstance } from 'fastify';
import { registerResource } from '../rest/engine.js';
import { auditLogs } from './audit-logs/resource.js';
import { authRoutes } from './auth/routes.js';
import { driverRoutes } from './drivers/routes.js';
import { drivers } from './drivers/resource.js';
import { scheduleExpiryCheck } from './drivers/expiryCheck.js';
import { fileRoutes } from './files/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { passengers } from './passengers/resource.js';
import { profileRoutes } from './profile/routes.js';
import { permissions } from './permissions/resource.js';
import { roles } from './roles/resource.js';
import { staffs } from './staffs/resource.js';

export const USER_RESOURCES = [staffs, roles, permissions, drivers, passengers, auditLogs];

/** The user service, mounted at /api/user. */
export async function userService(app: FastifyInstance): Promise<void> {
  authRoutes(app);
  profileRoutes(app);
  driverRoutes(app);
  fileRoutes(app);
  notificationRoutes(app);
  for (const resource of USER_RESOURCES) {
    const engine = registerResource(app, resource, app.services);
    if (resource === drivers) scheduleExpiryCheck(app, engine);
  }
}
