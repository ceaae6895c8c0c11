import * as yup from 'yup';
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest, notFound } from '../errors.js';
import { idParams, parseId, validateBody } from '../rest/engine.js';
import { createSchema, newTripColumns, type NewTripInput } from '../trip/trips/resource.js';
import { applyChange } from '../trip/trips/lifecycle.js';
import { recordTripChange } from '../trip/trips/events.js';
import { loadPricing, quote } from '../trip/fares/pricing.js';
import { refreshRating } from '../trip/reviews/resource.js';
import { driverCardsOf } from '../trip/queries/driverCards.js';
import { recordIssueSteps } from '../trip/issues/events.js';
import { issueForLowRating } from '../../src/domain/lowRating.js';
import { latitude, longitude, text } from '../trip/fields.js';
import type { TripTable } from '../db/tripSchema.js';
import type { Insertable } from 'kysely';
import { CITY, insideCity } from '../../src/domain/city.js';
import { estimateRoute } from '../../src/domain/fare.js';
import { etaSeconds } from '../../src/domain/eta.js';
import { ACTIVE_TRIP_STATUSES } from '../../src/domain/trip.js';
import { appUserOf } from './principal.js';
import { tags } from './authRoutes.js';
import { tripView } from './driverTrips.js';
import { zoneFareFor, zonesVerdict } from '../trip/zones/rules.js';
import { inTripTransaction } from './tx.js';
import { refusal } from '../../src/domain/messageCodes.js';

const point = (label: string) =>
  yup
    .object({
      lat: latitude().required(refusal('required', { label: `${label} latitude` })),
      lng: longitude().required(refusal('required', { label: `${label} longitude` })),
    })
    .default(undefined)
    .required(refusal('required', { label }))
    .test(
      'inside',
      `The ${label.toLowerCase()} is outside the service area (${CITY.name})`,
      (p) => !p || insideCity(p.lat, p.lng),
    );
const quoteSchema = yup.object({ pickup: point('Pickup'), dropoff: point('Drop-off') });
const requestSchema = createSchema.omit(['passengerId', 'passenger']);
const cancelSchema = yup.object({ reason: text('Reason', 300, true).required('Give the reason for the cancellation') });
const rateSchema = yup.object({
  rating: yup
    .number()
    .typeError('rating must be a whole number from 1 to 5')
    .integer('rating must be a whole number from 1 to 5')
    .min(1, 'rating must be a whole number from 1 to 5')
    .max(5, 'rating must be a whole number from 1 to 5')
    .required(refusal('required', { label: 'rating' })),
  comment: text('Comment', 500, true).nullable(),
});

const pointDocs = { type: 'object', properties: { lat: { type: 'number' }, lng: { type: 'number' } } };

