import * as yup from 'yup';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest } from '../../errors.js';
import { validateBody } from '../../rest/engine.js';
import { perIpLimit } from '../../user/auth/limits.js';
import { REPORTER_KINDS } from '../../../src/domain/enums.js';
import { ACTIVE_TRIP_STATUSES, SOS_WINDOW_AFTER_TRIP_MS } from '../../../src/domain/trip.js';
import { id, latitude, longitude } from '../fields.js';
import { SOS_MERGE_WINDOW_MS } from '../../../src/domain/sos.js';
import { announceSosChange, recordSosEvent, SOS_VIEW_PERMISSION } from './alarms.js';
import { SIMULATED_SOS_CLOSE_MINUTES } from './simulated.js';
import { bearerToken } from '../../auth/guard.js';
import { appPrincipalFromToken } from '../../apps/principal.js';
import { startSosEscalation } from './escalation.js';
import { refusal } from '../../../src/domain/messageCodes.js';

const reportSchema = yup.object({
  tripId: id('trip').required(refusal('required', { label: 'tripId' })),
  caller: yup
    .string()
    .oneOf([...REPORTER_KINDS], 'caller must be passenger or driver')
    .required(refusal('required', { label: 'caller' })),
  lat: latitude().required(refusal('required', { label: 'lat' })),
  lng: longitude().required(refusal('required', { label: 'lng' })),
  /** The app's own caller id, when it sends one: it must be the trip's passenger or driver. */
  callerId: id('caller'),
  /** Raised by the demo's simulator (honoured only where the development outbox is on). */
  simulated: yup.boolean().typeError('simulated must be true or false'),
});

/** The first key of the advisory lock that serialises reports per trip ('SOS' in ASCII). */
const SOS_LOCK_SPACE = 0x534f53;

/** Per IP and minute: generous for a real emergency, tight for a flood. */
export const SOS_REPORTS_PER_MINUTE = 10;

