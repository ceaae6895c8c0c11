import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from '../../services.js';
import { pointInPolygon, type ZonePolygon } from '../../../src/domain/zones.js';
import { flaggedTripOf, setTripOutsideArea } from '../../trip/trips/areaFlag.js';
import type { LiveEntry } from './store.js';

/** How long the active service areas are kept before they are read again (a zone edited elsewhere). */
export const AREAS_TTL_MS = 30_000;

interface Known {
  outside: boolean;
  /** The trip flagged outside, when there is one. */
  tripId: number | null;
}

/**
 * Watches the drivers' positions against the service areas (issue 32): a driver on a trip whose
 * position falls outside every active service area gets the trip flagged once (areaFlag.ts), and the
 * flag is cleared once a position is back inside. Cheap on the 1 Hz path: the areas are cached, the
 * point test runs in memory, the live entry is read only while the driver is outside, and the
 * database is touched only when the side or the driver's trip changes.
 * Without service areas (the city's box is the area) nothing is watched.
 */
export class AreaWatch {
  private areas?: { polygons: ZonePolygon[]; loadedAt: number; loading?: Promise<ZonePolygon[]> };
  private readonly known = new Map<number, Known>();

  constructor(
    private readonly services: () => AppServices,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Forgets the cached areas (a zone was written in this process). */
  forgetAreas(): void {
    this.areas = undefined;
  }

  /** Forgets a driver (gone offline). */
  forgetDriver(driverId: number): void {
    this.known.delete(driverId);
  }

  private async polygons(now: number): Promise<ZonePolygon[]> {
    if (this.areas && now - this.areas.loadedAt < AREAS_TTL_MS) return this.areas.loading ?? this.areas.polygons;
    const loading = this.services()
      .db.selectFrom('zones')
      .select('polygon')
      .where('active', '=', true)
      .where('kind', '=', 'service_area')
      .execute()
      .then((rows) => rows.map((r) => r.polygon));
    const areas: NonNullable<typeof this.areas> = { polygons: [], loadedAt: now, loading };
    this.areas = areas;
    try {
      areas.polygons = await loading;
    } catch (err) {
      this.areas = undefined;
      throw err;
    } finally {
      areas.loading = undefined;
    }
    return areas.polygons;
  }

  /** One position of a driver; `entryOf` reads the driver's live entry (duty and trip) when needed. */
  async position(
    driverId: number,
    lat: number,
    lng: number,
    entryOf: () => Promise<LiveEntry | undefined>,
    now = Date.now(),
  ): Promise<void> {
    const polygons = await this.polygons(now);
    if (polygons.length === 0) return;
    const outside = !polygons.some((p) => pointInPolygon(lat, lng, p));
    let known = this.known.get(driverId);
    if (!known) {
      // First position seen here: a flag raised before (another process, a restart) is picked up.
      const flagged = await flaggedTripOf(this.services(), driverId);
      known = { outside: flagged !== undefined, tripId: flagged ?? null };
      this.known.set(driverId, known);
    }
    if (!outside) {
      if (known.outside && known.tripId !== null)
        await setTripOutsideArea(this.services(), known.tripId, driverId, false, new Date(now));
      this.known.set(driverId, { outside: false, tripId: null });
      return;
    }
    // Outside: the live entry says which trip the driver is on now. A trip that started while the
    // driver was already outside (after no trip, or after a trip that ended outside) differs from
    // the one known, so it is flagged on this first position, not after coming back in and leaving
    // again. One store read per position, only for drivers outside every service area.
    const entry = await entryOf();
    const onTrip = entry?.tripId != null && (entry.duty === 'en_route' || entry.duty === 'on_trip');
    const tripId = onTrip ? entry!.tripId! : null;
    if (known.outside && known.tripId === tripId) return;
    this.known.set(driverId, { outside: true, tripId });
    if (tripId !== null) {
      // Guarded by the trip's flag, so a second process seeing the same driver raises it no more.
      const flagged = await setTripOutsideArea(this.services(), tripId, driverId, true, new Date(now));
      if (flagged) this.log.info({ driverId, tripId }, 'live: driver left the service area on a trip');
    }
  }
}
