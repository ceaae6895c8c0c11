import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppServices } from '../../services.js';
import type { TripStatus } from '../../../src/domain/enums.js';
import { tripStepOf, type TripActor } from '../../../src/domain/tripTimeline.js';

import { TRIP_UPDATED, type TripUpdatedEvent } from '../../../src/domain/tripEvents.js';

/** The event and its payload live in src/domain/tripEvents.ts, shared with the panel. */
export { TRIP_UPDATED, type TripUpdatedEvent };

/** The fields of a trip row a change is described by. */
export interface TripFacts {
  id: number;
  status: string;
  driverId: number | null;
  passengerId: number;
  vehicleTypeId: number;
  cancellationReason?: string | null;
}

export interface TripChangeContext {
  trx: Transaction<Database>;
  services: AppServices;
  afterCommit(effect: () => Promise<void> | void): void;
}

/**
 * Records a trip's change in the caller's transaction: its timeline step (trip_events, when the
 * change is a step) and, once committed, the `tripUpdated` event to every staff member entitled to
 * view trips. Every path that writes a trip calls it (the engine's create and update, the actions).
 */
export async function recordTripChange(
  ctx: TripChangeContext,
  before: TripFacts | null,
  after: TripFacts,
  by: { actor: TripActor; staffId: number | null; note?: string | null },
  now = new Date(),
  /** More of the event, e.g. the service-area flag. */
  extra: Partial<TripUpdatedEvent> = {},
): Promise<void> {
  const kind = tripStepOf(
    before && { status: before.status as TripStatus, driverId: before.driverId },
    { status: after.status as TripStatus, driverId: after.driverId },
    by.actor,
  );
  if (kind) {
    await ctx.trx
      .insertInto('tripEvents')
      .values({
        tripId: after.id,
        at: now,
        kind,
        status: after.status,
        actor: by.actor,
        staffId: by.staffId,
        driverId: after.driverId,
        // A cancellation's reason; a start's, when staff start a ride booked for later early.
        note: kind === 'cancelled' ? (after.cancellationReason ?? null) : kind === 'started' ? (by.note ?? null) : null,
      })
      .execute();
  }
  const event: TripUpdatedEvent = {
    id: after.id,
    status: after.status as TripStatus,
    previousStatus: before ? (before.status as TripStatus) : null,
    driverId: after.driverId,
    passengerId: after.passengerId,
    vehicleTypeId: after.vehicleTypeId,
    at: now.toISOString(),
    ...extra,
  };
  ctx.afterCommit(() => void ctx.services.events.emit(TRIP_UPDATED, event));
  ctx.afterCommit(() => ctx.services.notifier.emitTo('view-Trip', TRIP_UPDATED, event));
}
