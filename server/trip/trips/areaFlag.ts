import type { AppServices } from '../../services.js';
import { P } from '../../../src/domain/permissionNames.js';
import { recordTripChange, type TripChangeContext } from './events.js';
import { refusal } from '../../../src/domain/messageCodes.js';

type Effect = () => Promise<void> | void;

/** The statuses during which a driver is on the trip (on the way to the pickup, waiting, riding). */
const ON_TRIP = ['accepted', 'arrived', 'in_progress'] as const;

/**
 * Flags a trip whose driver is outside every service area (`outside`), or clears the flag once back
 * inside, in one transaction: the trip's `left_area_at`, a timeline step, a `tripUpdated` for the
 * board and, when flagged, one notification to the dispatchers. The update is guarded by the flag's
 * previous state, so several positions (or processes) raise it once. Answers whether it changed.
 */
export async function setTripOutsideArea(
  services: AppServices,
  tripId: number,
  driverId: number,
  outside: boolean,
  now = new Date(),
): Promise<boolean> {
  const effects: Effect[] = [];
  const changed = await services.db.transaction().execute(async (trx) => {
    const ctx: TripChangeContext = { trx, services, afterCommit: (effect) => void effects.push(effect) };
    const trip = await trx
      .updateTable('trips')
      .set({ leftAreaAt: outside ? now : null })
      .where('id', '=', tripId)
      .where('driverId', '=', driverId)
      .where('status', 'in', ON_TRIP)
      .where('leftAreaAt', outside ? 'is' : 'is not', null)
      .returning(['id', 'status', 'driverId', 'passengerId', 'vehicleTypeId'])
      .executeTakeFirst();
    if (!trip) return false;
    await trx
      .insertInto('tripEvents')
      .values({
        tripId,
        at: now,
        kind: outside ? 'left_area' : 'back_in_area',
        status: trip.status,
        actor: 'system',
        staffId: null,
        driverId,
      })
      .execute();
    // The board hears of it (no new status: the same tripUpdated with the flag).
    await recordTripChange(ctx, trip, trip, { actor: 'system', staffId: null }, now, {
      leftAreaAt: outside ? now.toISOString() : null,
    });
    if (outside)
      effects.push(
        await services.notifier.record(trx, {
          type: 'LEFT_SERVICE_AREA',
          title: refusal('leftServiceArea', { trip: tripId }),
          permission: P.viewDispatcherPage,
          subjectType: 'trip',
          subjectId: tripId,
        }),
      );
    return true;
  });
  for (const effect of effects) await effect();
  return changed;
}

/** The driver's trip flagged outside the area, if any (a process that has not seen the driver yet asks once). */
export async function flaggedTripOf(services: AppServices, driverId: number): Promise<number | undefined> {
  const row = await services.db
    .selectFrom('trips')
    .select('id')
    .where('driverId', '=', driverId)
    .where('status', 'in', ON_TRIP)
    .where('leftAreaAt', 'is not', null)
    .executeTakeFirst();
  return row?.id;
}
