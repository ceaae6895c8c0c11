import { sql } from 'kysely';
import { badRequest, notFound } from '../../errors.js';
import { defineQuery } from '../../rest/queries.js';
import { nameOf } from '../../rest/names.js';
import { ACTIVE_TRIP_STATUSES } from '../../../src/domain/trip.js';

export const NEAREST_DEFAULT = 10;
export const NEAREST_MAX = 50;

const wholeNumber = (name: string, raw: unknown, max = 2147483647): number => {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
    throw badRequest(`"${name}" must be a whole number from 1 to ${max}`);
  return Number(raw);
};

/** Great-circle distance in km from a point to the driver's last known position (haversine). */
const distanceKm = (lat: number, lng: number) =>
  sql<number>`(6371 * 2 * asin(sqrt(
    power(sin(radians(drivers.last_lat - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(drivers.last_lat)) * power(sin(radians(drivers.last_lng - ${lng}) / 2), 2)
  )))`;

/**
 * GET /api/trip/dispatcher/nearest-drivers?tripId=…: the drivers who could take a trip, nearest to
 * its pickup first. Available means approved, of the trip's vehicle type, online with a known
 * position, and not on another active trip; the trip's current driver is left out (a reassignment
 * wants someone else).
 */
export const nearestDrivers = defineQuery({
  name: 'nearest-drivers',
  summary: 'Nearest available drivers for a trip',
  description: `Approved drivers of the trip's vehicle type who are online, have a last known position and no other active trip, nearest to the pickup first, with the straight-line distance in km and when the position was last seen. The trip's current driver is left out. \`limit\` defaults to ${NEAREST_DEFAULT}, at most ${NEAREST_MAX}.`,
  access: 'update-Trip',
  parameters: {
    tripId: { type: 'string', description: 'The trip to find drivers for' },
    limit: { type: 'string', description: `How many (1–${NEAREST_MAX}, default ${NEAREST_DEFAULT})` },
  },
  parse: (query) => ({
    tripId: wholeNumber('tripId', query.tripId),
    limit: query.limit === undefined ? NEAREST_DEFAULT : wholeNumber('limit', query.limit, NEAREST_MAX),
  }),
  async handler({ tripId, limit }, { services }) {
    const trip = await services.db
      .selectFrom('trips')
      .select(['id', 'pickupLat', 'pickupLng', 'vehicleTypeId', 'driverId'])
      .where('id', '=', tripId)
      .executeTakeFirst();
    if (!trip) throw notFound('No trip with this id');
    const distance = distanceKm(trip.pickupLat, trip.pickupLng);
    const rows = await services.db
      .selectFrom('drivers')
      .select(['drivers.id', 'drivers.phone', 'drivers.vehiclePlate', 'drivers.rating', 'drivers.lastSeenAt'])
      .select([nameOf('drivers', 'drivers.id').as('name'), distance.as('distanceKm')])
      .where('drivers.approvalStatus', '=', 'approved')
      .where('drivers.vehicleTypeId', '=', trip.vehicleTypeId)
      .where('drivers.online', '=', true)
      .where('drivers.lastLat', 'is not', null)
      .where('drivers.lastLng', 'is not', null)
      .$if(trip.driverId !== null, (q) => q.where('drivers.id', '<>', trip.driverId!))
      .where(
        sql<boolean>`not exists (select 1 from trips t where t.driver_id = drivers.id and t.status in (${sql.join([...ACTIVE_TRIP_STATUSES])}))`,
      )
      .orderBy(distance)
      .orderBy('drivers.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      ...r,
      distanceKm: Math.round(Number(r.distanceKm) * 100) / 100,
      lastSeenAt: r.lastSeenAt ? new Date(r.lastSeenAt).toISOString() : null,
    }));
  },
});

export const DISPATCHER_QUERIES = [nearestDrivers];
