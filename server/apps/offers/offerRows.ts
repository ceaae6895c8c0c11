/**
 * The offer cascade's reads and writes of trip_offers and of the trips' timeline (cascade.ts holds
 * the searches and decides when each runs).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { TripRow } from '../../trip/trips/lifecycle.js';
import type { OfferRow } from './offerMessage.js';
import { ACTIVE_TRIP_STATUSES } from '../../../src/domain/trip.js';

/** The offers of every trip still requested without a driver: the searches a previous run left. */
export function offersOfWaitingTrips(db: Db) {
  return db
    .selectFrom('tripOffers')
    .innerJoin('trips', 'trips.id', 'tripOffers.tripId')
    .select(['tripOffers.tripId', 'tripOffers.driverId', 'tripOffers.outcome', 'tripOffers.attempt'])
    .where('trips.status', '=', 'requested')
    .where('trips.driverId', 'is', null)
    .execute();
}

/** Trips requested without a driver or any offer since `since`. */
export function tripsWithoutOffers(db: Db, since: Date) {
  // A trip booked for later counts from its release, not from its booking days ago.
  return db
    .selectFrom('trips')
    .select('id')
    .where('status', '=', 'requested')
    .where('driverId', 'is', null)
    .where(sql<Date>`coalesce(trips.released_at, trips.requested_at)`, '>=', since)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('tripOffers').select('tripOffers.id').whereRef('tripOffers.tripId', '=', 'trips.id'))),
    )
    .execute();
}

/** Pending offers whose time is up. */
export function expiredOffers(db: Db, now: number) {
  return db
    .selectFrom('tripOffers')
    .select(['id', 'tripId', 'driverId'])
    .where('outcome', 'is', null)
    .where('expiresAt', '<=', new Date(now))
    .execute();
}

/** Which of these trips have an offer pending. */
export function tripsWithPendingOffer(db: Db, tripIds: number[]) {
  return db
    .selectFrom('tripOffers')
    .select('tripId')
    .where('outcome', 'is', null)
    .where('tripId', 'in', tripIds)
    .execute();
}

/** The offer's row and its timeline step ("Offer 2: 1.3 km away (search radius 3 km)"). */
/**
 * Locks the driver's row and says whether they hold no trip. A dispatcher assigning them by hand
 * locks the same row (assertDriverFits), so an offer and a hand assignment of one driver take turns:
 * the one that comes second sees the first, and no offer lands on a driver who has just been given
 * a trip (their live duty would read 'offered' over 'en_route').
 */
export async function lockFreeDriver(trx: Db, driverId: number): Promise<boolean> {
  await trx.selectFrom('drivers').select('id').where('id', '=', driverId).forUpdate().executeTakeFirst();
  const held = await trx
    .selectFrom('trips')
    .select('id')
    .where('driverId', '=', driverId)
    .where('status', 'in', ACTIVE_TRIP_STATUSES)
    .executeTakeFirst();
  return !held;
}

export async function recordOffer(
  trx: Db,
  trip: TripRow,
  driverId: number,
  attempt: number,
  radiusKm: number,
  distanceKm: number,
  expiresAt: Date,
  now: number,
): Promise<OfferRow> {
  const offer = await trx
    .insertInto('tripOffers')
    .values({
      tripId: trip.id,
      driverId,
      attempt,
      radiusKm,
      distanceKm,
      expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('tripEvents')
    .values({
      tripId: trip.id,
      at: new Date(now),
      kind: 'offered',
      status: 'requested',
      actor: 'system',
      staffId: null,
      driverId,
      note: `Offer ${attempt}: ${distanceKm.toFixed(1)} km away (search radius ${radiusKm} km)`,
    })
    .execute();
  return offer;
}

/** Closes a pending offer with its timeline step; undefined when it was no longer pending. */
export async function closePendingOffer(
  trx: Db,
  offerId: number,
  outcome: 'timeout' | 'cancelled',
  now: number,
): Promise<OfferRow | undefined> {
  const offer = await trx
    .updateTable('tripOffers')
    .set({ outcome, answeredAt: new Date(now) })
    .where('id', '=', offerId)
    .where('outcome', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!offer) return undefined;
  await recordSystemDecline(trx, offer, now, outcome === 'timeout' ? NO_ANSWER : 'The driver went offline');
  return offer;
}

/** An answer after the offer's time: recorded as a timeout, with its timeline step. */
export async function recordLateAnswer(trx: Db, offer: OfferRow, now: number): Promise<void> {
  await trx
    .updateTable('tripOffers')
    .set({ outcome: 'timeout', answeredAt: new Date(now) })
    .where('id', '=', offer.id)
    .execute();
  await recordSystemDecline(trx, offer, now, NO_ANSWER);
}

const NO_ANSWER = 'No answer within 15 s';

/** An offer closed without the driver's yes, as a system step of the still requested trip's timeline. */
async function recordSystemDecline(trx: Db, offer: OfferRow, now: number, note: string): Promise<void> {
  await trx
    .insertInto('tripEvents')
    .values({
      tripId: offer.tripId,
      at: new Date(now),
      kind: 'declined',
      status: 'requested',
      actor: 'system',
      staffId: null,
      driverId: offer.driverId,
      note,
    })
    .execute();
}

/** The driver's decline, as a step of the trip's timeline. */
export async function recordDecline(trx: Db, trip: TripRow, driverId: number, now: number): Promise<void> {
  await trx
    .insertInto('tripEvents')
    .values({
      tripId: trip.id,
      at: new Date(now),
      kind: 'declined',
      status: trip.status,
      actor: 'driver',
      staffId: null,
      driverId,
      note: null,
    })
    .execute();
}
