import * as yup from 'yup';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../errors.js';
import { idParams, parseId, validateBody } from '../rest/engine.js';
import { applyChange, type TripChange, type TripRow } from '../trip/trips/lifecycle.js';
import { text } from '../trip/fields.js';
import { ACTIVE_TRIP_STATUSES } from '../../src/domain/trip.js';
import { refusal } from '../../src/domain/messageCodes.js';
import { offerMessage } from './offers/offerMessage.js';
import { appUserOf } from './principal.js';
import { tags } from './authRoutes.js';
import { inTripTransaction } from './tx.js';

/** What a driver or passenger sees of a trip. */
export const tripView = (trip: TripRow) => ({
  id: trip.id,
  status: trip.status,
  passengerId: trip.passengerId,
  driverId: trip.driverId,
  vehicleTypeId: trip.vehicleTypeId,
  pickup: { lat: trip.pickupLat, lng: trip.pickupLng, address: trip.pickupAddress },
  dropoff: { lat: trip.dropoffLat, lng: trip.dropoffLng, address: trip.dropoffAddress },
  distanceKm: trip.distanceKm,
  fareTotal: trip.fareTotal,
  cancellationFee: trip.cancellationFee,
  paymentMethod: trip.paymentMethod,
  requestedAt: trip.requestedAt.toISOString(),
  scheduledAt: trip.scheduledAt?.toISOString() ?? null,
  acceptedAt: trip.acceptedAt?.toISOString() ?? null,
  arrivedAt: trip.arrivedAt?.toISOString() ?? null,
  startedAt: trip.startedAt?.toISOString() ?? null,
  completedAt: trip.completedAt?.toISOString() ?? null,
  cancelledAt: trip.cancelledAt?.toISOString() ?? null,
});

const STEPS = {
  arrived: {
    status: 'arrived',
    summary: 'The driver has arrived at the pickup',
    message: 'Arrived: the passenger is told',
  },
  started: { status: 'in_progress', summary: 'The passenger is on board: the trip starts', message: 'Trip started' },
  completed: {
    status: 'completed',
    summary: 'The trip is over: the fare is metered (distance and real duration at the quoted surge)',
    message: 'Trip completed',
  },
} as const;

const cancelSchema = yup.object({
  reason: text('Reason', 300, true).required('Give the reason for the cancellation'),
});

/** The driver's offers and trip steps. */
export function driverTripRoutes(app: FastifyInstance): void {
  const { db, offers } = app.services;

  app.get(
    '/apps/driver/offer',
    {
      config: { access: 'app:driver' },
      schema: { tags, summary: "The driver's pending offer, if any (after a reconnect)" },
    },
    async (request) => {
      const { id } = appUserOf(request);
      const offer = await db
        .selectFrom('tripOffers')
        .selectAll()
        .where('driverId', '=', id)
        .where('outcome', 'is', null)
        .executeTakeFirst();
      if (!offer) return { data: null };
      const trip = await db.selectFrom('trips').selectAll().where('id', '=', offer.tripId).executeTakeFirstOrThrow();
      return { data: offerMessage(offer, trip) };
    },
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/apps/driver/offers/:id/${answer}`,
      {
        config: { access: 'app:driver' },
        schema: {
          tags,
          params: idParams,
          summary: answer === 'accept' ? 'Accepts an offer: the trip is the driver’s' : 'Declines an offer',
          description:
            answer === 'accept'
              ? 'Within 15 s of the offer. An expired offer, one withdrawn (the trip was assigned or cancelled) or one made to another driver is 409 with a message.'
              : 'The trip goes to the next nearest driver.',
        },
      },
      async (request) => {
        const { id } = appUserOf(request);
        const offerId = parseId((request.params as { id: string }).id);
        const trip = await offers.answer(id, offerId, answer);
        return {
          data: tripView(trip),
          message: answer === 'accept' ? `Trip ${trip.id} is yours: drive to the pickup` : 'Offer declined',
        };
      },
    );
  }

  app.get(
    '/apps/driver/trip',
    { config: { access: 'app:driver' }, schema: { tags, summary: "The driver's active trip, if any" } },
    async (request) => {
      const { id } = appUserOf(request);
      const trip = await db
        .selectFrom('trips')
        .selectAll()
        .where('driverId', '=', id)
        .where('status', 'in', ACTIVE_TRIP_STATUSES)
        .executeTakeFirst();
      return { data: trip ? tripView(trip) : null };
    },
  );

  /** Locks the driver's own trip; another driver's is a 404. */
  const ownTrip = async (
    trx: Parameters<Parameters<typeof inTripTransaction>[2]>[0]['trx'],
    driverId: number,
    tripId: number,
  ) => {
    const trip = await trx.selectFrom('trips').selectAll().where('id', '=', tripId).forUpdate().executeTakeFirst();
    if (!trip || trip.driverId !== driverId) throw notFound(refusal('noTripOfYours'));
    return trip;
  };

  for (const [step, { status, summary, message }] of Object.entries(STEPS)) {
    app.post(
      `/apps/driver/trips/:id/${step}`,
      { config: { access: 'app:driver' }, schema: { tags, params: idParams, summary } },
      async (request) => {
        const { id } = appUserOf(request);
        const tripId = parseId((request.params as { id: string }).id);
        const trip = await inTripTransaction(app.services, request.log, async (ctx) =>
          applyChange(ctx, await ownTrip(ctx.trx, id, tripId), { status } as TripChange, {
            actor: 'driver',
            staffId: null,
          }),
        );
        return { data: tripView(trip), message };
      },
    );
  }

  app.post(
    '/apps/driver/trips/:id/cancel',
    {
      config: {
        access: 'app:driver',
        bodyDocs: { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } },
      },
      schema: { tags, params: idParams, summary: 'The driver cancels the trip (before it starts)' },
    },
    async (request) => {
      const { id } = appUserOf(request);
      const tripId = parseId((request.params as { id: string }).id);
      const { reason } = await validateBody(cancelSchema, request.body);
      const trip = await inTripTransaction(app.services, request.log, async (ctx) => {
        const trip = await ownTrip(ctx.trx, id, tripId);
        if (trip.status === 'in_progress') throw new ApiError(409, 'A trip under way cannot be cancelled; complete it');
        return applyChange(
          ctx,
          trip,
          { status: 'cancelled_by_driver', cancellationReason: reason as string },
          { actor: 'driver', staffId: null },
        );
      });
      return { data: tripView(trip), message: 'Trip cancelled' };
    },
  );
}
