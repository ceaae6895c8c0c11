import * as yup from 'yup';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../errors.js';
import { validateBody } from '../../rest/engine.js';
import { CITY, insideCity } from '../../../src/domain/city.js';
import { bidRange } from '../../../src/domain/fare.js';
import { id, instant, latitude, longitude } from '../fields.js';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DiscountRule, LatLng } from '../../../src/domain/fare.js';
import { loadPricing, quote, type VehicleTypePricing } from './pricing.js';
import { discountRuleOf, usableDiscount } from '../discounts/usable.js';
import { zoneFareFor, zonesVerdict, type ZonesPricing } from '../zones/rules.js';
import { refusal } from '../../../src/domain/messageCodes.js';

type Reader = Kysely<Database>;

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

const tripPoints = {
  pickup: point('Pickup'),
  dropoff: point('Drop-off'),
  at: instant('Time').nullable(),
  discountCode: yup.string().trim().max(30).nullable(),
  passengerId: id('passenger'),
};

const estimateSchema = yup.object({
  vehicleTypeId: id('vehicle type').required(refusal('chooseA', { label: 'vehicle type' })),
  ...tripPoints,
});

/** Every active vehicle type's estimate in one request (the dispatcher's booking list). */
const estimatesSchema = yup.object(tripPoints);

const fieldError = (errors: Record<string, string>) => badRequest(refusal('highlighted'), errors);

interface TripPointsInput {
  pickup: LatLng;
  dropoff: LatLng;
  at?: Date | null;
  discountCode?: string | null;
  passengerId?: number;
}

/**
 * The discount a quote made now applies, checked as a booking made now checks it, so a quoted code
 * is never refused at booking: an unknown, expired or used-up code is the field's error.
 */
async function quotedDiscount(db: Reader, input: TripPointsInput, now: Date): Promise<DiscountRule | null> {
  if (!input.discountCode) return null;
  const found = await usableDiscount(db, input.discountCode, now, input.passengerId);
  if ('problem' in found) throw fieldError({ discountCode: found.problem });
  return discountRuleOf(found.discount);
}

/**
 * What the service zones say of the trip: a pickup or drop-off a booking would refuse is the same
 * field error here; otherwise the pickup's zones and the surge they add.
 */
async function zonesOf(db: Reader, input: TripPointsInput) {
  const verdict = await zonesVerdict(db, input.pickup, input.dropoff);
  const problems = Object.entries(verdict.problems);
  if (problems.length)
    throw fieldError(Object.fromEntries(problems.map(([k, v]) => [k === 'pickupLat' ? 'pickup' : 'dropoff', v])));
  return verdict;
}

/** One vehicle type's estimate, as both routes answer it. */
function estimateOf(
  pricing: VehicleTypePricing,
  input: TripPointsInput,
  at: Date,
  discount: DiscountRule | null,
  zones: ZonesPricing,
) {
  const zone = zoneFareFor(zones, pricing.vehicleType.id);
  const fare = quote(pricing, input.pickup, input.dropoff, at, discount, undefined, zone);
  return {
    vehicleTypeId: pricing.vehicleType.id,
    vehicleTypeName: pricing.vehicleType.name,
    currency: CITY.currency,
    at: at.toISOString(),
    zones: zones.pickupZones,
    zoneSurge: zone.surgeExtra,
    fixedFare: zone.fixedFare ?? null,
    ...fare,
    bid: bidRange(fare.total, fare.bidPercent),
  };
}

const estimateBodyDocs = {
  pickup: { type: 'object', properties: { lat: { type: 'number' }, lng: { type: 'number' } } },
  dropoff: { type: 'object', properties: { lat: { type: 'number' }, lng: { type: 'number' } } },
  at: {
    type: 'string',
    format: 'date-time',
    description: 'When the trip starts (surge depends on it); default now',
  },
  discountCode: {
    type: 'string',
    description: 'Checked as a booking made now checks it: active, started, not expired, not used up',
  },
  passengerId: {
    type: 'integer',
    description: "With a discount code: also checks the passenger's own limit",
  },
};

