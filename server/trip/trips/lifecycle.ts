import type { Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TripTable } from '../../db/tripSchema.js';
import { ApiError, badRequest } from '../../errors.js';
import { commissionOn, computeFare, type DiscountRule } from '../../../src/domain/fare.js';
import { ACTIVE_TRIP_STATUSES, TRIP_TRANSITIONS } from '../../../src/domain/trip.js';
import type { TripStatus } from '../../../src/domain/enums.js';
import { fareColumns, loadPricing } from '../fares/pricing.js';
import { postTransaction, settlementAmount } from '../transactions/ledger.js';
import type { TripActor } from '../../../src/domain/tripTimeline.js';
import { recordTripChange, type TripChangeContext } from './events.js';
import { refusal } from '../../../src/domain/messageCodes.js';
import { settlementNote } from '../../../src/domain/ledgerNotes.js';
import { cityClock, earliestStart, startsTooEarly } from '../../../src/domain/scheduling.js';

export type TripRow = Selectable<TripTable>;

export interface TripChange {
  status?: TripStatus;
  /** Staff starting a ride booked for later before its pickup less the grace: why (on the timeline). */
  earlyStartReason?: string | null;
  driverId?: number | null;
  cancellationReason?: string | null;
  paymentMethod?: string;
}

const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

export async function discountRule(
  trx: Transaction<Database>,
  discountId: number | null,
): Promise<DiscountRule | null> {
  if (discountId === null) return null;
  const d = await trx
    .selectFrom('discounts')
    .select(['kind', 'value', 'maxDiscount', 'minFare'])
    .where('id', '=', discountId)
    .executeTakeFirst();
  return d
    ? { kind: d.kind as DiscountRule['kind'], value: d.value, maxDiscount: d.maxDiscount, minFare: d.minFare }
    : null;
}

/**
 * Checks that a driver may take this trip: approved, of its vehicle type, and free. The driver's row
 * stays locked until commit, so a concurrent assign of the same driver waits and then sees this
 * trip; the unique index trips_one_active_per_driver_key backs this up.
 */
async function assertDriverFits(trx: Transaction<Database>, trip: TripRow, driverId: number): Promise<void> {
  const driver = await trx
    .selectFrom('drivers')
    .select(['id', 'approvalStatus', 'vehicleTypeId'])
    .where('id', '=', driverId)
    .forUpdate()
    .executeTakeFirst();
  if (!driver) throw fieldError('driverId', refusal('noSuch', { label: 'driver' }));
  if (driver.approvalStatus !== 'approved') throw fieldError('driverId', refusal('driverNotApproved'));
  if (driver.vehicleTypeId !== trip.vehicleTypeId) throw fieldError('driverId', refusal('driverOtherType'));
  const busy = await trx
    .selectFrom('trips')
    .select('id')
    .where('driverId', '=', driverId)
    .where('status', 'in', ACTIVE_TRIP_STATUSES)
    .where('id', '<>', trip.id)
    .executeTakeFirst();
  if (busy) {
    const message = refusal('driverBusy', { trip: busy.id });
    throw new ApiError(409, message, { driverId: message });
  }
}

/** What a start is checked against: the server's grace before a booked pickup (SCHEDULED_START_GRACE_MINUTES). */
export interface StartRules {
  startGraceMinutes: number;
}

export const startRulesOf = (config: { scheduledStartGraceMinutes: number }): StartRules => ({
  startGraceMinutes: config.scheduledStartGraceMinutes,
});

/**
 * A ride booked for later starts no earlier than its pickup less the grace: before then a start is
 * refused (409, naming the booked time), unless staff give the reason they start it early.
 */
function assertMayStart(trip: TripRow, change: TripChange, rules: StartRules, now: Date): void {
  if (!startsTooEarly(trip.scheduledAt, now, rules.startGraceMinutes) || change.earlyStartReason) return;
  const from = earliestStart(trip.scheduledAt, rules.startGraceMinutes)!;
  const message = refusal('startBeforePickup', { time: cityClock(trip.scheduledAt!), from: cityClock(from) });
  throw new ApiError(409, message, { status: message });
}

/**
 * The columns a staff change to a trip writes: status moves only along
 * TRIP_TRANSITIONS, each stamping its time; completion meters the fare from
 * the trip's distance and its real duration at the quoted surge.
 */
