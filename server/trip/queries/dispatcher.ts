import type { DispatcherDriverCard, NearDriver } from '../../../src/domain/driverCards.js';
import { sql } from 'kysely';
import { badRequest, notFound } from '../../errors.js';
import { defineQuery } from '../../rest/queries.js';
import { nameOf } from '../../rest/names.js';
import type { Db } from '../../db/index.js';
import { MemoryLiveStore, type LiveEntry, type LiveStore } from '../../apps/live/store.js';
import type { AppServices } from '../../services.js';
import { driverCardsOf, vehicleOf } from './driverCards.js';
import { ACTIVE_TRIP_STATUSES } from '../../../src/domain/trip.js';
import { etaSeconds } from '../../../src/domain/eta.js';
import { parseBBox } from '../../../src/domain/liveDrivers.js';
import { CITY, insideCity } from '../../../src/domain/city.js';
import { routePoints } from '../geo/route.js';
import polyline from '@mapbox/polyline';
import { refusal } from '../../../src/domain/messageCodes.js';

export const NEAREST_DEFAULT = 10;
export const NEAREST_MAX = 50;
/** At most this many driver cards in one request. */
export const CARDS_MAX = 100;
/** Drivers counted as available for a vehicle type are within this distance of the pickup. */
export const AVAILABILITY_RADIUS_KM = 5;

const wholeNumber = (name: string, raw: unknown, max = 2147483647): number => {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
    throw badRequest(`"${name}" must be a whole number from 1 to ${max}`);
  return Number(raw);
};
const coordinate = (name: string, raw: unknown, limit: number): number => {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n) || Math.abs(n) > limit)
    throw badRequest(`"${name}" must be a number from -${limit} to ${limit}`);
  return n;
};

/**
 * Where available drivers are: the live store (positions the driver apps send). When no app sends
 * positions at all (a demo without the simulator), the drivers' last known positions in the database
 * stand in: approved, online, located and not on an active trip.
 */
async function availableDrivers(services: AppServices): Promise<LiveStore> {
  if ((await services.live.store.size()) > 0) return services.live.store;
  return storeFromDatabase(services.db);
}

async function storeFromDatabase(db: Db): Promise<LiveStore> {
  const rows = await db
    .selectFrom('drivers')
    .select(['id', 'vehicleTypeId', 'lastLat', 'lastLng', 'lastSeenAt'])
    .where('approvalStatus', '=', 'approved')
    .where('online', '=', true)
    .where('vehicleTypeId', 'is not', null)
    .where('lastLat', 'is not', null)
    .where('lastLng', 'is not', null)
    .where(
      sql<boolean>`not exists (select 1 from trips t where t.driver_id = drivers.id and t.status in (${sql.join([...ACTIVE_TRIP_STATUSES])}))`,
    )
    .execute();
  const store = new MemoryLiveStore();
  const now = Date.now();
  for (const r of rows) {
    const entry = store.putOnline({ id: r.id, vehicleTypeId: r.vehicleTypeId!, duty: 'available', tripId: null }, now);
    Object.assign(entry, { lat: r.lastLat, lng: r.lastLng, at: r.lastSeenAt?.getTime() ?? now });
  }
  store.markMembershipChanged();
  return store;
}

/** The nearest available drivers of a type, with the database's details, nearest first. */
async function nearestOfType(
  services: AppServices,
  at: { lat: number; lng: number },
  vehicleTypeId: number,
  limit: number,
  exceptDriverId: number | null,
): Promise<NearDriver[]> {
  const store = await availableDrivers(services);
  const found = await store.nearest(at.lat, at.lng, {
    limit,
    accept: (e) => e.vehicleTypeId === vehicleTypeId && e.id !== exceptDriverId && store.stateOf(e) === 'available',
  });
  if (found.length === 0) return [];
  // Names, phones, plates and ratings from the in-memory card cache: no database on the hot path.
  const cards = await driverCardsOf(services).get(found.map((f) => f.entry.id));
  return found
    .filter((f) => cards.get(f.entry.id)?.approved)
    .map(({ entry, distanceKm }) => {
      const d = cards.get(entry.id)!;
      return {
        id: d.id,
        name: d.name,
        phone: d.phone,
        vehiclePlate: d.vehiclePlate,
        vehicle: d.vehicle,
        rating: d.rating,
        distanceKm: Math.round(distanceKm * 100) / 100,
        etaSeconds: etaSeconds(distanceKm),
        lastSeenAt: new Date(Math.max(entry.at, d.lastSeenAt ?? 0)).toISOString(),
      };
    });
}

/**
 * GET /api/trip/dispatcher/nearest-drivers?tripId=… (or ?lat=&lng=&vehicleTypeId=): the drivers who
 * could take a trip, nearest to its pickup first, from the live positions through the spatial index.
 * Available means online, free (no trip, no pending offer), heard from in the last minute, of the
 * trip's vehicle type; the trip's current driver is left out (a reassignment wants someone else).
 */
