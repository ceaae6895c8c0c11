import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.js';
import { P } from '../../../src/domain/permissionNames.js';
import {
  cityClock,
  releaseHorizon,
  UNASSIGNED_ALERT_MINUTES,
  unassignedHorizon,
} from '../../../src/domain/scheduling.js';
import { recordTripChange, type TripChangeContext } from './events.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/** At most this many trips are released or reported per look (the next look takes the rest). */
const BATCH = 50;

type Effect = () => Promise<void> | void;

async function inTransaction<T>(services: AppServices, fn: (ctx: TripChangeContext) => Promise<T>): Promise<T> {
  const effects: Effect[] = [];
  const result = await services.db
    .transaction()
    .execute((trx) => fn({ trx, services, afterCommit: (effect) => void effects.push(effect) }));
  for (const effect of effects) await effect();
  return result;
}

/**
 * Releases the scheduled trips whose lead time has come (pickup within `scheduledLeadMinutes`): each
 * becomes requested with `releasedAt` stamped, and its `tripUpdated` starts the offer cascade in this
 * process. The rows are locked and skipped when locked, and the update asks for `status = 'scheduled'`
 * again, so when several processes share the database each trip is released by exactly one of them.
 * Answers the ids released.
 */
export async function releaseScheduledTrips(services: AppServices, now = new Date()): Promise<number[]> {
  return inTransaction(services, async (ctx) => {
    const due = await ctx.trx
      .selectFrom('trips')
      .selectAll()
      .where('status', '=', 'scheduled')
      .where('scheduledAt', '<=', releaseHorizon(now, services.config.scheduledLeadMinutes))
      .orderBy('scheduledAt')
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    const released: number[] = [];
    for (const trip of due) {
      const updated = await ctx.trx
        .updateTable('trips')
        .set({ status: 'requested', releasedAt: now, updatedAt: now })
        .where('id', '=', trip.id)
        .where('status', '=', 'scheduled')
        .returningAll()
        .executeTakeFirst();
      if (!updated) continue;
      await recordTripChange(ctx, trip, updated, { actor: 'system', staffId: null }, now);
      released.push(trip.id);
    }
    return released;
  });
}

/**
 * Tells the dispatchers (view-DispatcherPage) once about every trip booked for later that still has
 * no driver `UNASSIGNED_ALERT_MINUTES` before its pickup: a notification (the bell, the toast) that
 * leads to the trip. Locked rows are skipped, so two processes never report a trip twice. Answers
 * the ids reported.
 */
export async function reportUnassignedScheduledTrips(services: AppServices, now = new Date()): Promise<number[]> {
  return inTransaction(services, async (ctx) => {
    const late = await ctx.trx
      .selectFrom('trips')
      .select(['id', 'scheduledAt', 'pickupAddress'])
      .where('scheduledAt', 'is not', null)
      .where('scheduledAt', '<=', unassignedHorizon(now))
      .where('driverId', 'is', null)
      .where('unassignedAlertedAt', 'is', null)
      .where('status', 'in', ['scheduled', 'requested'])
      .orderBy('scheduledAt')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const trip of late) {
      await ctx.trx.updateTable('trips').set({ unassignedAlertedAt: now }).where('id', '=', trip.id).execute();
      const place = trip.pickupAddress.split(',')[0];
      ctx.afterCommit(
        await services.notifier.record(ctx.trx, {
          type: 'SCHEDULED_UNASSIGNED',
          title: refusal('scheduledUnassigned', {
            trip: trip.id,
            time: cityClock(trip.scheduledAt!),
            place,
            minutes: UNASSIGNED_ALERT_MINUTES,
          }),
          permission: P.viewDispatcherPage,
          subjectType: 'trip',
          subjectId: trip.id,
        }),
      );
    }
    return late.map((t) => t.id);
  });
}

/**
 * Every `scheduledTickSeconds` while the server runs: release the trips whose lead time has come,
 * then report those still without a driver. Not in tests, which call both with their own clock.
 */
export function startScheduledTrips(app: FastifyInstance): void {
  const { services } = app;
  const seconds = services.config.scheduledTickSeconds;
  if (seconds <= 0 || services.config.env === 'test') return;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const look = async () => {
    await releaseScheduledTrips(services);
    await reportUnassignedScheduledTrips(services);
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = look()
      .catch((err: unknown) => app.log.error({ err }, 'scheduled trips: look failed'))
      .finally(() => {
        running = undefined;
      });
  }, seconds * 1000);
  timer.unref();
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}
