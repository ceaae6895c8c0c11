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

/** No car is faster (km/h); a larger speed is a broken or hostile app. -1 is "unknown" on some phones. */
export const MAX_SPEED_KMH = 300;

const num = (v: unknown, fallback?: number): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : v === undefined || v === null ? fallback : undefined;

/** A position that passed the checks that need no stored state, normalised. */
export interface CheckedPosition {
  lat: number;
  lng: number;
  heading: number;
  speed: number;
  at: number;
}

/** Degrees either way a heading may be sent in (one turn past north is normalised, 1e9 is refused). */
const MAX_HEADING = 720;

/**
 * The checks of a position that need no stored state: well formed, inside the service area, not
 * older than STALE_AFTER_MS nor more than FUTURE_TOLERANCE_MS ahead. Answers the normalised
 * position or why it is dropped. (Whether the driver is online and not flooding needs the store.)
 */
export function checkPosition(input: PositionInput, now: number): CheckedPosition | DropReason {
  const lat = num(input.lat);
  const lng = num(input.lng);
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return 'invalid';
  const heading = num(input.heading, 0);
  const speed = num(input.speed, 0);
  if (heading === undefined || speed === undefined) return 'invalid';
  if (Math.abs(heading) > MAX_HEADING || speed < -1 || speed > MAX_SPEED_KMH) return 'invalid';
  if (input.at !== undefined && (typeof input.at !== 'string' || Number.isNaN(Date.parse(input.at)))) return 'invalid';
  if (!insideCity(lat, lng)) return 'outside';
  const at = input.at === undefined ? now : Date.parse(input.at as string);
  if (at < now - STALE_AFTER_MS) return 'stale';
  if (at > now + FUTURE_TOLERANCE_MS) return 'future';
  return { lat, lng, heading: (((heading % 360) + 360) % 360) | 0, speed: Math.max(0, speed), at };
}

/** The state dispatchers see; null while the driver has no position yet. */
export function liveStateOf(
  entry: Pick<LiveEntry, 'lat' | 'seenAt' | 'duty'>,
  now = Date.now(),
): DriverLiveState | null {
  if (Number.isNaN(entry.lat)) return null;
  return now - entry.seenAt > LOST_AFTER_MS ? 'lost' : entry.duty;
}

/** The feed entry of a driver, or null when not in the feed. */
export function liveFeedOf(entry: LiveEntry, now = Date.now()): LiveDriver | null {
  const state = liveStateOf(entry, now);
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

export interface NearestOptions {
  limit: number;
  maxKm?: number;
  accept?: (e: LiveEntry) => boolean;
  now?: number;
}

export interface NearestDriver {
  entry: LiveEntry;
  distanceKm: number;
}

/**
 * The live position store: the latest position and duty of every online driver. Two implementations
 * with the same behaviour (tests/server/liveStoreSuite.ts): `MemoryLiveStore` (one process, a kd-tree)
 * and `RedisLiveStore` (GEOADD and a hash, shared by every process on one Redis, GEOSEARCH).
 * Entries answered are copies: change them through the methods.
 */
export interface LiveStore {
  readonly kind: 'memory' | 'redis';
  /** Positions accepted and dropped by this process (statistics). */
  readonly accepted: { count: number };
  readonly dropped: Record<DropReason, number>;
  /** How many drivers are online. */
  size(): Promise<number>;
  get(id: number): Promise<LiveEntry | undefined>;
  getMany(ids: Iterable<number>): Promise<Map<number, LiveEntry>>;
  all(): Promise<LiveEntry[]>;
  /** A driver goes online (or is already): duty from their trip or offer. */
  goOnline(
    driver: { id: number; vehicleTypeId: number; duty: DriverDuty; tripId: number | null },
    now?: number,
  ): Promise<LiveEntry>;
  /**
   * A driver goes offline; answers the entry, or undefined when they were not online (or, with
   * `silentSince`, were heard from after it). Only one caller gets the entry, whatever the process.
   */
  goOffline(id: number, opts?: { silentSince?: number }): Promise<LiveEntry | undefined>;
  /** Sets what a driver is doing (a trip changed, an offer went out or ended). */
  setDuty(id: number, duty: DriverDuty, tripId: number | null, now?: number): Promise<void>;
  /** Drivers whose duty concerns this trip. */
  onTrip(tripId: number): Promise<LiveEntry[]>;
  /** Checks and stores one position; answers 'ok' or why it was dropped (and counts it). */
  ingest(id: number, input: PositionInput, now?: number): Promise<'ok' | DropReason>;
  stateOf(entry: Pick<LiveEntry, 'lat' | 'seenAt' | 'duty'>, now?: number): DriverLiveState | null;
  feedOf(entry: LiveEntry, now?: number): LiveDriver | null;
  /** Every driver in the feed, optionally only inside a bbox. */
  snapshot(bbox?: BBox, now?: number): Promise<LiveDriver[]>;
  /**
   * The silence rules: a driver silent LOST_AFTER_MS shows as lost (a change for the feed). Answers
   * the drivers silent OFFLINE_AFTER_MS, to take offline.
   */
  sweep(now?: number): Promise<number[]>;
  /** The drivers that changed since this store object's last call (gone ones included). */
  drainChanged(): Promise<Set<number>>;
  /** The nearest drivers that pass `accept`, nearest first, great-circle distance from their position. */
  nearest(lat: number, lng: number, opts: NearestOptions): Promise<NearestDriver[]>;
  close(): Promise<void>;
}

const newDropCounts = () => Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) as Record<DropReason, number>;

