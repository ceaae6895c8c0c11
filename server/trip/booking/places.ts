import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { badRequest } from '../../errors.js';
import { defineQuery } from '../../rest/queries.js';
import type { AppServices } from '../../services.js';
import { CITY, insideCity } from '../../../src/domain/city.js';
import { PLACES } from '../../../src/domain/places.js';
import {
  indexPlaces,
  nearestPlace,
  searchPlaces,
  type IndexedPlace,
  type KnownPlace,
} from '../../../src/domain/placeSearch.js';

/** How often the ranked list takes in the trips booked since it was last read. */
export const PLACE_REFRESH_MS = 60_000;
export const PLACES_DEFAULT = 8;
export const PLACES_MAX = 20;
/** The addresses kept beyond the seeded places (the most used). */
const ADDRESSES_MAX = 20_000;

interface Counted {
  address: string;
  lat: number;
  lng: number;
  uses: number;
}

/**
 * The known places in memory, ranked by use: built once from every trip's pickup and drop-off
 * (one grouped scan), then topped up with only the trips whose id is above the last one read, so a
 * refresh costs an index range, not a scan. Searching is then a walk over an array in memory.
 */
export class PlaceIndex {
  private counts = new Map<string, Counted>();
  private lastTripId = 0;
  private index: IndexedPlace[] = indexPlaces(seededPlaces());
  private loading: Promise<void> | undefined;
  private loaded = false;

  constructor(private readonly services: AppServices) {}

  /** The list, loaded on first use (or by `refresh` at start). */
  async places(): Promise<readonly IndexedPlace[]> {
    if (!this.loaded) await this.refresh();
    return this.index;
  }

  /** Reads the trips booked since the last read; concurrent callers share one read. */
  refresh(): Promise<void> {
    this.loading ??= this.read().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async read(): Promise<void> {
    const { db } = this.services;
    const maxRow = await db
      .selectFrom('trips')
      .select(sql<number | null>`max(id)`.as('max'))
      .executeTakeFirstOrThrow();
    const upTo = Number(maxRow.max ?? 0);
    if (upTo > this.lastTripId) {
      const rows = await sql<{ address: string; lat: number; lng: number; uses: number }>`
        select address, avg(lat)::float8 as lat, avg(lng)::float8 as lng, count(*)::int as uses from (
          select pickup_address as address, pickup_lat as lat, pickup_lng as lng from trips where id > ${this.lastTripId} and id <= ${upTo}
          union all
          select dropoff_address, dropoff_lat, dropoff_lng from trips where id > ${this.lastTripId} and id <= ${upTo}
        ) ends group by address`.execute(db);
      for (const row of rows.rows) {
        const known = this.counts.get(row.address);
        // An address keeps the position first read for it; only its count grows.
        if (known) known.uses += row.uses;
        else this.counts.set(row.address, { ...row });
      }
      this.lastTripId = upTo;
      const top = [...this.counts.values()].sort((a, b) => b.uses - a.uses).slice(0, ADDRESSES_MAX);
      this.index = indexPlaces([...seededPlaces(), ...top]);
    }
    this.loaded = true;
  }
}

/** The seeded landmarks, weighted so they rank sensibly before trips use them. */
const seededPlaces = (): KnownPlace[] =>
  PLACES.map((p) => ({ address: `${p.name}, ${p.area}`, lat: p.lat, lng: p.lng, uses: p.weight }));

const indexes = new WeakMap<AppServices, PlaceIndex>();

export const placeIndexOf = (services: AppServices): PlaceIndex => {
  let index = indexes.get(services);
  if (!index) {
    index = new PlaceIndex(services);
    indexes.set(services, index);
  }
  return index;
};

/** Loads the place list once the app is ready (without holding readiness up) and tops it up every minute. */
export function schedulePlaceIndex(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const refresh = () =>
    placeIndexOf(app.services)
      .refresh()
      .catch((err: unknown) => app.log.error({ err }, 'place list refresh failed'));
  app.addHook('onReady', async () => {
    void refresh();
    timer = setInterval(() => void refresh(), PLACE_REFRESH_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

const coordinate = (name: string, raw: unknown, min: number, max: number): number => {
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(value) || value < min || value > max)
    throw badRequest(`"${name}" must be a number from ${min} to ${max}`, {
      [name]: `${name === 'lat' ? 'Latitude' : 'Longitude'} must be a number from ${min} to ${max}`,
    });
  return value;
};

/** GET /api/trip/dispatcher/places?q=: known places for a booking's pickup or drop-off. */
export const placeSearch = defineQuery({
  name: 'places',
  summary: 'Search known places (seeded landmarks and past trip addresses)',
  description: `The seeded places and the addresses trips started or ended at, ranked: addresses that start with \`q\` first, then those where every word of \`q\` starts a word, then those containing it; within each, the most used first. An empty \`q\` gives the most used places. Accents, case and punctuation are ignored. Each answer: address, name (the part before the first comma), lat, lng, uses. The list lives in memory and takes in new trips every minute. \`limit\` defaults to ${PLACES_DEFAULT}, at most ${PLACES_MAX}.`,
  access: 'view-DispatcherPage',
  parameters: {
    q: { type: 'string', description: 'What was typed' },
    limit: { type: 'string', description: `How many (1–${PLACES_MAX}, default ${PLACES_DEFAULT})` },
  },
  parse: (query) => {
    const q = query.q === undefined ? '' : query.q;
    if (typeof q !== 'string' || q.length > 100) throw badRequest('"q" must be text of at most 100 characters');
    let limit = PLACES_DEFAULT;
    if (query.limit !== undefined) {
      if (
        typeof query.limit !== 'string' ||
        !/^\d{1,2}$/.test(query.limit) ||
        +query.limit < 1 ||
        +query.limit > PLACES_MAX
      )
        throw badRequest(`"limit" must be a whole number from 1 to ${PLACES_MAX}`);
      limit = Number(query.limit);
    }
    return { q, limit };
  },
  async handler({ q, limit }, { services }) {
    return searchPlaces(await placeIndexOf(services).places(), q, limit);
  },
});

/** GET /api/trip/dispatcher/place-near?lat=&lng=: the name of a point clicked on the map. */
export const placeNear = defineQuery({
  name: 'place-near',
  summary: 'Name a point after the nearest known place',
  description: `For a point picked on the map: the nearest known place. \`address\` is the place's own address when the point is within 50 m of it, otherwise "near <address>"; \`label\` is the short form ("near Yaya Centre"), \`place\` the place's address and \`distanceKm\` the straight-line distance. A point outside the service area (${CITY.name}) is a 400.`,
  access: 'view-DispatcherPage',
  parameters: {
    lat: { type: 'string', description: 'Latitude' },
    lng: { type: 'string', description: 'Longitude' },
  },
  parse: (query) => {
    const lat = coordinate('lat', query.lat, -90, 90);
    const lng = coordinate('lng', query.lng, -180, 180);
    if (!insideCity(lat, lng))
      throw badRequest(`This point is outside the service area (${CITY.name})`, {
        lat: `This point is outside the service area (${CITY.name})`,
      });
    return { lat, lng };
  },
  async handler(point, { services }) {
    // The seeded places are always in the list, so there is always a nearest one.
    return nearestPlace(await placeIndexOf(services).places(), point) ?? null;
  },
});

export const BOOKING_QUERIES = [placeSearch, placeNear];
