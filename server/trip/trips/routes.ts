import type { FastifyInstance } from 'fastify';
import { errorSchema, idParams, parseId } from '../../rest/engine.js';
import { nameOf } from '../../rest/names.js';
import { notFound } from '../../errors.js';
import { ACTIVE_TRIP_STATUSES } from '../../../src/domain/trip.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/** GET /api/trip/trips/:id/events: the recorded steps of a trip's timeline, oldest first. */
export function tripRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  app.get(
    '/trips/:id/events',
    {
      config: { access: 'view-Trip' },
      schema: {
        tags: ['trips'],
        summary: "A trip's timeline events",
        description:
          'What happened to the trip and who did it, oldest first: kind (requested, assigned, accepted, reassigned, arrived, started, completed, cancelled, no_driver_found; offered and declined for dispatch offers; issue_opened for an issue opened about the trip, with issueId and its category as the note), the status after it (for an issue, the trip status then), actor (staff, passenger, driver, system), the staff member and the driver concerned with their names, and a note (the cancellation reason). Trips written before events were recorded have none; their timestamps remain on the trip.',
        params: idParams,
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const id = parseId((request.params as { id: string }).id);
      const trip = await db.selectFrom('trips').select('id').where('id', '=', id).executeTakeFirst();
      if (!trip) throw notFound(refusal('noSuch', { label: 'record' }));
      const rows = await db
        .selectFrom('tripEvents')
        .select(['id', 'at', 'kind', 'status', 'actor', 'staffId', 'driverId', 'note', 'issueId'])
        .select([
          nameOf('staffs', 'trip_events.staff_id').as('staffName'),
          nameOf('drivers', 'trip_events.driver_id').as('driverName'),
        ])
        .where('tripId', '=', id)
        .orderBy('at')
        .orderBy('id')
        .execute();
      return { data: rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })) };
    },
  );
  app.get(
    '/trips/:id/driver-position',
    {
      config: { access: 'view-Trip' },
      schema: {
        tags: ['trips'],
        summary: "An active trip's driver, last known position",
        description: `The position the driver's app last reported that was written to the driver's record (at most every 30 s), for staff who may view the trip but not the dispatcher's live feed (GET dispatcher/drivers and the driverPositions socket batches, which need view-DispatcherPage). data is null when the trip is not under way (${ACTIVE_TRIP_STATUSES.join(', ')}), has no driver, or the driver has never reported a position.`,
        params: idParams,
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const id = parseId((request.params as { id: string }).id);
      const row = await db
        .selectFrom('trips')
        .leftJoin('drivers', 'drivers.id', 'trips.driverId')
        .select(['trips.status', 'trips.driverId', 'drivers.lastLat', 'drivers.lastLng', 'drivers.lastSeenAt'])
        .where('trips.id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound(refusal('noSuch', { label: 'record' }));
      const active = (ACTIVE_TRIP_STATUSES as readonly string[]).includes(row.status);
      if (!active || row.driverId === null || row.lastLat === null || row.lastLng === null) return { data: null };
      return {
        data: {
          driverId: row.driverId,
          lat: row.lastLat,
          lng: row.lastLng,
          at: row.lastSeenAt === null ? null : new Date(row.lastSeenAt).toISOString(),
        },
      };
    },
  );
}