/**
 * The live store in this process's memory. Nearest queries go through a kd-tree (kdbush) rebuilt at
 * most once per `indexMaxAgeMs` while positions change, searched great-circle (geokdbush.around).
 */
export class MemoryLiveStore implements LiveStore {
  readonly kind = 'memory';
  private readonly entries = new Map<number, LiveEntry>();
  private changed = new Set<number>();
  readonly accepted = { count: 0 };
  readonly dropped = newDropCounts();
  private index: { tree: KDBush; ids: number[]; builtAt: number } | null = null;
  private indexDirty = true;
  /** A driver entered or left the located set: the tree is rebuilt at the next query whatever its age. */
  private membershipChanged = true;

  constructor(private readonly indexMaxAgeMs = 1000) {}

  async size(): Promise<number> {
    return this.entries.size;
  }

  async get(id: number): Promise<LiveEntry | undefined> {
    const e = this.entries.get(id);
    return e && { ...e };
  }

  async getMany(ids: Iterable<number>): Promise<Map<number, LiveEntry>> {
    const out = new Map<number, LiveEntry>();
    for (const id of ids) {
      const e = this.entries.get(id);
      if (e) out.set(id, { ...e });
    }
    return out;
  }

  async all(): Promise<LiveEntry[]> {
    return [...this.entries.values()].map((e) => ({ ...e }));
  }

  async goOnline(
    driver: { id: number; vehicleTypeId: number; duty: DriverDuty; tripId: number | null },
    now = Date.now(),
  ): Promise<LiveEntry> {
    return { ...this.putOnline(driver, now) };
  }

  /** goOnline without the copy (the database stand-in places positions by hand). */
  putOnline(driver: { id: number; vehicleTypeId: number; duty: DriverDuty; tripId: number | null }, now: number) {
    const entry: LiveEntry = this.entries.get(driver.id) ?? {
      ...driver,
      lat: NaN,
      lng: NaN,
      heading: 0,
      speed: 0,
      at: now,
      seenAt: now,
      shown: null,
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

  async goOffline(id: number, opts: { silentSince?: number } = {}): Promise<LiveEntry | undefined> {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (opts.silentSince !== undefined && entry.seenAt >= opts.silentSince) return undefined;
    this.entries.delete(id);
    this.changed.add(id);
    this.indexDirty = true;
    this.membershipChanged = true;
    return entry;
  }

  async setDuty(id: number, duty: DriverDuty, tripId: number | null, now = Date.now()): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || (entry.duty === duty && entry.tripId === tripId)) return;
    entry.duty = duty;
    entry.tripId = tripId;
    this.touch(entry, now);
  }

