import type { Redis } from 'ioredis';
import { haversineKm } from '../../../src/domain/fare.js';
import {
  LOST_AFTER_MS,
  OFFLINE_AFTER_MS,
  inBBox,
  type BBox,
  type DriverLiveState,
  type LiveDriver,
} from '../../../src/domain/liveDrivers.js';
import {
  DROP_REASONS,
  MIN_INTERVAL_MS,
  checkPosition,
  liveFeedOf,
  liveStateOf,
  type DriverDuty,
  type DropReason,
  type LiveEntry,
  type LiveStore,
  type NearestDriver,
  type NearestOptions,
  type PositionInput,
} from './store.js';

/*
 * Keys (under a prefix shared by every process of one deployment):
 *   <p>d        hash   driver id -> the entry as JSON (lat/lng absent until the first position)
 *   <p>geo      geo    driver id -> position (GEOADD), for GEOSEARCH
 *   <p>seq      string a counter bumped by every change
 *   <p>changed  zset   driver id -> the counter at its last change: each process reads the changes
 *                      since the counter it last saw, so every process can batch for its own sockets.
 * Every write is one Lua script, atomic: two processes never half-apply a change.
 */

/** Shared Lua: the state a dispatcher sees (nil without a position) and the change mark. */
const LUA_COMMON = `
local function state(e, now, lostMs)
  if e.lat == nil then return false end
  if now - e.seenAt > lostMs then return 'lost' end
  return e.duty
end
local function mark(id, e, now, lostMs)
  local s = state(e, now, lostMs)
  if s then e.shown = s else e.shown = nil end
  local seq = redis.call('INCR', KEYS[3])
  redis.call('ZADD', KEYS[4], seq, id)
end
`;

/** KEYS d, geo, seq, changed. ARGV id, lat, lng, heading, speed, at, now, minIntervalMs, lostMs. */
const INGEST = `${LUA_COMMON}
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 'offline' end
local e = cjson.decode(raw)
local now = tonumber(ARGV[7])
if e.lat ~= nil and now - e.seenAt < tonumber(ARGV[8]) then return 'too_fast' end
e.lat = tonumber(ARGV[2]); e.lng = tonumber(ARGV[3])
e.heading = tonumber(ARGV[4]); e.speed = tonumber(ARGV[5]); e.at = tonumber(ARGV[6])
e.seenAt = now
mark(ARGV[1], e, now, tonumber(ARGV[9]))
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(e))
redis.call('GEOADD', KEYS[2], ARGV[3], ARGV[2], ARGV[1])
return 'ok'`;

/** KEYS d, geo, seq, changed. ARGV id, vehicleTypeId, duty, tripId ('' = none), now, lostMs. Answers the entry. */
const ONLINE = `${LUA_COMMON}
local now = tonumber(ARGV[5])
local raw = redis.call('HGET', KEYS[1], ARGV[1])
local e
if raw then e = cjson.decode(raw) else e = { id = tonumber(ARGV[1]), heading = 0, speed = 0, at = now } end
e.vehicleTypeId = tonumber(ARGV[2]); e.duty = ARGV[3]
if ARGV[4] == '' then e.tripId = nil else e.tripId = tonumber(ARGV[4]) end
e.seenAt = now
mark(ARGV[1], e, now, tonumber(ARGV[6]))
local out = cjson.encode(e)
redis.call('HSET', KEYS[1], ARGV[1], out)
return out`;

/** KEYS d, geo, seq, changed. ARGV id, duty, tripId ('' = none), now, lostMs. */
const SET_DUTY = `${LUA_COMMON}
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
local e = cjson.decode(raw)
local tripId = nil
if ARGV[3] ~= '' then tripId = tonumber(ARGV[3]) end
if e.duty == ARGV[2] and e.tripId == tripId then return 0 end
e.duty = ARGV[2]; e.tripId = tripId
mark(ARGV[1], e, tonumber(ARGV[4]), tonumber(ARGV[5]))
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(e))
return 1`;

/** KEYS d, geo, seq, changed. ARGV id, silentSince ('' = whatever). Answers the removed entry or nil. */
const OFFLINE = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return nil end
if ARGV[2] ~= '' and cjson.decode(raw).seenAt >= tonumber(ARGV[2]) then return nil end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
local seq = redis.call('INCR', KEYS[3])
redis.call('ZADD', KEYS[4], seq, ARGV[1])
return raw`;

/** KEYS d, geo, seq, changed. ARGV now, lostMs, id…: marks the drivers whose shown state is stale. */
const RESHOW = `${LUA_COMMON}
local now = tonumber(ARGV[1]); local lostMs = tonumber(ARGV[2])
local n = 0
for i = 3, #ARGV do
  local raw = redis.call('HGET', KEYS[1], ARGV[i])
  if raw then
    local e = cjson.decode(raw)
    local s = state(e, now, lostMs)
    if (s or nil) ~= e.shown then
      mark(ARGV[i], e, now, lostMs)
      redis.call('HSET', KEYS[1], ARGV[i], cjson.encode(e))
      n = n + 1
    end
  end
