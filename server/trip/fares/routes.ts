import * as yup from 'yup';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../errors.js';
import { validateBody } from '../../rest/engine.js';
import { CITY, insideCity } from '../../../src/domain/city.js';
import { bidRange } from '../../../src/domain/fare.js';
import { id, instant, latitude, longitude } from '../fields.js';
import { loadPricing, quote } from './pricing.js';
import { discountRuleOf, usableDiscount } from '../discounts/usable.js';

const point = (label: string) =>
  yup
    .object({
      lat: latitude().required(`${label} latitude is required`),
      lng: longitude().required(`${label} longitude is required`),
    })
    .default(undefined)
    .required(`${label} is required`)
    .test(
      'inside',
      `The ${label.toLowerCase()} is outside the service area (${CITY.name})`,
      (p) => !p || insideCity(p.lat, p.lng),
    );

const estimateSchema = yup.object({
  vehicleTypeId: id('vehicle type').required('Choose a vehicle type'),
  pickup: point('Pickup'),
  dropoff: point('Drop-off'),
  at: instant('Time').nullable(),
  discountCode: yup.string().trim().max(30).nullable(),
  passengerId: id('passenger'),
});

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
          properties: {
            vehicleTypeId: { type: 'integer' },
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
          },
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
      const input = await validateBody(estimateSchema, request.body);
      const pricing = await loadPricing(db, input.vehicleTypeId);
      if (!pricing)
        throw badRequest('Please correct the highlighted fields', { vehicleTypeId: 'No vehicle type with this id' });
      if (!pricing.vehicleType.active)
        throw badRequest('Please correct the highlighted fields', { vehicleTypeId: 'This vehicle type is not active' });
      const now = new Date();
      const at = input.at ?? now;
      let discount = null;
      if (input.discountCode) {
        // Checked as a booking made now checks it, so a quoted code is never refused at booking.
        const found = await usableDiscount(db, input.discountCode, now, input.passengerId);
        if ('problem' in found)
          throw badRequest('Please correct the highlighted fields', { discountCode: found.problem });
        discount = discountRuleOf(found.discount);
      }
      const fare = quote(pricing, input.pickup, input.dropoff, at, discount);
      return {
        data: {
          vehicleTypeId: pricing.vehicleType.id,
          vehicleTypeName: pricing.vehicleType.name,
          currency: CITY.currency,
          at: at.toISOString(),
          ...fare,
          bid: bidRange(fare.total, fare.bidPercent),
        },
      };
    },
  );
}
