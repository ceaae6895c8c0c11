import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError, badRequest } from '../../errors.js';
import { defineResource } from '../../rest/declaration.js';
import { reviews as reviewsManifest } from '../../../src/domain/resources/reviews.js';
import { nameOf } from '../../rest/names.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/** A driver's or passenger's rating: the mean of the reviews they received, 5 without any. */
export async function refreshRating(
  trx: Transaction<Database>,
  direction: string,
  driverId: number,
  passengerId: number,
): Promise<void> {
  if (direction === 'passenger_to_driver') {
    await sql`update drivers set rating = coalesce((select round(avg(rating), 2) from reviews where driver_id = ${driverId} and direction = 'passenger_to_driver'), 5) where id = ${driverId}`.execute(
      trx,
    );
  } else {
    await sql`update passengers set rating = coalesce((select round(avg(rating), 2) from reviews where passenger_id = ${passengerId} and direction = 'driver_to_passenger'), 5) where id = ${passengerId}`.execute(
      trx,
    );
  }
}

export const reviews = defineResource(reviewsManifest, {
  table: 'reviews',
  description:
    "Ratings after a completed trip, one per direction: passenger_to_driver (the passenger rates the driver) or driver_to_passenger. A driver's and a passenger's `rating` is the mean of the reviews they received. Staff may add a review given by phone and delete an abusive one.",
  computed: {
    driverName: { type: 'text', sql: nameOf('drivers', 'reviews.driver_id') },
    passengerName: { type: 'text', sql: nameOf('passengers', 'reviews.passenger_id') },
  },
  delete: true,
  async toColumns(input, { trx }) {
    const trip = await trx
      .selectFrom('trips')
      .select(['status', 'driverId', 'passengerId'])
      .where('id', '=', input.tripId)
      .executeTakeFirst();
    if (!trip) throw badRequest(refusal('highlighted'), { tripId: refusal('noSuch', { label: 'trip' }) });
    if (trip.status !== 'completed' || trip.driverId === null)
      throw badRequest(refusal('highlighted'), { tripId: 'Only a completed trip can be reviewed' });
    const dup = await trx
      .selectFrom('reviews')
      .select('id')
      .where('tripId', '=', input.tripId)
      .where('direction', '=', input.direction)
      .executeTakeFirst();
    if (dup) throw new ApiError(409, refusal('reviewExists'), { direction: refusal('reviewExists') });
    return { ...input, driverId: trip.driverId, passengerId: trip.passengerId };
  },
  async afterWrite({ trx, after, before }) {
    const row = (after ?? before)!;
    await refreshRating(trx, row.direction as string, row.driverId as number, row.passengerId as number);
  },
});
