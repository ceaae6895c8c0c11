import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { insideCity } from '../../../src/domain/city.js';
import { haversineKm } from '../../../src/domain/fare.js';
import {
  LOST_AFTER_MS,
  OFFLINE_AFTER_MS,
  inBBox,
  type BBox,
  type DriverLiveState,
  type LiveDriver,
} from '../../../src/domain/liveDrivers.js';

/** What a driver is doing, from trips and offers (lost is worked out from silence on top of it). */
export type DriverDuty = 'available' | 'offered' | 'en_route' | 'on_trip';

export interface LiveEntry {
  id: number;
  vehicleTypeId: number;
  duty: DriverDuty;
  tripId: number | null;
  /** Position; NaN until the first one arrives (such a driver is not in the feed). */
  lat: number;
  lng: number;
  heading: number;
  speed: number;
  /** The position's own time (ms). */
  at: number;
  /** When the server last heard from the driver (ms): going online counts. */
  seenAt: number;
  /** The state last shown to dispatchers, to notice a change (lost, back). */
  shown: DriverLiveState | null;
  /** When the position was last written to drivers.last_* (ms), and whether a newer one waits. */
  writtenAt: number;
  unwritten: boolean;
}

export interface PositionInput {
  lat: unknown;
  lng: unknown;
  heading?: unknown;
  speed?: unknown;
  at?: unknown;
}

/** Why a position was dropped (each counted). */
export const DROP_REASONS = ['invalid', 'outside', 'offline', 'stale', 'future', 'too_fast'] as const;
export type DropReason = (typeof DROP_REASONS)[number];

/** A position older than this when it arrives is dropped… */
export const STALE_AFTER_MS = 30_000;
/** …and one this far in the future (a clock set wrong) too. */
export const FUTURE_TOLERANCE_MS = 5_000;
/** More than ~4 positions a second from one driver is a flood; the extra ones are dropped. */
export const MIN_INTERVAL_MS = 250;
/** drivers.last_lat/last_lng/last_seen_at are written at most this often per driver. */
export const DB_WRITE_INTERVAL_MS = 30_000;

const num = (v: unknown, fallback?: number): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : v === undefined || v === null ? fallback : undefined;

/**
 * The latest position and duty of every online driver, in this process. Positions are checked on the
 * way in (inside the service area, from an online driver, at a plausible time) and dropped with a
 * count otherwise. `changed` collects the drivers whose feed entry moved or changed state since the
 * dispatcher batch last drained it. Nearest queries go through a kd-tree (kdbush) rebuilt at most
 * once per `indexMaxAgeMs` while positions change, searched great-circle (geokdbush.around).
 */
