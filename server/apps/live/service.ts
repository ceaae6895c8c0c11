import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { TripUpdatedEvent } from '../../trip/trips/events.js';
import type { AreaWatch } from './areaWatch.js';
import { ACTIVE_TRIP_STATUSES } from '../../../src/domain/trip.js';
import {
  inBBox,
  widenBBox,
  type BBox,
  type DriverPositionsBatch,
  type LiveDriver,
} from '../../../src/domain/liveDrivers.js';
import {
  MemoryLiveStore,
  type DriverDuty,
  type DropReason,
  type LiveEntry,
  type LiveStore,
  type PositionInput,
} from './store.js';
import { OFFLINE_AFTER_MS } from '../../../src/domain/liveDrivers.js';

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
/**
 * Due positions are written every second in statements of at most WRITE_CHUNK rows, the event loop
 * free between them: on PGlite a statement runs in this thread, and short ones keep requests moving.
 */
export const FLUSH_INTERVAL_MS = 1000;
export const WRITE_CHUNK = 100;
/** drivers.last_lat/last_lng/last_seen_at are written at most this often per driver. */
export const DB_WRITE_INTERVAL_MS = 30_000;

/** A position this process received, waiting to be written to drivers.last_*. */
interface Unwritten {
  id: number;
  lat: number;
  lng: number;
  at: number;
  writtenAt: number;
  unwritten: boolean;
}

/**
 * Live drivers for the whole app: the store, going online and offline (drivers.online), following
 * trips (tripUpdated), the silence rules, the throttled write of drivers.last_*, and the once-a-second
 * `driverPositions` batches to watching dispatchers.
 */
export class LiveDrivers {
  private readonly watchers = new Map<string, Watcher>();
  private timer?: NodeJS.Timeout;
  private ticking = false;
  private lastFlush = 0;
  /** Positions received by this process, for the throttled drivers.last_* writes. */
  private readonly positions = new Map<number, Unwritten>();
  /** Listeners told when a driver goes offline (the offers cascade withdraws a pending offer). */
  readonly offlineListeners: ((driverId: number) => void)[] = [];
  /** Listeners told when a driver goes online (true) or offline (false): staff lists of drivers. */
  readonly shiftListeners: ((driverId: number, online: boolean) => void)[] = [];
  /**
   * Sends one batch to several of this process's sockets at once (encoded once: Socket.IO's local
   * broadcast); set by sockets.ts. Without it each watcher's own `send` is called.
   */
  sendTo?: (socketIds: string[], batch: DriverPositionsBatch) => void;
  /** Flags a driver who leaves the service areas on a trip (issue 32); set by app.ts. */
  areaWatch?: AreaWatch;
  /** Statistics for benchmarks: batches sent, and the time spent in ticks (ms). */
  readonly sent = { batches: 0, tickMs: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** In memory (one process) or in Redis (shared): see store.ts and redisStore.ts. */
    readonly store: LiveStore = new MemoryLiveStore(),
  ) {}

  start(): void {
    this.timer ??= setInterval(() => {
      if (this.ticking) return;
      this.ticking = true;
      void this.tick().finally(() => (this.ticking = false));
    }, BATCH_INTERVAL_MS).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush(Date.now(), true).catch(() => undefined);
    await this.store.close();
  }

  /** A position from a driver's app: stored (or dropped and counted), then written to drivers.last_* in time. */
  async ingest(driverId: number, input: PositionInput, now = Date.now()): Promise<'ok' | DropReason> {
    const result = await this.store.ingest(driverId, input, now);
    if (result === 'ok') {
      const at = typeof input.at === 'string' ? Date.parse(input.at) : now;
      const p = this.positions.get(driverId);
      const position = { lat: input.lat as number, lng: input.lng as number, at, unwritten: true };
      if (p) Object.assign(p, position);
      else this.positions.set(driverId, { id: driverId, writtenAt: 0, ...position });
      // A failure here never refuses the position: it is logged, and the next position tries again.
      await this.areaWatch
        ?.position(driverId, position.lat, position.lng, () => this.store.get(driverId), now)
        .catch((err: unknown) => this.log.error({ err, driverId }, 'live: service-area check failed'));
    }
    return result;
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
    for (const listener of this.shiftListeners) listener(driverId, true);
    return await this.store.goOnline(
      {
        id: driverId,
        vehicleTypeId,
        duty: trip ? dutyOfTrip(trip.status) : offer ? 'offered' : 'available',
        tripId: trip?.id ?? offer?.tripId ?? null,
      },
      now,
    );
  }

  /**
   * Takes a driver offline: the last position is written, drivers.online cleared. With `silentSince`
   * (the silence rule), only a driver not heard from since then, and only once across processes.
   */
  async offline(driverId: number, opts: { silentSince?: number } = {}): Promise<boolean> {
    const entry = await this.store.goOffline(driverId, opts);
    if (!entry && opts.silentSince !== undefined) return false;
    const p = this.positions.get(driverId);
    this.positions.delete(driverId);
    this.areaWatch?.forgetDriver(driverId);
    if (p?.unwritten) await this.write([p], Date.now());
    await this.db.updateTable('drivers').set({ online: false }).where('id', '=', driverId).execute();
    for (const listener of this.offlineListeners) listener(driverId);
    for (const listener of this.shiftListeners) listener(driverId, false);
    return true;
  }

