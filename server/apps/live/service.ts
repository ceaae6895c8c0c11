import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { TripUpdatedEvent } from '../../trip/trips/events.js';
import { ACTIVE_TRIP_STATUSES } from '../../../src/domain/trip.js';
import {
  inBBox,
  widenBBox,
  type BBox,
  type DriverPositionsBatch,
  type LiveDriver,
} from '../../../src/domain/liveDrivers.js';
import { LiveStore, type DriverDuty, type LiveEntry } from './store.js';

/** The duty a trip's status gives its driver. */
export function dutyOfTrip(status: string): DriverDuty {
  if (status === 'accepted' || status === 'arrived') return 'en_route';
  if (status === 'in_progress') return 'on_trip';
  return 'available';
}

/** A dispatcher socket watching the map: its (widened) box and the drivers it was last sent. */
interface Watcher {
  box: BBox;
  known: Set<number>;
  /** The box changed: compare every driver at the next batch, not only those that changed. */
  full: boolean;
  send(batch: DriverPositionsBatch): void;
}

export const BATCH_INTERVAL_MS = 1000;
export const FLUSH_INTERVAL_MS = 5000;

/**
 * Live drivers for the whole app: the store, going online and offline (drivers.online), following
 * trips (tripUpdated), the silence rules, the throttled write of drivers.last_*, and the once-a-second
 * `driverPositions` batches to watching dispatchers.
 */
export class LiveDrivers {
  readonly store = new LiveStore();
  private readonly watchers = new Map<string, Watcher>();
  private timer?: NodeJS.Timeout;
  private lastFlush = 0;
  /** Listeners told when a driver goes offline (the offers cascade withdraws a pending offer). */
  readonly offlineListeners: ((driverId: number) => void)[] = [];
  /** Statistics for benchmarks: batches sent, and the time spent in ticks (ms). */
  readonly sent = { batches: 0, tickMs: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), BATCH_INTERVAL_MS).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush(Date.now(), true).catch(() => undefined);
  }

  /** Puts a driver online; answers the driver's live entry. The caller checked the driver may drive. */
  async online(driverId: number, vehicleTypeId: number, now = Date.now()): Promise<LiveEntry> {
    const trip = await this.db
      .selectFrom('trips')
      .select(['id', 'status'])
      .where('driverId', '=', driverId)
      .where('status', 'in', ACTIVE_TRIP_STATUSES)
      .executeTakeFirst();
    const offer = trip
      ? undefined
      : await this.db
          .selectFrom('tripOffers')
          .select('tripId')
          .where('driverId', '=', driverId)
          .where('outcome', 'is', null)
          .executeTakeFirst();
    await this.db.updateTable('drivers').set({ online: true }).where('id', '=', driverId).execute();
    return this.store.goOnline(
      {
        id: driverId,
        vehicleTypeId,
        duty: trip ? dutyOfTrip(trip.status) : offer ? 'offered' : 'available',
        tripId: trip?.id ?? offer?.tripId ?? null,
      },
      now,
    );
  }

  /** Takes a driver offline: the last position is written, drivers.online cleared. */
  async offline(driverId: number): Promise<void> {
    const entry = this.store.goOffline(driverId);
    if (entry?.unwritten) await this.write([entry], Date.now());
    await this.db.updateTable('drivers').set({ online: false }).where('id', '=', driverId).execute();
    for (const listener of this.offlineListeners) listener(driverId);
  }

  /** Follows a trip's change: its driver's duty, and whoever held it before is free again. */
  onTripUpdated(event: TripUpdatedEvent & { offeredDriverId?: number | null }): void {
    for (const e of this.store.onTrip(event.id))
      if (e.id !== event.driverId && e.id !== event.offeredDriverId) this.store.setDuty(e.id, 'available', null);
    if (event.driverId !== null) {
      const duty = dutyOfTrip(event.status);
      this.store.setDuty(event.driverId, duty, duty === 'available' ? null : event.id);
    }
  }

  /** One second's work: the silence rules, the dispatcher batch and (every 5 s) the position writes. */
  async tick(now = Date.now()): Promise<void> {
    const started = performance.now();
    try {
      for (const id of this.store.sweep(now)) {
        this.log.info({ driverId: id }, 'live: driver silent for 5 minutes, now offline');
        await this.offline(id);
      }
      this.broadcast(now);
      if (now - this.lastFlush >= FLUSH_INTERVAL_MS) await this.flush(now);
    } catch (err) {
      this.log.error({ err }, 'live: tick failed');
    }
    this.sent.tickMs += performance.now() - started;
  }

  /** Writes drivers.last_lat/last_lng/last_seen_at for the positions due (at most every 30 s each). */
  async flush(now = Date.now(), force = false): Promise<number> {
    this.lastFlush = now;
    const due = this.store.dueForWrite(now, force);
    if (due.length) await this.write(due, now);
    return due.length;
  }

  private async write(entries: LiveEntry[], now: number): Promise<void> {
    for (let i = 0; i < entries.length; i += 500) {
      const chunk = entries.slice(i, i + 500);
      const rows = chunk.map(
        (e) =>
          sql`(${e.id}::integer, ${e.lat}::double precision, ${e.lng}::double precision, ${new Date(e.at).toISOString()}::timestamptz)`,
      );
      await sql`update drivers set last_lat = v.lat, last_lng = v.lng, last_seen_at = v.at
        from (values ${sql.join(rows)}) as v(id, lat, lng, at) where drivers.id = v.id`.execute(this.db);
      this.store.markWritten(chunk, now);
    }
  }

  /** A dispatcher socket starts or moves its watch. */
  watch(socketId: string, bbox: BBox, send: (batch: DriverPositionsBatch) => void): void {
    const existing = this.watchers.get(socketId);
    this.watchers.set(socketId, { box: widenBBox(bbox), known: existing?.known ?? new Set(), full: true, send });
  }

  unwatch(socketId: string): void {
    this.watchers.delete(socketId);
  }

  get watching(): number {
    return this.watchers.size;
  }

  /** Sends each watcher the drivers that moved or changed inside its box, and those that left it. */
  broadcast(now = Date.now()): void {
    const changed = this.store.drainChanged();
    if (this.watchers.size === 0) return;
    const at = new Date(now).toISOString();
    const feeds = new Map<number, LiveDriver | null>();
    const feedOf = (id: number) => {
      if (!feeds.has(id)) {
        const entry = this.store.get(id);
        feeds.set(id, entry ? this.store.feedOf(entry, now) : null);
      }
      return feeds.get(id)!;
    };
    for (const w of this.watchers.values()) {
      const moved: LiveDriver[] = [];
      const gone: number[] = [];
      const consider = (id: number, always: boolean) => {
        const feed = feedOf(id);
        if (feed && inBBox(w.box, feed.lat, feed.lng)) {
          if (always || !w.known.has(id)) moved.push(feed);
          w.known.add(id);
        } else if (w.known.delete(id)) gone.push(id);
      };
      if (w.full) {
        w.full = false;
        for (const id of [...w.known]) if (!changed.has(id)) consider(id, false);
        for (const entry of this.store.all()) if (!changed.has(entry.id)) consider(entry.id, false);
      }
      for (const id of changed) consider(id, true);
      if (moved.length || gone.length) {
        this.sent.batches++;
        w.send({ at, moved, gone });
      }
    }
  }
}
