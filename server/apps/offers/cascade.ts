import type { FastifyBaseLogger } from 'fastify';
import { ApiError, notFound } from '../../errors.js';
import type { AppServices } from '../../services.js';
import { applyChange, type TripRow } from '../../trip/trips/lifecycle.js';
import { TRIP_UPDATED, type TripChangeContext, type TripUpdatedEvent } from '../../trip/trips/events.js';
import {
  OFFER_EMPTY_STEP_WAIT_MS,
  OFFER_TIMEOUT_MS,
  cascadeExhausted,
  offerRadiusKm,
  type OfferOutcome,
} from '../../../src/domain/offers.js';
import { inTripTransaction } from '../tx.js';
import { CLOSED_MESSAGES, offerMessage } from './offerMessage.js';
import {
  closePendingOffer,
  expiredOffers,
  lockFreeDriver,
  offersOfWaitingTrips,
  recordDecline,
  recordLateAnswer,
  recordOffer,
  tripsWithoutOffers,
  tripsWithPendingOffer,
} from './offerRows.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/** How often the cascade looks for requested trips that no search holds (see `adopt`). */
const ADOPT_EVERY_MS = 10_000;

interface Search {
  /** Steps taken: offers made and radii searched in vain. */
  step: number;
  /** When to take the next step (Infinity while an offer waits for its answer). */
  nextAt: number;
  /** Drivers already offered this trip. */
  tried: Set<number>;
}

/**
 * The offer cascade: a trip requested without a driver is offered to the nearest available driver of
 * its type within a radius that widens step by step (src/domain/offers.ts); a decline, a timeout
 * (15 s) or the driver going offline moves it to the next; after the last step the trip is
 * no_driver_found. Every offer is a trip_offers row and a timeline step. Runs only while driver apps
 * are connected (the live store is not empty): without them trips wait, and once a driver is online
 * the recent ones are offered (`adopt`); older ones are left to a manual assignment.
 */
export class OfferCascade {
  private readonly searches = new Map<number, Search>();
  private readonly busy = new Set<number>();
  private timer?: NodeJS.Timeout;
  private nextAdoptAt = 0;
  /** Sends an event to one driver's app (the /drivers namespace). */
  sendToDriver: (driverId: number, event: string, payload: unknown) => void = () => undefined;