export function sosRoutes(app: FastifyInstance): void {
  const { db, notifier, config, tokens } = app.services;
  startSosEscalation(app);
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
            callerId: { type: 'integer' },
            simulated: { type: 'boolean' },
          },
        },
      },
      schema: {
        tags: ['sos-call-logs'],
        summary: 'SOS alarm from the passenger or driver app',
        description: `Records an SOS call log and notifies every staff member with view-SosContacts (\`sos\` notification, pushed over Socket.IO). It needs the trip's passenger or driver app token (the apps' sign-in): the caller must be that party of the trip (403 otherwise), and without a token it is a 401, unless the SOS_PUBLIC_REPORTS setting (off by default) lets older app builds report without one: such an alarm is stored with \`verified: false\` and the banner marks it unverified. It is held by a per-IP limit (${SOS_REPORTS_PER_MINUTE} a minute) and accepted only for a trip that is under way (accepted, arrived, in progress) or that ended less than an hour ago, and only for a caller the trip has (a driver SOS needs a trip with a driver). A \`callerId\` that is not the trip's passenger (or driver) is refused. A report from the same caller on the same trip within ${SOS_MERGE_WINDOW_MS / 1000} s of the open alarm's last one merges into it (200, \`merged: true\`, its position updated, \`reportCount\` + 1, no new notification); otherwise 201. Every report sends \`sosUpdated\` to staff with view-SosContacts. The answer lists the public emergency contacts. \`simulated: true\` marks an alarm of the demo's simulator (shown as simulated, closed after ${SIMULATED_SOS_CLOSE_MINUTES} minutes unless staff act); it is honoured only where the development outbox is on (never in production), elsewhere the alarm is raised as a real one.`,
      },
    },
    async (request, reply) => {
      // With a driver or passenger app token (issue 16), the caller must be that trip's driver or passenger.
      const token = bearerToken(request.headers.authorization);
      if (!token && !config.sosPublicReports)
        throw new ApiError(
          401,
          'Sign in to the app to send an SOS: this needs the app token of the trip’s passenger or driver',
        );
      const reporter = token ? await appPrincipalFromToken(db, tokens, token, 'app:any') : null;
      const input = await validateBody(reportSchema, request.body);
      const trip = await db
        .selectFrom('trips')
        .select(['id', 'status', 'passengerId', 'driverId', 'completedAt', 'cancelledAt'])
        .where('id', '=', input.tripId)
        .executeTakeFirst();
      if (!trip) throw badRequest(refusal('highlighted'), { tripId: refusal('noSuch', { label: 'trip' }) });
      const ended = trip.completedAt ?? trip.cancelledAt;
      const underWay = (ACTIVE_TRIP_STATUSES as readonly string[]).includes(trip.status) && trip.status !== 'requested';
      const recent = ended !== null && Date.now() - ended.getTime() <= SOS_WINDOW_AFTER_TRIP_MS;
      if (!underWay && !recent) throw new ApiError(403, 'SOS is available during a trip and for an hour after it ends');
      const callerId = input.caller === 'driver' ? trip.driverId : trip.passengerId;
      if (callerId === null) throw badRequest(refusal('highlighted'), { caller: 'This trip has no driver' });
      if (reporter && (reporter.kind !== input.caller || reporter.id !== callerId))
        throw new ApiError(403, 'This trip is not yours');
      if (input.callerId !== undefined && input.callerId !== callerId)
        throw badRequest(refusal('highlighted'), {
          callerId: `This caller is not the ${input.caller} of trip ${trip.id}`,
        });
      const effects: (() => Promise<void> | void)[] = [];
      const afterCommit = (effect: () => Promise<void> | void) => void effects.push(effect);

      const { log, merged } = await db.transaction().execute(async (trx) => {
        const ctx = { trx, services: app.services, afterCommit };
        const now = new Date();
        // One report at a time per trip, so two presses at once cannot both open an alarm.
        await sql`select pg_advisory_xact_lock(${SOS_LOCK_SPACE}, ${trip.id})`.execute(trx);
        const open = await trx
          .selectFrom('sosCallLogs')
          .select(['id'])
          .where('tripId', '=', trip.id)
          .where('callerKind', '=', input.caller)
          .where('status', 'in', ['new', 'acknowledged'])
          .where('lastReportedAt', '>=', new Date(now.getTime() - SOS_MERGE_WINDOW_MS))
          .orderBy('id', 'desc')
          .forUpdate()
          .executeTakeFirst();
        if (open) {
          const log = await trx
            .updateTable('sosCallLogs')
            .set((eb) => ({
              lat: input.lat,
              lng: input.lng,
              lastReportedAt: now,
              reportCount: eb('reportCount', '+', 1),
              // A signed-in report confirms an alarm an unsigned one raised.
              ...(reporter ? { verified: true } : {}),
              updatedAt: now,
            }))
            .where('id', '=', open.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordSosEvent(trx, log.id, 'reported_again', { at: now });
          await announceSosChange(ctx, log.id, 'reported_again', now);
          return { log, merged: true };
        }
        const log = await trx
          .insertInto('sosCallLogs')
          .values({
            tripId: trip.id,
            callerKind: input.caller,
            callerId,
            lat: input.lat,
            lng: input.lng,
            status: 'new',
            calledAt: now,
            lastReportedAt: now,
            verified: reporter !== null,
            // Only where the simulator can run at all: a real app's alarm is never taken for a drill.
            simulated: input.simulated === true && app.services.messenger.outbox !== undefined,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordSosEvent(trx, log.id, 'raised', { at: now });
        const table = input.caller === 'driver' ? 'drivers' : 'passengers';
        const person = await trx
          .selectFrom(table)
          .select(['firstName', 'lastName'])
          .where('id', '=', callerId)
          .executeTakeFirst();
        const who = person ? `${person.firstName} ${person.lastName}` : `${input.caller} ${callerId}`;
        const send = await notifier.record(trx, {
          type: 'sos',
          title: refusal('sosFrom', { caller: input.caller, who, trip: trip.id }),
          permission: SOS_VIEW_PERMISSION,
          subjectType: 'sos-call-log',
          subjectId: log.id,
        });
        afterCommit(send);
        await announceSosChange(ctx, log.id, 'raised', now);
        return { log, merged: false };
      });
      for (const effect of effects) {
        try {
          await effect();
        } catch (err) {
          request.log.error({ err }, 'SOS notification delivery failed');
        }
      }
      const contacts = await db
        .selectFrom('sosContacts')
        .select(['name', 'phone', 'description'])
        .where('active', '=', true)
        .orderBy('name')
        .execute();
      return reply.status(merged ? 200 : 201).send({
        data: {
          id: log.id,
          status: log.status,
          calledAt: log.calledAt,
          reportCount: log.reportCount,
          merged,
          contacts,
        },
        message: 'Your alarm has reached our safety team. If you are in danger, call one of the emergency numbers now.',
      });
    },
  );
}