export function fareRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  app.post(
    '/fare-estimate',
    {
      config: {
        access: 'view-Trip',
        bodyDocs: {
          type: 'object',
          required: ['vehicleTypeId', 'pickup', 'dropoff'],
          properties: { vehicleTypeId: { type: 'integer' }, ...estimateBodyDocs },
        },
      },
      schema: {
        tags: ['fares'],
        summary: 'Fare estimate for a trip between two points',
        description:
          'Distance is the straight line × 1.3 (roads are not straight), duration that distance at 22 km/h, both without a routing engine. The fare follows the vehicle type and the price settings in force at `at`: base + distance + time, surge by the time window, raised to the minimum fare, less a discount code. `bid` bounds the offer a passenger may make (price settings bidPercent).',
      },
    },
    async (request) => {
      const input = (await validateBody(estimateSchema, request.body)) as TripPointsInput & { vehicleTypeId: number };
      const pricing = await loadPricing(db, input.vehicleTypeId);
      if (!pricing) throw fieldError({ vehicleTypeId: refusal('noSuch', { label: 'vehicle type' }) });
      if (!pricing.vehicleType.active) throw fieldError({ vehicleTypeId: 'This vehicle type is not active' });
      const now = new Date();
      const discount = await quotedDiscount(db, input, now);
      return { data: estimateOf(pricing, input, input.at ?? now, discount, await zonesOf(db, input)) };
    },
  );

  app.post(
    '/fare-estimates',
    {
      config: {
        access: 'view-Trip',
        bodyDocs: { type: 'object', required: ['pickup', 'dropoff'], properties: estimateBodyDocs },
      },
      schema: {
        tags: ['fares'],
        summary: "Every active vehicle type's fare estimate for a trip between two points",
        description:
          'The estimate of `POST /fare-estimate` for each active vehicle type, in the vehicle types’ order (by name), in one answer `{data: [...], suggestedVehicleTypeId}`. `suggestedVehicleTypeId` is the type a booking should start on: the passenger’s last trip’s (with `passengerId`), else the most booked active type; null without trips. A discount code is checked once, as a booking made now checks it; an unknown, expired or used-up code is a 400 with the reason under `errors.discountCode`.',
      },
    },
    async (request) => {
      const input = (await validateBody(estimatesSchema, request.body)) as TripPointsInput;
      const now = new Date();
      const discount = await quotedDiscount(db, input, now);
      const zones = await zonesOf(db, input);
      const types = await db
        .selectFrom('vehicleTypes')
        .select('id')
        .where('active', '=', true)
        .orderBy('name')
        .orderBy('id')
        .execute();
      const pricings = await Promise.all(types.map((type) => loadPricing(db, type.id)));
      const at = input.at ?? now;
      return {
        data: pricings
          .filter((pricing): pricing is VehicleTypePricing => pricing !== undefined)
          .map((pricing) => estimateOf(pricing, input, at, discount, zones)),
        suggestedVehicleTypeId: await suggestedVehicleType(
          db,
          types.map((type) => type.id),
          input.passengerId,
        ),
      };
    },
  );
}

/**
 * The vehicle type a booking starts on (not the first by name, which was the motorbike): the
 * passenger's last trip's type when it is still active, else the most booked active type (the
 * trip counters, one small grouped read).
 */
async function suggestedVehicleType(db: Reader, active: number[], passengerId?: number): Promise<number | null> {
  if (active.length === 0) return null;
  if (passengerId !== undefined) {
    const last = await db
      .selectFrom('trips')
      .select('vehicleTypeId')
      .where('passengerId', '=', passengerId)
      .orderBy('requestedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && active.includes(last.vehicleTypeId)) return last.vehicleTypeId;
  }
  const most = await db
    .selectFrom('tripCounts')
    .select(['vehicleTypeId', sql<number>`sum(n)`.as('booked')])
    .where('vehicleTypeId', 'in', active)
    .groupBy('vehicleTypeId')
    .orderBy('booked', 'desc')
    .orderBy('vehicleTypeId')
    .limit(1)
    .executeTakeFirst();
  return most?.vehicleTypeId ?? null;
}
