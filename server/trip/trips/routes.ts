import type { FastifyInstance } from 'fastify';
import { errorSchema, idParams, parseId } from '../../rest/engine.js';
import { nameOf } from '../../rest/names.js';
import { notFound } from '../../errors.js';

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
      if (!trip) throw notFound('No record with this id');
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
}