  /** Follows a trip's change: its driver's duty, and whoever held it before is free again. */
  async onTripUpdated(event: TripUpdatedEvent & { offeredDriverId?: number | null }): Promise<void> {
    for (const e of await this.store.onTrip(event.id))
      if (e.id !== event.driverId && e.id !== event.offeredDriverId) await this.store.setDuty(e.id, 'available', null);
    if (event.driverId !== null) {
      const duty = dutyOfTrip(event.status);
      await this.store.setDuty(event.driverId, duty, duty === 'available' ? null : event.id);
    }
  }

  /** One second's work: the silence rules, the dispatcher batch and (every 5 s) the position writes. */
  async tick(now = Date.now()): Promise<void> {
    const started = performance.now();
    try {
      for (const id of await this.store.sweep(now)) {
        if (await this.offline(id, { silentSince: now - OFFLINE_AFTER_MS }))
          this.log.info({ driverId: id }, 'live: driver silent for 5 minutes, now offline');
      }
      await this.broadcast(now);
      if (now - this.lastFlush >= FLUSH_INTERVAL_MS) await this.flush(now);
    } catch (err) {
      this.log.error({ err }, 'live: tick failed');
    }
    this.sent.tickMs += performance.now() - started;
  }

  /** Writes drivers.last_lat/last_lng/last_seen_at for the positions due (at most every 30 s each). */
  async flush(now = Date.now(), force = false): Promise<number> {
    this.lastFlush = now;
    const due: Unwritten[] = [];
    for (const p of this.positions.values()) {
      if (p.unwritten && (force || now - p.writtenAt >= DB_WRITE_INTERVAL_MS)) due.push(p);
      // A driver whose positions now reach another process (a reconnection elsewhere) is forgotten here.
      else if (!p.unwritten && now - p.writtenAt > OFFLINE_AFTER_MS) this.positions.delete(p.id);
    }
    if (due.length) await this.write(due, now);
    return due.length;
  }

  /** Positions received here and not written yet, and whether each is due (tests). */
  dueForWrite(now = Date.now()): number[] {
    return [...this.positions.values()]
      .filter((p) => p.unwritten && now - p.writtenAt >= DB_WRITE_INTERVAL_MS)
      .map((p) => p.id);
  }

  private async write(entries: Unwritten[], now: number): Promise<void> {
    for (let i = 0; i < entries.length; i += WRITE_CHUNK) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const chunk = entries.slice(i, i + WRITE_CHUNK);
      const rows = chunk.map(
        (e) =>
          sql`(${e.id}::integer, ${e.lat}::double precision, ${e.lng}::double precision, ${new Date(e.at).toISOString()}::timestamptz)`,
      );
      await sql`update drivers set last_lat = v.lat, last_lng = v.lng, last_seen_at = v.at
        from (values ${sql.join(rows)}) as v(id, lat, lng, at) where drivers.id = v.id`.execute(this.db);
      for (const p of chunk) Object.assign(p, { writtenAt: now, unwritten: false });
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

  /**
   * Sends each watcher the drivers that moved or changed inside its box, and those that left it. Each
   * process sends its own sockets, from the store's changes whichever process received them.
   */
  async broadcast(now = Date.now()): Promise<void> {
    const changed = await this.store.drainChanged();
    if (this.watchers.size === 0) return;
    const full = [...this.watchers.values()].some((w) => w.full);
    if (!full && changed.size === 0) return;
    const entries: Map<number, LiveEntry> = full
      ? new Map((await this.store.all()).map((e) => [e.id, e]))
      : await this.store.getMany(changed);
    const at = new Date(now).toISOString();
    const feeds = new Map<number, LiveDriver | null>();
    const feedOf = (id: number) => {
      if (!feeds.has(id)) {
        const entry = entries.get(id);
        feeds.set(id, entry ? this.store.feedOf(entry, now) : null);
      }
      return feeds.get(id)!;
    };
    // Watchers whose batches are the same (the same drivers: the feed objects are shared) get it
    // encoded once; between groups the event loop may serve other work.
    const groups = new Map<string, { batch: DriverPositionsBatch; ids: string[]; watchers: Watcher[] }>();
    for (const [socketId, w] of this.watchers) {
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
        for (const id of entries.keys()) if (!changed.has(id)) consider(id, false);
      }
      for (const id of changed) consider(id, true);
      if (!moved.length && !gone.length) continue;
      const key = `${moved.map((d) => d.id).join(',')}|${gone.join(',')}`;
      const group = groups.get(key) ?? { batch: { at, moved, gone }, ids: [], watchers: [] };
      group.ids.push(socketId);
      group.watchers.push(w);
      groups.set(key, group);
    }
    let first = true;
    for (const { batch, ids, watchers } of groups.values()) {
      if (!first) await new Promise((resolve) => setImmediate(resolve));
      first = false;
      this.sent.batches += ids.length;
      if (this.sendTo) this.sendTo(ids, batch);
      else for (const w of watchers) w.send(batch);
    }
  }
}