export async function changeColumns(
  trx: Transaction<Database>,
  trip: TripRow,
  change: TripChange,
  rules: StartRules,
  now = new Date(),
): Promise<Partial<Record<keyof TripTable, unknown>>> {
  const columns: Partial<Record<keyof TripTable, unknown>> = {};
  const from = trip.status as TripStatus;
  const to = change.status ?? from;
  const finished = TRIP_TRANSITIONS[from].length === 0;

  if (change.paymentMethod !== undefined && change.paymentMethod !== trip.paymentMethod) {
    if (finished) throw fieldError('paymentMethod', refusal('paymentMethodFinished'));
    columns.paymentMethod = change.paymentMethod;
  }
  if (change.cancellationReason !== undefined) columns.cancellationReason = change.cancellationReason;

  let driverId = trip.driverId;
  if (change.driverId !== undefined && change.driverId !== trip.driverId) {
    const assigning = from === 'accepted' || (from === 'requested' && to === 'accepted');
    if (!assigning || change.driverId === null) throw fieldError('driverId', refusal('assignWhileOpen'));
    await assertDriverFits(trx, trip, change.driverId);
    driverId = change.driverId;
    columns.driverId = driverId;
  }

  if (to === from) return columns;
  if (!TRIP_TRANSITIONS[from].includes(to)) {
    throw fieldError(
      'status',
      finished
        ? refusal('tripFinished', { status: from.replace(/_/g, ' ') })
        : refusal('tripCanBecome', { status: from.replace(/_/g, ' '), next: TRIP_TRANSITIONS[from].join(', ') }),
    );
  }
  columns.status = to;
  const reason = change.cancellationReason ?? trip.cancellationReason;
  switch (to) {
    case 'accepted':
      if (driverId === null)
        throw fieldError('driverId', refusal('chooseThe', { label: 'driver who accepts the trip' }));
      if (change.driverId === undefined) await assertDriverFits(trx, trip, driverId);
      columns.acceptedAt = now;
      break;
    case 'arrived':
      columns.arrivedAt = now;
      break;
    case 'in_progress':
      assertMayStart(trip, change, rules, now);
      columns.startedAt = now;
      break;
    case 'completed': {
      const pricing = await loadPricing(trx, trip.vehicleTypeId);
      if (!pricing) throw new ApiError(409, refusal('tripVehicleTypeGone'));
      const startedAt = trip.startedAt ?? now;
      const durationMin = Math.max(1, Math.ceil((now.getTime() - startedAt.getTime()) / 60_000));
      const fare = computeFare({
        rates: pricing.vehicleType,
        commissionPercent: pricing.rules.commissionPercent,
        distanceKm: trip.distanceKm,
        durationMin,
        surgeMultiplier: trip.surgeMultiplier,
        discount: await discountRule(trx, trip.discountId),
      });
      Object.assign(columns, fareColumns(fare), { completedAt: now, commission: fare.commission });
      break;
    }
    case 'cancelled_by_passenger':
    case 'cancelled_by_driver':
      if (!reason) throw fieldError('cancellationReason', refusal('giveCancellationReason'));
      columns.cancelledAt = now;
      if (
        to === 'cancelled_by_passenger' &&
        from === 'arrived' &&
        (change.paymentMethod ?? trip.paymentMethod) !== 'cash'
      ) {
        const pricing = await loadPricing(trx, trip.vehicleTypeId);
        const fee = pricing?.vehicleType.cancellationFee ?? 0;
        columns.cancellationFee = fee;
        columns.commission = commissionOn(fee, pricing?.rules.commissionPercent ?? 0);
      }
      break;
    case 'no_driver_found':
      columns.cancelledAt = now;
      break;
  }
  return columns;
}

/**
 * Applies a change to a locked trip in the caller's transaction: the columns changeColumns allows,
 * the settlement, the timeline step and (after commit) the `tripUpdated` event. The trip actions use
 * it; the generic update runs the same steps.
 */
export async function applyChange(
  ctx: TripChangeContext,
  trip: TripRow,
  change: TripChange,
  by: { actor: TripActor; staffId: number | null },
): Promise<TripRow> {
  const { trx } = ctx;
  const staffId = by.staffId;
  const columns = await changeColumns(trx, trip, change, startRulesOf(ctx.services.config));
  const updated = await trx
    .updateTable('trips')
    .set({ ...(columns as Updateable<TripTable>), updatedAt: new Date() })
    .where('id', '=', trip.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await settleChange(trx, trip, updated, staffId);
  await recordTripChange(ctx, trip, updated, by);
  return updated;
}

/** After a change is written: the driver's settlement and the discount's use count. */
export async function settleChange(
  trx: Transaction<Database>,
  before: TripRow,
  after: TripRow,
  staffId: number | null,
): Promise<void> {
  if (before.status === after.status || !after.driverId) return;
  if (after.status === 'completed') {
    const amount = settlementAmount(after.paymentMethod, after.fareTotal, after.commission);
    if (amount !== 0) {
      await postTransaction(trx, {
        driverId: after.driverId,
        kind: 'commission',
        amount,
        tripId: after.id,
        staffId,
        ...settlementNote(after, after.fareTotal),
      });
    }
    if (after.discountId !== null) {
      await trx
        .updateTable('discounts')
        .set((eb) => ({ timesUsed: eb('timesUsed', '+', 1) }))
        .where('id', '=', after.discountId)
        .execute();
    }
  } else if (after.status === 'cancelled_by_passenger' && after.cancellationFee > 0) {
    const amount = settlementAmount(after.paymentMethod, after.cancellationFee, after.commission);
    if (amount !== 0) {
      await postTransaction(trx, {
        driverId: after.driverId,
        kind: 'commission',
        amount,
        tripId: after.id,
        staffId,
        ...settlementNote(after, after.cancellationFee, true),
      });
    }
  }
}