export const nearestDrivers = defineQuery({
  name: 'nearest-drivers',
  summary: 'Nearest available drivers for a trip or a point',
  description: `Available drivers (online, free, heard from in the last minute) of the trip's vehicle type, nearest to the pickup first, from the live positions through a spatial index: \`{id, name, phone, vehiclePlate, vehicle, rating, distanceKm, etaSeconds, lastSeenAt}\` (vehicle: make, model and colour). Give \`tripId\`, or \`lat\`, \`lng\` and \`vehicleTypeId\` for a booking not made yet. The trip's current driver is left out. ETA: the straight line × 1.3 at 22 km/h. \`limit\` defaults to ${NEAREST_DEFAULT}, at most ${NEAREST_MAX}. While no app sends positions, the drivers' last known positions stand in.`,
  access: 'update-Trip',
  parameters: {
    tripId: { type: 'string', description: 'The trip to find drivers for' },
    lat: { type: 'string', description: 'Instead of tripId: the pickup latitude' },
    lng: { type: 'string', description: 'Instead of tripId: the pickup longitude' },
    vehicleTypeId: { type: 'string', description: 'Instead of tripId: the vehicle type' },
    limit: { type: 'string', description: `How many (1–${NEAREST_MAX}, default ${NEAREST_DEFAULT})` },
  },
  parse: (query): { limit: number; tripId?: number; point?: { lat: number; lng: number }; vehicleTypeId?: number } => {
    const limit = query.limit === undefined ? NEAREST_DEFAULT : wholeNumber('limit', query.limit, NEAREST_MAX);
    if (query.tripId !== undefined) return { tripId: wholeNumber('tripId', query.tripId), limit };
    if (query.lat === undefined && query.lng === undefined && query.vehicleTypeId === undefined)
      throw badRequest('Give "tripId", or "lat", "lng" and "vehicleTypeId"');
    return {
      point: { lat: coordinate('lat', query.lat, 90), lng: coordinate('lng', query.lng, 180) },
      vehicleTypeId: wholeNumber('vehicleTypeId', query.vehicleTypeId),
      limit,
    };
  },
  async handler(params, { services }) {
    if (params.tripId !== undefined) {
      const trip = await services.db
        .selectFrom('trips')
        .select(['id', 'pickupLat', 'pickupLng', 'vehicleTypeId', 'driverId'])
        .where('id', '=', params.tripId)
        .executeTakeFirst();
      if (!trip) throw notFound(refusal('noSuch', { label: 'trip' }));
      return nearestOfType(
        services,
        { lat: trip.pickupLat, lng: trip.pickupLng },
        trip.vehicleTypeId,
        params.limit,
        trip.driverId,
      );
    }
    return nearestOfType(services, params.point!, params.vehicleTypeId!, params.limit, null);
  },
});

/** GET /api/trip/dispatcher/availability?lat=&lng=: per active vehicle type, available drivers near a pickup. */
export const availability = defineQuery({
  name: 'availability',
  summary: 'Available drivers near a point, per vehicle type',
  description: `For every active vehicle type: how many available drivers are within ${AVAILABILITY_RADIUS_KM} km of the point, and the nearest one's straight-line distance and ETA (null when none is online).`,
  access: 'view-DispatcherPage',
  parameters: {
    lat: { type: 'string', description: 'Latitude of the pickup' },
    lng: { type: 'string', description: 'Longitude of the pickup' },
  },
  parse: (query) => ({ lat: coordinate('lat', query.lat, 90), lng: coordinate('lng', query.lng, 180) }),
  async handler({ lat, lng }, { services }) {
    const types = await services.db
      .selectFrom('vehicleTypes')
      .select('id')
      .where('active', '=', true)
      .orderBy('id')
      .execute();
    const store = await availableDrivers(services);
    const perType = types.map(async ({ id }) => {
      const accept = (e: LiveEntry) => e.vehicleTypeId === id && store.stateOf(e) === 'available';
      const [nearest] = await store.nearest(lat, lng, { limit: 1, accept });
      const available = (
        await store.nearest(lat, lng, {
          limit: Infinity,
          maxKm: AVAILABILITY_RADIUS_KM,
          accept,
        })
      ).length;
      return {
        vehicleTypeId: id,
        available,
        nearestDistanceKm: nearest ? Math.round(nearest.distanceKm * 100) / 100 : null,
        nearestEtaSeconds: nearest ? etaSeconds(nearest.distanceKm) : null,
      };
    });
    return Promise.all(perType);
  },
});

