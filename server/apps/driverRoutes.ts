import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { ACTIVE_TRIP_STATUSES } from '../../src/domain/trip.js';
import { appUserOf } from './principal.js';
import { tags } from './authRoutes.js';

/** POST apps/driver/online and apps/driver/offline: the driver's shift. */
export function driverShiftRoutes(app: FastifyInstance): void {
  const { db, live } = app.services;

  app.post(
    '/apps/driver/online',
    {
      config: { access: 'app:driver' },
      schema: {
        tags,
        summary: 'The driver goes online',
        description:
          'From now on the driver may send positions on the `/drivers` Socket.IO namespace (1 Hz) and receives offers there once a position has arrived. Answers the live state (available, offered, en_route or on_trip when a trip or offer is pending). A driver without a vehicle, or whose vehicle type is inactive, is refused (409).',
      },
    },
    async (request) => {
      const { id } = appUserOf(request);
      const driver = await db
        .selectFrom('drivers')
        .leftJoin('vehicleTypes', 'vehicleTypes.id', 'drivers.vehicleTypeId')
        .select(['drivers.vehicleTypeId', 'vehicleTypes.active'])
        .where('drivers.id', '=', id)
        .executeTakeFirstOrThrow();
      if (driver.vehicleTypeId === null) throw new ApiError(409, 'Your account has no vehicle yet; contact support');
      if (!driver.active) throw new ApiError(409, 'Your vehicle type is not in service at the moment');
      const entry = await live.online(id, driver.vehicleTypeId);
      return {
        data: { online: true, state: entry.duty, tripId: entry.tripId },
        message: 'You are online',
      };
    },
  );

  app.post(
    '/apps/driver/offline',
    {
      config: { access: 'app:driver' },
      schema: {
        tags,
        summary: 'The driver goes offline',
        description:
          'Refused (409) during a trip: finish it first. A pending offer is withdrawn and goes to the next driver.',
      },
    },
    async (request) => {
      const { id } = appUserOf(request);
      const trip = await db
        .selectFrom('trips')
        .select('id')
        .where('driverId', '=', id)
        .where('status', 'in', ACTIVE_TRIP_STATUSES)
        .executeTakeFirst();
      if (trip) throw new ApiError(409, `You are on trip ${trip.id}; finish it before going offline`);
      await live.offline(id);
      return { data: { online: false }, message: 'You are offline' };
    },
  );
}