export class LiveStore {
  private readonly entries = new Map<number, LiveEntry>();
  private changed = new Set<number>();
  readonly accepted = { count: 0 };
  readonly dropped: Record<DropReason, number> = Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) as Record<
    DropReason,
    number
  >;
  private index: { tree: KDBush; ids: number[]; builtAt: number } | null = null;
  private indexDirty = true;
  /** A driver entered or left the located set: the tree is rebuilt at the next query whatever its age. */
  private membershipChanged = true;

  constructor(private readonly indexMaxAgeMs = 1000) {}

  get size(): number {
    return this.entries.size;
  }

  get(id: number): LiveEntry | undefined {
    return this.entries.get(id);
  }

  /** A driver goes online (or is already): duty from their trip or offer, an optional first position. */
  goOnline(
    driver: { id: number; vehicleTypeId: number; duty: DriverDuty; tripId: number | null },
    now = Date.now(),
  ): LiveEntry {
    const existing = this.entries.get(driver.id);
    const entry: LiveEntry = existing ?? {
      ...driver,
      lat: NaN,
      lng: NaN,
      heading: 0,
      speed: 0,
      at: now,
      seenAt: now,
      shown: null,
      writtenAt: 0,
      unwritten: false,
    };
    Object.assign(entry, {
      vehicleTypeId: driver.vehicleTypeId,
      duty: driver.duty,
      tripId: driver.tripId,
      seenAt: now,
    });
    this.entries.set(driver.id, entry);
    this.touch(entry, now);
    return entry;
  }

  /** A driver goes offline; answers the entry (its position may still need writing). */
  goOffline(id: number): LiveEntry | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    this.changed.add(id);
    this.indexDirty = true;
    this.membershipChanged = true;
    return entry;
  }

  /** Sets what a driver is doing (a trip changed, an offer went out or ended). */
  setDuty(id: number, duty: DriverDuty, tripId: number | null, now = Date.now()): void {
    const entry = this.entries.get(id);
    if (!entry || (entry.duty === duty && entry.tripId === tripId)) return;
    entry.duty = duty;
    entry.tripId = tripId;
    this.touch(entry, now);
  }

  /** Drivers whose duty concerns this trip. */
  onTrip(tripId: number): LiveEntry[] {
    return [...this.entries.values()].filter((e) => e.tripId === tripId);
  }

  /** Checks and stores one position; answers 'ok' or why it was dropped (and counts it). */
  ingest(id: number, input: PositionInput, now = Date.now()): 'ok' | DropReason {
    const reason = this.check(id, input, now);
    if (reason !== 'ok') {
      this.dropped[reason]++;
      return reason;
    }
    const entry = this.entries.get(id)!;
    if (Number.isNaN(entry.lat)) this.membershipChanged = true;
    entry.lat = input.lat as number;
    entry.lng = input.lng as number;
    entry.heading = ((((num(input.heading, 0) as number) % 360) + 360) % 360) | 0;
    entry.speed = Math.max(0, num(input.speed, 0) as number);
    entry.at = input.at === undefined ? now : Date.parse(String(input.at));
    entry.seenAt = now;
    entry.unwritten = true;
    this.accepted.count++;
    this.indexDirty = true;
    this.touch(entry, now);
    return 'ok';
  }

  private check(id: number, input: PositionInput, now: number): 'ok' | DropReason {
    const lat = num(input.lat);
    const lng = num(input.lng);
    if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return 'invalid';
    if (num(input.heading, 0) === undefined || num(input.speed, 0) === undefined) return 'invalid';
    if (input.at !== undefined && (typeof input.at !== 'string' || Number.isNaN(Date.parse(input.at))))
      return 'invalid';
    const entry = this.entries.get(id);
    if (!entry) return 'offline';
    if (!insideCity(lat, lng)) return 'outside';
    const at = input.at === undefined ? now : Date.parse(input.at as string);
    if (at < now - STALE_AFTER_MS) return 'stale';
    if (at > now + FUTURE_TOLERANCE_MS) return 'future';
    if (!Number.isNaN(entry.lat) && now - entry.seenAt < MIN_INTERVAL_MS) return 'too_fast';
    return 'ok';
  }

  /** The state dispatchers see; null while the driver has no position yet. */
  stateOf(entry: LiveEntry, now = Date.now()): DriverLiveState | null {
    if (Number.isNaN(entry.lat)) return null;
    return now - entry.seenAt > LOST_AFTER_MS ? 'lost' : entry.duty;
  }

  private touch(entry: LiveEntry, now: number): void {
    const state = this.stateOf(entry, now);
    entry.shown = state;
    this.changed.add(entry.id);
  }

  /** The feed entry of a driver, or null when not in the feed. */
  feedOf(entry: LiveEntry, now = Date.now()): LiveDriver | null {
    const state = this.stateOf(entry, now);
    if (!state) return null;
    // Five decimals are a metre; one for speed: the feed stays compact (it goes to every dispatcher each second).
    return {
      id: entry.id,
      lat: Math.round(entry.lat * 1e5) / 1e5,
      lng: Math.round(entry.lng * 1e5) / 1e5,
      heading: entry.heading,
      speed: Math.round(entry.speed * 10) / 10,
      state,
      vehicleTypeId: entry.vehicleTypeId,
      tripId: entry.tripId,
      at: new Date(entry.at).toISOString(),
    };
  }

  /** Every driver in the feed, optionally only inside a bbox. */
  snapshot(bbox?: BBox, now = Date.now()): LiveDriver[] {
    const out: LiveDriver[] = [];
    for (const entry of this.entries.values()) {
      if (bbox && (Number.isNaN(entry.lat) || !inBBox(bbox, entry.lat, entry.lng))) continue;
      const feed = this.feedOf(entry, now);
      if (feed) out.push(feed);
    }
    return out;
  }

  /**
   * The silence rules: a driver silent LOST_AFTER_MS shows as lost (a change for the feed), one
   * silent OFFLINE_AFTER_MS goes offline. Answers the drivers to take offline.
   */
  sweep(now = Date.now()): number[] {
    const offline: number[] = [];
    for (const entry of this.entries.values()) {
      if (now - entry.seenAt > OFFLINE_AFTER_MS) {
        offline.push(entry.id);
        continue;
      }
      const state = this.stateOf(entry, now);
      if (state !== entry.shown) this.touch(entry, now);
    }
    return offline;
  }

  /** The drivers that changed since the last call (gone ones included: they are no longer here). */
  drainChanged(): Set<number> {
    const out = this.changed;
    this.changed = new Set();
    return out;
  }

  /** Positions due for drivers.last_*: unwritten and not written for DB_WRITE_INTERVAL_MS. */
  dueForWrite(now = Date.now(), force = false): LiveEntry[] {
    const due: LiveEntry[] = [];
    for (const entry of this.entries.values())
      if (entry.unwritten && (force || now - entry.writtenAt >= DB_WRITE_INTERVAL_MS)) due.push(entry);
    return due;
  }

  markWritten(entries: LiveEntry[], now = Date.now()): void {
    for (const e of entries) {
      e.writtenAt = now;
      e.unwritten = false;
    }
  }

  private tree(now: number) {
    if (!this.index || this.membershipChanged || (this.indexDirty && now - this.index.builtAt >= this.indexMaxAgeMs)) {
      const ids: number[] = [];
      const located = [...this.entries.values()].filter((e) => !Number.isNaN(e.lat));
      const tree = new KDBush(Math.max(1, located.length));
      for (const e of located) {
        ids.push(e.id);
        tree.add(e.lng, e.lat);
      }
      if (located.length === 0) tree.add(0, 0);
      tree.finish();
      this.index = { tree, ids: located.length ? ids : [], builtAt: now };
      this.indexDirty = false;
      this.membershipChanged = false;
    }
    return this.index;
  }

  /**
   * The nearest drivers to a point that pass `accept`, nearest first, with the great-circle distance
   * from their current position. The tree may be up to indexMaxAgeMs old; a driver who moved since is
   * found at the indexed spot and measured at the current one.
   */
  nearest(
    lat: number,
    lng: number,
    opts: { limit: number; maxKm?: number; accept?: (e: LiveEntry) => boolean; now?: number },
  ): { entry: LiveEntry; distanceKm: number }[] {
    const now = opts.now ?? Date.now();
    const { tree, ids } = this.tree(now);
    if (ids.length === 0) return [];
    const found = around(tree, lng, lat, opts.limit, opts.maxKm ?? Infinity, (i) => {
      const entry = this.entries.get(ids[i]);
      return !!entry && !Number.isNaN(entry.lat) && (!opts.accept || opts.accept(entry));
    });
    return found
      .map((i) => this.entries.get(ids[i])!)
      .map((entry) => ({ entry, distanceKm: haversineKm({ lat, lng }, { lat: entry.lat, lng: entry.lng }) }))
      .sort((a, b) => a.distanceKm - b.distanceKm || a.entry.id - b.entry.id);
  }

  /** Entries were placed by hand (a stand-in store): index them afresh. */
  markMembershipChanged(): void {
    this.membershipChanged = true;
  }

  all(): IterableIterator<LiveEntry> {
    return this.entries.values();
  }
}