/** The passenger app: quotes, request, own trip, cancel, rate. */
export function passengerRoutes(app: FastifyInstance): void {
  const { db, live } = app.services;

  app.post(
    '/apps/passenger/quote',
    {
      config: {
        access: 'app:passenger',
        bodyDocs: {
          type: 'object',
          required: ['pickup', 'dropoff'],
          properties: { pickup: pointDocs, dropoff: pointDocs },
        },
      },
      schema: {
        tags,
        summary: 'Fares for every active vehicle type, with the nearest driver’s ETA',
        description:
          'One quote per active vehicle type: `{vehicleTypeId, name, fareTotal, distanceKm, durationMin, surgeMultiplier, fixedFare, nearestEtaSeconds}` (fixedFare: the zones of a fixed fare, e.g. "JKIA → CBD", else null; ETA null when no driver of the type is online nearby).',
      },
    },
    async (request) => {
      const { pickup, dropoff } = await validateBody(quoteSchema, request.body);
      const types = await db
        .selectFrom('vehicleTypes')
        .select(['id', 'name'])
        .where('active', '=', true)
        .orderBy('id')
        .execute();
      const now = new Date();
      const route = estimateRoute(pickup, dropoff);
      // A service zone's surge at the pickup (a refused pickup is refused when the trip is requested).
      const zones = await zonesVerdict(db, pickup, dropoff);
      const quotes = [];
      for (const type of types) {
        const pricing = await loadPricing(db, type.id);
        if (!pricing) continue;
        const zone = zoneFareFor(zones, type.id);
        const fare = quote(pricing, pickup, dropoff, now, null, undefined, zone);
        const [nearest] = await live.store.nearest(pickup.lat, pickup.lng, {
          limit: 1,
          maxKm: 10,
          accept: (e) => e.vehicleTypeId === type.id && live.store.stateOf(e) === 'available',
        });
        quotes.push({
          vehicleTypeId: type.id,
          name: type.name,
          fareTotal: fare.total,
          distanceKm: route.distanceKm,
          durationMin: route.durationMin,
          surgeMultiplier: fare.surgeMultiplier,
          fixedFare: zone.fixedFare?.name ?? null,
          nearestEtaSeconds: nearest ? etaSeconds(nearest.distanceKm) : null,
        });
      }
      return { data: quotes };
    },
  );

  app.post(
    '/apps/passenger/trips',
    {
      config: {
        access: 'app:passenger',
        bodyDocs: {
          type: 'object',
          required: [
            'vehicleTypeId',
            'pickupAddress',
            'pickupLat',
            'pickupLng',
            'dropoffAddress',
            'dropoffLat',
            'dropoffLng',
          ],
          properties: {
            vehicleTypeId: { type: 'integer' },
            pickupAddress: { type: 'string' },
            pickupLat: { type: 'number' },
            pickupLng: { type: 'number' },
            dropoffAddress: { type: 'string' },
            dropoffLat: { type: 'number' },
            dropoffLng: { type: 'number' },
            paymentMethod: { type: 'string', enum: ['cash', 'card', 'wallet'] },
            discountCode: { type: 'string' },
            scheduledAt: {
              type: 'string',
              format: 'date-time',
              description: 'Book for later: the pickup time, in the future and at most 7 days ahead',
            },
          },
        },
      },
      schema: {
        tags,
        summary: 'The passenger requests a trip',
        description:
          'Quoted now as a phone booking is; the offer cascade then looks for the nearest driver. A pickup outside the area, an inactive vehicle type or an unusable discount code is a field error and nothing is stored; a passenger with an active trip is refused (409). With scheduledAt the trip is booked for later (status scheduled, quoted at that time with its surge windows) and offered to drivers at the lead time before pickup; a time in the past or more than 7 days ahead, a fourth ride booked for later (SCHEDULED_PER_PASSENGER) or one within 30 minutes of another of the passenger’s is a field error under scheduledAt.',
      },
    },
    async (request, reply) => {
      const { id } = appUserOf(request);
      const input = await validateBody(requestSchema, request.body);
      const trip = await inTripTransaction(app.services, request.log, async (ctx) => {
        // The passenger's row is locked so that two requests at once cannot both pass the check.
        await ctx.trx.selectFrom('passengers').select('id').where('id', '=', id).forUpdate().execute();
        const active = await ctx.trx
          .selectFrom('trips')
          .select('id')
          .where('passengerId', '=', id)
          .where('status', 'in', ACTIVE_TRIP_STATUSES)
          .executeTakeFirst();
        if (active) throw new ApiError(409, `You already have trip ${active.id} under way`);
        const columns = await newTripColumns(
          ctx.trx,
          { ...input, passengerId: id } as NewTripInput,
          null,
          app.services.config,
        );
        const row = await ctx.trx
          .insertInto('trips')
          .values(columns as Insertable<TripTable>)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordTripChange(ctx, null, row, { actor: 'passenger', staffId: null });
        return row;
      });
      const message = trip.scheduledAt
        ? `Booked for ${trip.scheduledAt.toISOString()}: a driver is looked for before pickup`
        : 'Looking for a driver';
      return reply.status(201).send({ data: tripView(trip), message });
    },
  );

  const ownTrip = async (passengerId: number, tripId: number) => {
    const trip = await db.selectFrom('trips').selectAll().where('id', '=', tripId).executeTakeFirst();
    if (!trip || trip.passengerId !== passengerId) throw notFound(refusal('noTripOfYours'));
    return trip;
  };

  app.get(
    '/apps/passenger/trips/:id',
    {
      config: { access: 'app:passenger' },
      schema: { tags, params: idParams, summary: 'One of the passenger’s trips, with the driver' },
    },
    async (request) => {
      const { id } = appUserOf(request);
      const trip = await ownTrip(id, parseId((request.params as { id: string }).id));
      const driver =
        trip.driverId === null
          ? null
          : await db
              .selectFrom('drivers')
              .select(['id', 'firstName', 'vehicleMake', 'vehicleModel', 'vehicleColour', 'vehiclePlate', 'rating'])
              .where('id', '=', trip.driverId)
              .executeTakeFirst();
      const position = trip.driverId === null ? undefined : await live.store.get(trip.driverId);
      return {
        data: {
          ...tripView(trip),
          driver: driver
            ? {
                ...driver,
                position: position && !Number.isNaN(position.lat) ? { lat: position.lat, lng: position.lng } : null,
              }
            : null,
        },
      };
    },
  );

  app.post(
    '/apps/passenger/trips/:id/cancel',
    {
      config: {
        access: 'app:passenger',
        bodyDocs: { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } },
      },
      schema: {
        tags,
        params: idParams,
        summary: 'The passenger cancels',
        description:
          'Before the trip starts. A card or wallet passenger who cancels after the driver arrived pays the cancellation fee.',
      },
    },
    async (request) => {
      const { id } = appUserOf(request);
      const tripId = parseId((request.params as { id: string }).id);
      const { reason } = await validateBody(cancelSchema, request.body);
      const trip = await inTripTransaction(app.services, request.log, async (ctx) => {
        const trip = await ctx.trx
          .selectFrom('trips')
          .selectAll()
          .where('id', '=', tripId)
          .forUpdate()
          .executeTakeFirst();
        if (!trip || trip.passengerId !== id) throw notFound(refusal('noTripOfYours'));
        if (trip.status === 'in_progress') throw new ApiError(409, 'The trip is under way; ask the driver to stop');
        return applyChange(
          ctx,
          trip,
          { status: 'cancelled_by_passenger', cancellationReason: reason as string },
          {
            actor: 'passenger',
            staffId: null,
          },
        );
      });
      return {
        data: tripView(trip),
        message:
          trip.cancellationFee > 0 ? `Trip cancelled: a fee of ${trip.cancellationFee} applies` : 'Trip cancelled',
      };
    },
  );

  app.post(
    '/apps/passenger/trips/:id/rate',
    {
      config: {
        access: 'app:passenger',
        bodyDocs: {
          type: 'object',
          required: ['rating'],
          properties: { rating: { type: 'integer' }, comment: { type: 'string' } },
        },
      },
      schema: {
        tags,
        params: idParams,
        summary: 'The passenger rates the driver of a completed trip (once)',
        description:
          'A rating below 3 also opens an issue on the trip for the support desk (category from the comment, priority from the rating), in the same transaction.',
      },
    },
    async (request, reply) => {
      const { id } = appUserOf(request);
      const tripId = parseId((request.params as { id: string }).id);
      const input = await validateBody(rateSchema, request.body);
      const trip = await ownTrip(id, tripId);
      if (trip.status !== 'completed' || trip.driverId === null)
        throw badRequest('Only a completed trip can be rated', { rating: 'Only a completed trip can be rated' });
      const issueId = await db.transaction().execute(async (trx) => {
        const done = await trx
          .selectFrom('reviews')
          .select('id')
          .where('tripId', '=', tripId)
          .where('direction', '=', 'passenger_to_driver')
          .executeTakeFirst();
        if (done) throw new ApiError(409, 'You have already rated this trip');
        await trx
          .insertInto('reviews')
          .values({
            tripId,
            direction: 'passenger_to_driver',
            driverId: trip.driverId!,
            passengerId: id,
            rating: input.rating as number,
            comment: (input.comment as string | null | undefined) ?? null,
          })
          .execute();
        await refreshRating(trx, 'passenger_to_driver', trip.driverId!, id);
        // A rating below 3 opens an issue for the support desk, in the same transaction.
        const issue = issueForLowRating({
          rating: input.rating as number,
          comment: input.comment as string | null | undefined,
          rater: 'passenger',
        });
        if (!issue) return null;
        const opened = await trx
          .insertInto('issues')
          .values({ tripId, reporterKind: 'passenger', reporterId: id, ...issue })
          .returning(['id', 'status'])
          .executeTakeFirstOrThrow();
        await recordIssueSteps(trx, opened.id, null, [
          { kind: 'opened', toValue: opened.status, note: 'Opened by a low rating in the passenger app' },
        ]);
        return opened.id;
      });
      // The driver's new rating reaches the dispatchers' nearest-drivers list at once.
      driverCardsOf(app.services).forget(trip.driverId);
      return reply.status(201).send({
        data: null,
        message: issueId
          ? 'Thank you for your rating. We are sorry: our support team will look into this trip.'
          : 'Thank you for your rating',
      });
    },
  );
}