  constructor(
    private readonly services: AppServices,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), 1000).unref();
  }

  /**
   * Picks up the cascades a previous run (or another process) left: every trip still requested
   * without a driver that has offers is searched again, its offered drivers not asked twice and its
   * steps going on from its last offer's (which counts the radii searched in vain before it). A
   * pending offer keeps its 15 s; one that expired meanwhile times out at the first tick and the next
   * driver is asked. A trip with no offer yet is `adopt`'s. Answers how many trips were resumed.
   */
  async resume(now = Date.now()): Promise<number> {
    const rows = await offersOfWaitingTrips(this.services.db);
    const found = new Map<number, Search>();
    for (const r of rows) {
      const search = found.get(r.tripId) ?? { step: 0, nextAt: now, tried: new Set<number>() };
      search.step = Math.max(search.step, r.attempt);
      search.tried.add(r.driverId);
      if (r.outcome === null) search.nextAt = Number.POSITIVE_INFINITY;
      found.set(r.tripId, search);
    }
    for (const [tripId, search] of found) if (!this.searches.has(tripId)) this.searches.set(tripId, search);
    if (found.size) {
      this.log.info({ trips: found.size }, 'offers: resumed the searches of requested trips');
      await this.tick(now);
    }
    return found.size;
  }

  /**
   * Starts searching for the trips requested while no driver app was connected (a phone booking at
   * 5 a.m. before the first driver signs on): requested, without a driver or any offer, within the
   * last `offersAdoptMinutes`. Older ones are left to a dispatcher: that passenger has likely given up.
   * While no driver is connected a look costs only the store's size, so it runs at every tick and the
   * first driver's arrival is noticed within a second; once drivers are connected, every 10 s.
   */
  private async adopt(now: number): Promise<void> {
    const minutes = this.services.config.offersAdoptMinutes;
    if (!minutes || now < this.nextAdoptAt || (await this.services.live.store.size()) === 0) return;
    this.nextAdoptAt = now + ADOPT_EVERY_MS;
    const rows = await tripsWithoutOffers(this.services.db, new Date(now - minutes * 60_000));
    const taken = rows.filter(({ id }) => !this.searches.has(id));
    for (const { id } of taken) this.searches.set(id, { step: 0, nextAt: now, tried: new Set() });
    if (taken.length)
      this.log.info({ trips: taken.length }, 'offers: searching for trips requested while no driver was connected');
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Trips being searched for (tests, benchmarks). */
  get searching(): number {
    return this.searches.size;
  }

  /** A trip became requested without a driver: start offering it. */
  async begin(tripId: number, now = Date.now()): Promise<void> {
    if (this.searches.has(tripId)) return;
    if ((await this.services.live.store.size()) === 0 || this.searches.has(tripId)) return;
    this.searches.set(tripId, { step: 0, nextAt: now, tried: new Set() });
    await this.advance(tripId, now);
  }

  /** Follows every trip change: a new requested trip starts a search; an assigned or ended one stops it. */
  async onTripUpdated(event: TripUpdatedEvent): Promise<void> {
    if (event.status === 'requested' && event.driverId === null) {
      // A new request, or a trip booked for later released at its lead time (trips/scheduled.ts).
      if (event.previousStatus === null || event.previousStatus === 'scheduled') await this.begin(event.id);
      return;
    }
    this.searches.delete(event.id);
    await this.withdraw(event.id, 'cancelled');
  }

  /** One second's work: expired offers time out, searches whose wait is over take their next step. */
  async tick(now = Date.now()): Promise<void> {
    await this.adopt(now).catch((err: unknown) => this.log.error({ err }, 'offers: adopting waiting trips failed'));
    if (this.searches.size === 0) return;
    try {
      const expired = await expiredOffers(this.services.db, now);
      for (const offer of expired) {
        await this.close(offer.id, 'timeout', now);
        await this.advance(offer.tripId, now);
      }
      // A search waiting for an answer whose offer was closed elsewhere (another process took the
      // driver's answer) goes on.
      const waiting = [...this.searches].filter(([, s]) => s.nextAt === Number.POSITIVE_INFINITY).map(([id]) => id);
      if (waiting.length) {
        const pending = await tripsWithPendingOffer(this.services.db, waiting);
        const held = new Set(pending.map((p) => p.tripId));
        for (const id of waiting) if (!held.has(id)) this.searches.get(id)!.nextAt = now;
      }
      for (const [tripId, search] of this.searches) if (search.nextAt <= now) await this.advance(tripId, now);
    } catch (err) {
      this.log.error({ err }, 'offers: tick failed');
    }
  }

  /** Takes the trip's next step unless an offer is pending. */
  async advance(tripId: number, now = Date.now()): Promise<void> {
    const search = this.searches.get(tripId);
    if (!search || this.busy.has(tripId)) return;
    this.busy.add(tripId);
    let offered: number | undefined;
    try {
      await inTripTransaction(this.services, this.log, async (ctx) => {
        const trip = await ctx.trx
          .selectFrom('trips')
          .selectAll()
          .where('id', '=', tripId)
          .forUpdate()
          .executeTakeFirst();
        if (!trip || trip.status !== 'requested' || trip.driverId !== null) {
          this.searches.delete(tripId);
          return;
        }
        const pending = await ctx.trx
          .selectFrom('tripOffers')
          .select('id')
          .where('tripId', '=', tripId)
          .where('outcome', 'is', null)
          .executeTakeFirst();
        if (pending) return;
        // The trip's offers so far, whichever process made them: nobody is asked twice.
        const made = await ctx.trx
          .selectFrom('tripOffers')
          .select(['driverId', 'attempt'])
          .where('tripId', '=', tripId)
          .execute();
        for (const o of made) {
          search.tried.add(o.driverId);
          search.step = Math.max(search.step, o.attempt);
        }
        if (cascadeExhausted(search.step)) {
          this.searches.delete(tripId);
          await applyChange(ctx, trip, { status: 'no_driver_found' }, { actor: 'system', staffId: null });
          return;
        }
        search.step++;
        const radiusKm = offerRadiusKm(search.step);
        const { store } = this.services.live;
        const [found] = await store.nearest(trip.pickupLat, trip.pickupLng, {
          limit: 1,
          maxKm: radiusKm,
          now,
          accept: (e) =>
            e.vehicleTypeId === trip.vehicleTypeId && store.stateOf(e, now) === 'available' && !search.tried.has(e.id),
        });
        if (!found) {
          search.nextAt = now + OFFER_EMPTY_STEP_WAIT_MS;
          return;
        }
        if (!(await lockFreeDriver(ctx.trx, found.entry.id))) {
          // Given a trip meanwhile: ask the next nearest at once (this step is not used up).
          search.tried.add(found.entry.id);
          search.step--;
          search.nextAt = now;
          return;
        }
        offered = found.entry.id;
        await this.offer(ctx, trip, found.entry.id, search, radiusKm, found.distanceKm, now);
      });
    } catch (err) {
      this.log.error({ err, tripId }, 'offers: step failed');
      // The offer was not recorded: its driver is free again.
      if (offered !== undefined) await this.freeIfOffered(offered, tripId).catch(() => undefined);
    } finally {
      this.busy.delete(tripId);
    }
  }

  private async offer(
    ctx: TripChangeContext,
    trip: TripRow,
    driverId: number,
    search: Search,
    radiusKm: number,
    distanceKm: number,
    now: number,
  ): Promise<void> {
    const offer = await recordOffer(
      ctx.trx,
      trip,
      driverId,
      search.step,
      radiusKm,
      distanceKm,
      new Date(now + OFFER_TIMEOUT_MS),
      now,
    );
    search.tried.add(driverId);
    search.nextAt = Number.POSITIVE_INFINITY;
    // The driver shows as offered before the offer commits: a change of the trip right after the
    // commit (a dispatcher assigning it by hand) then always finds and frees them. Set after the
    // commit, it could land after that change was handled and leave the driver 'offered' for good.
    await this.services.live.store.setDuty(driverId, 'offered', trip.id);
    ctx.afterCommit(async () => {
      this.sendToDriver(driverId, 'offer', offerMessage(offer, trip));
      return this.announce(trip, driverId, now);
    });
  }

  /** tripUpdated for a requested trip whose offer changed, with the driver holding it. */
  private announce(trip: TripRow, offeredDriverId: number | null, now: number): Promise<void> {
    const event: TripUpdatedEvent = {
      id: trip.id,
      status: 'requested',
      previousStatus: 'requested',
      driverId: null,
      passengerId: trip.passengerId,
      vehicleTypeId: trip.vehicleTypeId,
      at: new Date(now).toISOString(),
      offeredDriverId,
    };
    // Before the panel hears of it: a trip read right after shows this offer (its `offeredDriverId`).
    this.services.readCaches.evict('trips', [trip.id]);
    return this.services.notifier.emitTo('view-Trip', TRIP_UPDATED, event);
  }

  /**
   * Closes a pending offer (timeout, a driver gone offline): its timeline step and the driver free
   * again. Answers false when it was no longer pending.
   */
  private async close(offerId: number, outcome: 'timeout' | 'cancelled', now: number): Promise<boolean> {
    const closed = await inTripTransaction(this.services, this.log, (ctx) =>
      closePendingOffer(ctx.trx, offerId, outcome, now),
    );
    if (!closed) return false;
    await this.services.live.store.setDuty(closed.driverId, 'available', null);
    this.sendToDriver(closed.driverId, 'offerWithdrawn', {
      offerId: closed.id,
      tripId: closed.tripId,
      reason: outcome,
    });
    const search = this.searches.get(closed.tripId);
    if (search) search.nextAt = now;
    return true;
  }

  /** The trip was assigned, cancelled or ended: its pending offer is cancelled, the driver told. */
  private async withdraw(tripId: number, outcome: 'cancelled'): Promise<void> {
    const offers = await this.services.db
      .updateTable('tripOffers')
      .set({ outcome, answeredAt: new Date() })
      .where('tripId', '=', tripId)
      .where('outcome', 'is', null)
      .returning(['id', 'driverId'])
      .execute();
    for (const o of offers) {
      await this.freeIfOffered(o.driverId, tripId);
      this.sendToDriver(o.driverId, 'offerWithdrawn', { offerId: o.id, tripId, reason: outcome });
    }
  }

  /** The driver is free again if still shown as offered this trip. */
  private async freeIfOffered(driverId: number, tripId: number): Promise<void> {
    const entry = await this.services.live.store.get(driverId);
    if (entry?.duty === 'offered' && entry.tripId === tripId)
      await this.services.live.store.setDuty(driverId, 'available', null);
  }

  /** A driver went offline: a pending offer of theirs goes to the next driver. */
  async driverOffline(driverId: number, now = Date.now()): Promise<void> {
    const pending = await this.services.db
      .selectFrom('tripOffers')
      .select(['id', 'tripId'])
      .where('driverId', '=', driverId)
      .where('outcome', 'is', null)
      .execute();
    for (const offer of pending)
      if (await this.close(offer.id, 'cancelled', now)) await this.advance(offer.tripId, now);
  }

  /** The driver's answer. Accepting makes the trip accepted by them; declining moves it to the next driver. */
  async answer(driverId: number, offerId: number, answer: 'accept' | 'decline', now = Date.now()): Promise<TripRow> {
    const result = await inTripTransaction(this.services, this.log, async (ctx) => {
      const offer = await ctx.trx
        .selectFrom('tripOffers')
        .selectAll()
        .where('id', '=', offerId)
        .forUpdate()
        .executeTakeFirst();
      if (!offer) throw notFound(refusal('noSuch', { label: 'offer' }));
      if (offer.driverId !== driverId) throw new ApiError(409, 'This offer was made to another driver');
      if (offer.outcome) return { refusal: CLOSED_MESSAGES[offer.outcome as OfferOutcome] };
      if (offer.expiresAt.getTime() <= now) {
        // Recorded as a timeout (committed), then refused.
        await recordLateAnswer(ctx.trx, offer, now);
        ctx.afterCommit(async () => {
          await this.services.live.store.setDuty(driverId, 'available', null);
          const search = this.searches.get(offer.tripId);
          if (search) search.nextAt = now;
        });
        return { refusal: CLOSED_MESSAGES.timeout, tripId: offer.tripId };
      }
      const trip = await ctx.trx
        .selectFrom('trips')
        .selectAll()
        .where('id', '=', offer.tripId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const outcome: OfferOutcome = answer === 'accept' ? 'accepted' : 'declined';
      await ctx.trx
        .updateTable('tripOffers')
        .set({ outcome, answeredAt: new Date(now) })
        .where('id', '=', offer.id)
        .execute();
      if (answer === 'decline') {
        await recordDecline(ctx.trx, trip, driverId, now);
        ctx.afterCommit(async () => {
          await this.services.live.store.setDuty(driverId, 'available', null);
          const search = this.searches.get(trip.id);
          if (search) search.nextAt = now;
          return this.announce(trip, null, now);
        });
        return { trip, tripId: trip.id };
      }
      if (trip.status !== 'requested' || trip.driverId !== null)
        throw new ApiError(409, 'This trip is no longer waiting for a driver');
      const updated = await applyChange(
        ctx,
        trip,
        { status: 'accepted', driverId },
        { actor: 'driver', staffId: null },
      );
      ctx.afterCommit(() => void this.searches.delete(trip.id));
      return { trip: updated, tripId: trip.id };
    });
    if ('refusal' in result && result.refusal) {
      if (result.tripId) await this.advance(result.tripId, now);
      throw new ApiError(409, result.refusal);
    }
    if (answer === 'decline') await this.advance(result.tripId!, now);
    return result.trip!;
  }
}