/** GET /api/trip/dispatcher/drivers?bbox=: the live feed's snapshot (first load and reconnects). */
export const liveDriversSnapshot = defineQuery({
  name: 'drivers',
  summary: 'Live drivers on the map (snapshot)',
  description:
    'Every online driver with a position, `{id, lat, lng, heading, speed, state, vehicleTypeId, tripId, at}`, state one of available, offered, en_route, on_trip, lost; optionally only inside `bbox=minLng,minLat,maxLng,maxLat`. Then follow the `driverPositions` deltas on the staff socket (`dispatcher:watch` {bbox}). Names, plates and ratings come from the drivers resource.',
  access: 'view-DispatcherPage',
  parameters: { bbox: { type: 'string', description: 'minLng,minLat,maxLng,maxLat' } },
  parse: (query) => {
    if (query.bbox === undefined) return { bbox: undefined };
    const bbox = parseBBox(query.bbox);
    if (typeof bbox === 'string') throw badRequest(bbox, { bbox });
    return { bbox };
  },
  handler: async ({ bbox }, { services }) => services.live.store.snapshot(bbox),
});

/**
 * GET /api/trip/dispatcher/driver-cards?ids=1,2,3: what the dispatcher page shows of drivers (the
 * map's card, the board's offers, the nearest list) for staff who hold the page but not view-Driver.
 */
export const driverCards = defineQuery({
  name: 'driver-cards',
  summary: 'Compact cards of drivers for the dispatcher page',
  description: `For the given driver ids (comma separated, at most ${CARDS_MAX}): \`{id, name, phone, vehiclePlate, vehicle, vehicleTypeName, rating}\` (vehicle: make, model and colour), in the ids' order; unknown ids are left out. For the dispatcher page's map card, trips board and nearest list, so the Dispatcher role, which may not see the drivers resource, sees who it dispatches (and can call them).`,
  access: 'view-DispatcherPage',
  parameters: { ids: { type: 'string', description: `Driver ids, comma separated (1–${CARDS_MAX})` } },
  parse: (query) => {
    const raw = query.ids;
    const message = `"ids" must be 1 to ${CARDS_MAX} driver ids, comma separated`;
    if (typeof raw !== 'string' || !/^\d{1,10}(,\d{1,10})*$/.test(raw)) throw badRequest(message, { ids: message });
    const ids = [...new Set(raw.split(',').map(Number))];
    if (ids.length > CARDS_MAX || ids.some((id) => id < 1 || id > 2147483647))
      throw badRequest(message, { ids: message });
    return { ids };
  },
  async handler({ ids }, { services }) {
    const rows = await services.db
      .selectFrom('drivers')
      .select(['drivers.id', 'drivers.phone', 'drivers.vehiclePlate', 'drivers.rating'])
      .select(nameOf('drivers', 'drivers.id').as('name'))
      .select(vehicleOf.as('vehicle'))
      .select(
        sql<string | null>`(select v.name from vehicle_types v where v.id = drivers.vehicle_type_id)`.as(
          'vehicleTypeName',
        ),
      )
      .where('drivers.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id): DispatcherDriverCard[] => {
      const r = byId.get(id);
      return r
        ? [
            {
              id: r.id,
              name: r.name,
              phone: r.phone,
              vehiclePlate: r.vehiclePlate,
              vehicle: r.vehicle,
              vehicleTypeName: r.vehicleTypeName,
              rating: Number(r.rating),
            },
          ]
        : [];
    });
  },
});

const cityPoint = (name: string, raw: unknown): { lat: number; lng: number } => {
  const outside = `"${name}" must be "lat,lng" inside the service area (${CITY.name})`;
  const parts = typeof raw === 'string' ? raw.split(',') : [];
  const [lat, lng] = parts.map((p) => (p.trim() === '' ? NaN : Number(p)));
  if (parts.length !== 2 || !Number.isFinite(lat) || !Number.isFinite(lng) || !insideCity(lat, lng))
    throw badRequest(outside, { [name]: outside });
  return { lat, lng };
};

/**
 * GET /api/trip/dispatcher/route?from=lat,lng&to=lat,lng: the route shape a trip between two
 * points gets (server/trip/geo, the shape stored on a booked trip), for the booking's preview.
 */
export const routePreview = defineQuery({
  name: 'route',
  summary: 'The route shape between two points (booking preview)',
  description: `The route a trip from \`from\` to \`to\` (each "lat,lng" inside the service area, ${CITY.name}) is given when booked, the same shape as its \`routePolyline\`: \`{coordinates: [[lng, lat], …], polyline}\` (Google encoded polyline, precision 5).`,
  access: 'view-DispatcherPage',
  parameters: {
    from: { type: 'string', description: 'The pickup, "lat,lng"' },
    to: { type: 'string', description: 'The drop-off, "lat,lng"' },
  },
  parse: (query) => ({ from: cityPoint('from', query.from), to: cityPoint('to', query.to) }),
  handler: async ({ from, to }) => {
    const points = routePoints(from, to);
    return { coordinates: points.map(([lat, lng]) => [lng, lat]), polyline: polyline.encode(points, 5) };
  },
});

export const DISPATCHER_QUERIES = [nearestDrivers, availability, liveDriversSnapshot, driverCards, routePreview];
