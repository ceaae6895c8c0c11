import type { TripChangeContext } from './events.js';
import { recordTripChange } from './events.js';
import { DRIVER_HELD_TRIP_STATUSES, suspensionEffect } from '../../../src/domain/trip.js';

/** The in-process event that takes a driver off the live side (server/apps/live/sockets.ts). */
export const DRIVER_BARRED = 'driverBarred';
export interface DriverBarredEvent {
  driverId: number;
}

/**
 * A driver may no longer drive (suspended, a document rejected or expired): in the caller's
 * transaction, a trip the driver holds goes back to the dispatcher with a timeline note: accepted
 * or arrived, it is requested again without a driver (the dispatcher assigns it; it is not offered
 * by itself); in progress, the passenger is aboard, so it stays and the note asks the dispatcher to
 * follow it up. After commit the live side lets the driver go on every process: sockets closed,
 * out of the live store, pending offers withdrawn. Answers the trip returned, if any.
 */
export async function releaseDriver(ctx: TripChangeContext, driverId: number, why: string): Promise<number | null> {
  const { trx } = ctx;
  const now = new Date();
  const trip = await trx
    .selectFrom('trips')
    .selectAll()
    .where('driverId', '=', driverId)
    .where('status', 'in', [...DRIVER_HELD_TRIP_STATUSES])
    .forUpdate()
    .executeTakeFirst();
  ctx.afterCommit(() => void ctx.services.events.emit(DRIVER_BARRED, { driverId } satisfies DriverBarredEvent));
  if (!trip) return null;
  const aboard = suspensionEffect(trip.status as (typeof DRIVER_HELD_TRIP_STATUSES)[number]) === 'aboard';
  const after = aboard
    ? trip
    : await trx
        .updateTable('trips')
        .set({ status: 'requested', driverId: null, acceptedAt: null, arrivedAt: null, updatedAt: now })
        .where('id', '=', trip.id)
        .returningAll()
        .executeTakeFirstOrThrow();
  await trx
    .insertInto('tripEvents')
    .values({
      tripId: trip.id,
      at: now,
      kind: 'declined',
      status: after.status,
      actor: 'system',
      staffId: null,
      driverId,
      note: aboard
        ? `${why} during the ride: the dispatcher follows this trip up`
        : `${why}: the trip is back with the dispatcher to assign another driver`,
    })
    .execute();
  if (!aboard) await recordTripChange(ctx, trip, after, { actor: 'system', staffId: null }, now);
  return trip.id;
}