end
return n`;

/**
 * KEYS d, geo, seq, changed. ARGV lng, lat, radiusKm, count (0 = all): the ids within the radius,
 * nearest first, and their entries, in one round trip.
 */
const NEAREST = `
local args = { KEYS[2], 'FROMLONLAT', ARGV[1], ARGV[2], 'BYRADIUS', ARGV[3], 'km', 'ASC' }
if tonumber(ARGV[4]) > 0 then args[#args + 1] = 'COUNT'; args[#args + 1] = ARGV[4] end
local ids = redis.call('GEOSEARCH', unpack(args))
local raws = {}
for i = 1, #ids, 1000 do
  local chunk = {}
  for j = i, math.min(i + 999, #ids) do chunk[#chunk + 1] = ids[j] end
  local got = redis.call('HMGET', KEYS[1], unpack(chunk))
  for j = 1, #got do raws[#raws + 1] = got[j] or '' end
end
return { ids, raws }`;

type Stored = Omit<LiveEntry, 'lat' | 'lng' | 'tripId' | 'shown'> & {
  lat?: number;
  lng?: number;
  tripId?: number | null;
  shown?: DriverLiveState;
};

const decode = (raw: string): LiveEntry => {
  const s = JSON.parse(raw) as Stored;
  return {
    id: s.id,
    vehicleTypeId: s.vehicleTypeId,
    duty: s.duty,
    tripId: s.tripId ?? null,
    lat: s.lat ?? NaN,
    lng: s.lng ?? NaN,
    heading: s.heading,
    speed: s.speed,
    at: s.at,
    seenAt: s.seenAt,
    shown: s.shown ?? null,
  };
};

/** Half the Earth's circumference: "anywhere" for GEOSEARCH's radius. */
const ANYWHERE_KM = 20_000;

/**
 * The live store in Redis, shared by every process using the same Redis and key prefix: entries in a
 * hash, positions in a geo set (GEOSEARCH for nearest), changes numbered so that each process sends
 * its own dispatcher sockets every change whichever process received it. Positions are checked the
 * same way as in memory; the online and flood checks run inside the atomic ingest script.
 */
export class RedisLiveStore implements LiveStore {
  readonly kind = 'redis';
  readonly accepted = { count: 0 };
  readonly dropped = Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) as Record<DropReason, number>;
  private readonly keys: [string, string, string, string];
  /** The change counter this process has read up to. */
  private cursor = 0;

  constructor(
    private readonly redis: Redis,
    readonly prefix = 'live:',
  ) {
    this.keys = [`${prefix}d`, `${prefix}geo`, `${prefix}seq`, `${prefix}changed`];
    const scripts = {
      liveIngest: INGEST,
      liveOnline: ONLINE,
      liveSetDuty: SET_DUTY,
      liveOffline: OFFLINE,
      liveReshow: RESHOW,
      liveNearest: NEAREST,
    };
    for (const [name, lua] of Object.entries(scripts))
      if (!(name in redis)) redis.defineCommand(name, { numberOfKeys: 4, lua });
  }

  private run(name: string, ...args: (string | number)[]): Promise<unknown> {
    return (this.redis as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name](
      ...this.keys,
      ...args,
    );
  }

  async size(): Promise<number> {
    return this.redis.hlen(this.keys[0]);
  }

  async get(id: number): Promise<LiveEntry | undefined> {
    const raw = await this.redis.hget(this.keys[0], String(id));
    return raw ? decode(raw) : undefined;
  }

  async getMany(ids: Iterable<number>): Promise<Map<number, LiveEntry>> {
    const list = [...ids];
    const out = new Map<number, LiveEntry>();
    for (let i = 0; i < list.length; i += 1000) {
      const chunk = list.slice(i, i + 1000);
      const raws = await this.redis.hmget(this.keys[0], ...chunk.map(String));
      raws.forEach((raw, j) => raw && out.set(chunk[j], decode(raw)));
    }
    return out;
  }

  async all(): Promise<LiveEntry[]> {
    return (await this.redis.hvals(this.keys[0])).map(decode);
  }

  async goOnline(
    driver: { id: number; vehicleTypeId: number; duty: DriverDuty; tripId: number | null },
    now = Date.now(),
  ): Promise<LiveEntry> {
    const raw = (await this.run(
      'liveOnline',
      driver.id,
      driver.vehicleTypeId,
      driver.duty,
      driver.tripId ?? '',
      now,
      LOST_AFTER_MS,
    )) as string;
    return decode(raw);
  }

  async goOffline(id: number, opts: { silentSince?: number } = {}): Promise<LiveEntry | undefined> {
    const raw = (await this.run('liveOffline', id, opts.silentSince ?? '')) as string | null;
    return raw ? decode(raw) : undefined;
  }

  async setDuty(id: number, duty: DriverDuty, tripId: number | null, now = Date.now()): Promise<void> {
    await this.run('liveSetDuty', id, duty, tripId ?? '', now, LOST_AFTER_MS);
  }

  async onTrip(tripId: number): Promise<LiveEntry[]> {
    return (await this.all()).filter((e) => e.tripId === tripId);
  }

  async ingest(id: number, input: PositionInput, now = Date.now()): Promise<'ok' | DropReason> {
    const checked = checkPosition(input, now);
    let reason: 'ok' | DropReason;
    if (typeof checked === 'string') reason = checked;
    else
      reason = (await this.run(
        'liveIngest',
        id,
        checked.lat,
        checked.lng,
        checked.heading,
        checked.speed,
        checked.at,
        now,
        MIN_INTERVAL_MS,
        LOST_AFTER_MS,
      )) as 'ok' | DropReason;
    if (reason === 'ok') this.accepted.count++;
    else this.dropped[reason]++;
    return reason;
  }

  stateOf(entry: Pick<LiveEntry, 'lat' | 'seenAt' | 'duty'>, now = Date.now()): DriverLiveState | null {
    return liveStateOf(entry, now);
  }

  feedOf(entry: LiveEntry, now = Date.now()): LiveDriver | null {
    return liveFeedOf(entry, now);
  }

  async snapshot(bbox?: BBox, now = Date.now()): Promise<LiveDriver[]> {
    const out: LiveDriver[] = [];
    for (const entry of await this.all()) {
      if (bbox && (Number.isNaN(entry.lat) || !inBBox(bbox, entry.lat, entry.lng))) continue;
      const feed = liveFeedOf(entry, now);
      if (feed) out.push(feed);
    }
    return out.sort((a, b) => a.id - b.id);
  }

  async sweep(now = Date.now()): Promise<number[]> {
    const offline: number[] = [];
    const reshow: number[] = [];
    for (const entry of await this.all()) {
      if (now - entry.seenAt > OFFLINE_AFTER_MS) offline.push(entry.id);
      else if (liveStateOf(entry, now) !== entry.shown) reshow.push(entry.id);
    }
    // Re-checked inside the script: a position that arrived meanwhile is no change to announce.
    for (let i = 0; i < reshow.length; i += 500)
      await this.run('liveReshow', now, LOST_AFTER_MS, ...reshow.slice(i, i + 500));
    return offline;
  }

  async drainChanged(): Promise<Set<number>> {
    const found = await this.redis.zrangebyscore(this.keys[3], `(${this.cursor}`, '+inf', 'WITHSCORES');
    const out = new Set<number>();
    for (let i = 0; i < found.length; i += 2) {
      out.add(Number(found[i]));
      this.cursor = Math.max(this.cursor, Number(found[i + 1]));
    }
    return out;
  }

  /**
   * GEOSEARCH nearest first and the entries (HMGET) in one Lua call (one round trip), filtered by
   * `accept`; when too few pass, the search is repeated for four times as many. Distances are measured again from the entries'
   * positions (the same great circle as the memory store).
   */
  async nearest(lat: number, lng: number, opts: NearestOptions): Promise<NearestDriver[]> {
    const maxKm = opts.maxKm ?? Infinity;
    const radiusKm = Number.isFinite(maxKm) ? Math.min(ANYWHERE_KM, maxKm * 1.001 + 0.001) : ANYWHERE_KM;
    // 0 asks for every driver within the radius.
    let count = Number.isFinite(opts.limit) ? Math.max(16, opts.limit * 4) : 0;
    for (;;) {
      const [ids, raws] = (await this.run('liveNearest', lng, lat, radiusKm, count)) as [string[], string[]];
      const found: NearestDriver[] = [];
      ids.forEach((_, i) => {
        if (!raws[i]) return;
        const entry = decode(raws[i]);
        if (Number.isNaN(entry.lat) || (opts.accept && !opts.accept(entry))) return;
        const distanceKm = haversineKm({ lat, lng }, { lat: entry.lat, lng: entry.lng });
        if (distanceKm <= maxKm) found.push({ entry, distanceKm });
      });
      if (found.length >= opts.limit || count === 0 || ids.length < count) {
        return found
          .sort((a, b) => a.distanceKm - b.distanceKm || a.entry.id - b.entry.id)
          .slice(0, Number.isFinite(opts.limit) ? opts.limit : undefined);
      }
      count *= 4;
    }
  }

  /** Forgets every driver (tests, a fresh deployment). */
  async clear(): Promise<void> {
    await this.redis.del(...this.keys);
    this.cursor = 0;
  }

  async close(): Promise<void> {}
}
