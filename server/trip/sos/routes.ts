import * as yup from 'yup';
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest } from '../../errors.js';
import { validateBody } from '../../rest/engine.js';
import { perIpLimit } from '../../user/auth/limits.js';
import { REPORTER_KINDS } from '../../../src/domain/enums.js';
import { ACTIVE_TRIP_STATUSES, SOS_WINDOW_AFTER_TRIP_MS } from '../../../src/domain/trip.js';
import { id, latitude, longitude } from '../fields.js';
import { bearerToken } from '../../auth/guard.js';
import { appPrincipalFromToken } from '../../apps/principal.js';

const reportSchema = yup.object({
  tripId: id('trip').required('tripId is required'),
  caller: yup
    .string()
    .oneOf([...REPORTER_KINDS], 'caller must be passenger or driver')
    .required('caller is required'),
  lat: latitude().required('lat is required'),
  lng: longitude().required('lng is required'),
});

/** Per IP and minute: generous for a real emergency, tight for a flood. */
export const SOS_REPORTS_PER_MINUTE = 10;

export function sosRoutes(app: FastifyInstance): void {
  const { db, notifier, config, tokens } = app.services;
  app.post(
    '/sos/report',
    {
      config: {
        access: 'public',
        rateLimit: perIpLimit(SOS_REPORTS_PER_MINUTE, config.rateLimits.windowMs),
        bodyDocs: {
          type: 'object',
          required: ['tripId', 'caller', 'lat', 'lng'],
          properties: {
            tripId: { type: 'integer' },
            caller: { type: 'string', enum: [...REPORTER_KINDS] },
            lat: { type: 'number' },
            lng: { type: 'number' },
          },
        },
      },
      schema: {
        tags: ['sos-call-logs'],
        summary: 'SOS alarm from the passenger or driver app',
        description: `Records an SOS call log and notifies every staff member with view-SosContacts (\`sos\` notification, pushed over Socket.IO). The apps have no tokens of their own yet, so this route is public. It is held by a per-IP limit (${SOS_REPORTS_PER_MINUTE} a minute) and accepted only for a trip that is under way (accepted, arrived, in progress) or that ended less than an hour ago, and only for a caller the trip has (a driver SOS needs a trip with a driver). The answer lists the public emergency contacts.`,
      },
    },
    async (request, reply) => {
      // With a driver or passenger app token (issue 16), the caller must be that trip's driver or passenger.
      const token = bearerToken(request.headers.authorization);
      const reporter = token ? await appPrincipalFromToken(db, tokens, token, 'app:any') : null;
      const input = await validateBody(reportSchema, request.body);
      const trip = await db
        .selectFrom('trips')
        .select(['id', 'status', 'passengerId', 'driverId', 'completedAt', 'cancelledAt'])
        .where('id', '=', input.tripId)
        .executeTakeFirst();
      if (!trip) throw badRequest('Please correct the highlighted fields', { tripId: 'No trip with this id' });
      const ended = trip.completedAt ?? trip.cancelledAt;
      const underWay = (ACTIVE_TRIP_STATUSES as readonly string[]).includes(trip.status) && trip.status !== 'requested';
      const recent = ended !== null && Date.now() - ended.getTime() <= SOS_WINDOW_AFTER_TRIP_MS;
      if (!underWay && !recent) throw new ApiError(403, 'SOS is available during a trip and for an hour after it ends');
      const callerId = input.caller === 'driver' ? trip.driverId : trip.passengerId;
      if (callerId === null)
        throw badRequest('Please correct the highlighted fields', { caller: 'This trip has no driver' });
      if (reporter && (reporter.kind !== input.caller || reporter.id !== callerId))
        throw new ApiError(403, 'This trip is not yours');

      const { log, send } = await db.transaction().execute(async (trx) => {
        const log = await trx
          .insertInto('sosCallLogs')
          .values({
            tripId: trip.id,
            callerKind: input.caller,
            callerId,
            lat: input.lat,
            lng: input.lng,
            status: 'new',
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const table = input.caller === 'driver' ? 'drivers' : 'passengers';
        const person = await trx
          .selectFrom(table)
          .select(['firstName', 'lastName'])
          .where('id', '=', callerId)
          .executeTakeFirst();
        const who = person ? `${person.firstName} ${person.lastName}` : `${input.caller} ${callerId}`;
        const send = await notifier.record(trx, {
          type: 'sos',
          title: `SOS from ${input.caller} ${who} on trip #${trip.id}`,
          permission: 'view-SosContacts',
          subjectType: 'sos-call-log',
          subjectId: log.id,
        });
        return { log, send };
      });
      try {
        await send();
      } catch (err) {
        request.log.error({ err }, 'SOS notification delivery failed');
      }
      const contacts = await db
        .selectFrom('sosContacts')
        .select(['name', 'phone', 'description'])
        .where('active', '=', true)
        .orderBy('name')
        .execute();
      return reply.status(201).send({
        data: { id: log.id, status: log.status, calledAt: log.calledAt, contacts },
        message: 'Your alarm has reached our safety team. If you are in danger, call one of the emergency numbers now.',
      });
    },
  );
}