  async onTrip(tripId: number): Promise<LiveEntry[]> {
    return [...this.entries.values()].filter((e) => e.tripId === tripId).map((e) => ({ ...e }));
  }

  async ingest(id: number, input: PositionInput, now = Date.now()): Promise<'ok' | DropReason> {
    const checked = checkPosition(input, now);
    const entry = this.entries.get(id);
    const reason =
      checked === 'invalid'
        ? checked
        : !entry
          ? 'offline'
          : typeof checked === 'string'
            ? checked
            : !Number.isNaN(entry.lat) && now - entry.seenAt < MIN_INTERVAL_MS
              ? 'too_fast'
              : 'ok';
    if (reason !== 'ok') {
      this.dropped[reason]++;
      return reason;
    }
    const position = checked as CheckedPosition;
    if (Number.isNaN(entry!.lat)) this.membershipChanged = true;
    Object.assign(entry!, position, { seenAt: now });
    this.accepted.count++;
    this.indexDirty = true;
    this.touch(entry!, now);
    return 'ok';
  }

  stateOf(entry: Pick<LiveEntry, 'lat' | 'seenAt' | 'duty'>, now = Date.now()): DriverLiveState | null {
    return liveStateOf(entry, now);
  }

  feedOf(entry: LiveEntry, now = Date.now()): LiveDriver | null {
    return liveFeedOf(entry, now);
  }

  private touch(entry: LiveEntry, now: number): void {
    entry.shown = liveStateOf(entry, now);
    this.changed.add(entry.id);
  }

  async snapshot(bbox?: BBox, now = Date.now()): Promise<LiveDriver[]> {
    const out: LiveDriver[] = [];
    for (const entry of this.entries.values()) {
      if (bbox && (Number.isNaN(entry.lat) || !inBBox(bbox, entry.lat, entry.lng))) continue;
      const feed = liveFeedOf(entry, now);
      if (feed) out.push(feed);
    }
    return out;
  }

  async sweep(now = Date.now()): Promise<number[]> {
    const offline: number[] = [];
    for (const entry of this.entries.values()) {
      if (now - entry.seenAt > OFFLINE_AFTER_MS) {
        offline.push(entry.id);
        continue;
      }
      if (liveStateOf(entry, now) !== entry.shown) this.touch(entry, now);
    }
    return offline;
  }

  async drainChanged(): Promise<Set<number>> {
    const out = this.changed;
    this.changed = new Set();
    return out;
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
   * The tree may be up to indexMaxAgeMs old; a driver who moved since is found at the indexed spot and
   * measured at the current one.
   */
  async nearest(lat: number, lng: number, opts: NearestOptions): Promise<NearestDriver[]> {
    return this.nearestNow(lat, lng, opts);
  }

  /** nearest, synchronously (this store only). */
  nearestNow(lat: number, lng: number, opts: NearestOptions): NearestDriver[] {
    const now = opts.now ?? Date.now();
    const { tree, ids } = this.tree(now);
    if (ids.length === 0) return [];
    const found = around(tree, lng, lat, opts.limit, opts.maxKm ?? Infinity, (i) => {
      const entry = this.entries.get(ids[i]);
      return !!entry && !Number.isNaN(entry.lat) && (!opts.accept || opts.accept(entry));
    });
    return found
      .map((i) => this.entries.get(ids[i])!)
      .map((entry) => ({
        entry: { ...entry },
        distanceKm: haversineKm({ lat, lng }, { lat: entry.lat, lng: entry.lng }),
      }))
      .sort((a, b) => a.distanceKm - b.distanceKm || a.entry.id - b.entry.id);
  }

  /** Entries were placed by hand (a stand-in store): index them afresh. */
  markMembershipChanged(): void {
    this.membershipChanged = true;
  }

  async close(): Promise<void> {}
}
