import { describe, expect, it } from 'vitest';
import { LiveStore } from '../../server/apps/live/store.js';
import { LiveDrivers } from '../../server/apps/live/service.js';
import { CITY } from '../../src/domain/city.js';
import { haversineKm } from '../../src/domain/fare.js';
import type { DriverPositionsBatch } from '../../src/domain/liveDrivers.js';

const T0 = Date.parse('2026-03-02T08:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const nairobi = { lat: -1.2864, lng: 36.8172 };

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const inCity = (r: () => number) => ({
  lat: CITY.bounds.south + r() * (CITY.bounds.north - CITY.bounds.south),
  lng: CITY.bounds.west + r() * (CITY.bounds.east - CITY.bounds.west),
});

const online = (store: LiveStore, id: number, now = T0, vehicleTypeId = 1) =>
  store.goOnline({ id, vehicleTypeId, duty: 'available', tripId: null }, now);

describe('position ingest', () => {
  it('stores a good position and shows the driver as available', () => {
    const store = new LiveStore();
    online(store, 7);
    expect(store.snapshot(undefined, T0)).toEqual([]); // no position yet: not in the feed
    expect(store.ingest(7, { ...nairobi, heading: 370, speed: 8.5, at: iso(T0) }, T0)).toBe('ok');
    expect(store.snapshot(undefined, T0)).toEqual([
      { id: 7, ...nairobi, heading: 10, speed: 8.5, state: 'available', vehicleTypeId: 1, tripId: null, at: iso(T0) },
    ]);
    expect(store.accepted.count).toBe(1);
  });

  it('drops and counts positions outside the area, from offline drivers, old, future or malformed', () => {
    const store = new LiveStore();
    online(store, 1);
    const cases = [
      [1, { lat: -4.05, lng: 39.66, at: iso(T0) }, 'outside'], // Mombasa
      [2, { ...nairobi, at: iso(T0) }, 'offline'],
      [1, { ...nairobi, at: iso(T0 - 31_000) }, 'stale'],
      [1, { ...nairobi, at: iso(T0 + 6_000) }, 'future'],
      [1, { lat: 'x', lng: 36.8 }, 'invalid'],
      [1, { ...nairobi, at: 'yesterday' }, 'invalid'],
      [1, { ...nairobi, speed: Number.NaN }, 'invalid'],
    ] as const;
    for (const [id, pos, reason] of cases) expect(store.ingest(id, pos, T0)).toBe(reason);
    expect(store.dropped).toMatchObject({ outside: 1, offline: 1, stale: 1, future: 1, invalid: 3 });
    expect(store.snapshot(undefined, T0)).toEqual([]);
    expect(store.accepted.count).toBe(0);
  });

  it('drops a flood faster than 4 a second', () => {
    const store = new LiveStore();
    online(store, 1);
    expect(store.ingest(1, nairobi, T0)).toBe('ok');
    expect(store.ingest(1, nairobi, T0 + 100)).toBe('too_fast');
    expect(store.ingest(1, nairobi, T0 + 1000)).toBe('ok');
  });
});

describe('silence', () => {
  it('shows a driver silent for 60 s as lost, back when heard again, and offline after 5 min', () => {
    const store = new LiveStore();
    online(store, 1);
    store.ingest(1, { ...nairobi, at: iso(T0) }, T0);
    store.drainChanged();
    expect(store.sweep(T0 + 60_000)).toEqual([]);
    expect(store.snapshot(undefined, T0 + 60_000)[0].state).toBe('available');
    expect(store.drainChanged().size).toBe(0);
    expect(store.sweep(T0 + 61_000)).toEqual([]);
    expect(store.snapshot(undefined, T0 + 61_000)[0].state).toBe('lost');
    expect([...store.drainChanged()]).toEqual([1]); // the change reaches dispatchers
    store.ingest(1, { ...nairobi, at: iso(T0 + 90_000) }, T0 + 90_000);
    expect(store.snapshot(undefined, T0 + 90_000)[0].state).toBe('available');
    expect(store.sweep(T0 + 90_000 + 5 * 60_000)).toEqual([]);
    expect(store.sweep(T0 + 90_001 + 5 * 60_000)).toEqual([1]);
  });
});

describe('database writes', () => {
  it('makes a driver due at most every 30 s, and only with a new position', () => {
    const store = new LiveStore();
    online(store, 1);
    expect(store.dueForWrite(T0)).toEqual([]);
    store.ingest(1, nairobi, T0);
    const due = store.dueForWrite(T0);
    expect(due.map((e) => e.id)).toEqual([1]);
    store.markWritten(due, T0);
    store.ingest(1, nairobi, T0 + 1000);
    expect(store.dueForWrite(T0 + 29_999)).toEqual([]);
    expect(store.dueForWrite(T0 + 30_000).map((e) => e.id)).toEqual([1]);
  });
});

describe('nearest drivers through the spatial index', () => {
  it('finds exactly what a brute-force scan finds', () => {
    const r = random(42);
    const store = new LiveStore();
    for (let id = 1; id <= 2000; id++) {
      store.goOnline(
        { id, vehicleTypeId: 1 + (id % 3), duty: id % 7 === 0 ? 'on_trip' : 'available', tripId: null },
        T0,
      );
      expect(store.ingest(id, inCity(r), T0)).toBe('ok');
    }
    for (let q = 0; q < 50; q++) {
      const at = inCity(r);
      const vehicleTypeId = 1 + (q % 3);
      const accept = (e: { vehicleTypeId: number; duty: string }) =>
        e.vehicleTypeId === vehicleTypeId && e.duty === 'available';
      const maxKm = q % 2 ? 3 : undefined;
      const got = store.nearest(at.lat, at.lng, { limit: 10, maxKm, accept, now: T0 });
      const brute = [...store.all()]
        .filter(accept)
        .map((e) => ({ id: e.id, d: haversineKm(at, { lat: e.lat, lng: e.lng }) }))
        .filter((x) => maxKm === undefined || x.d <= maxKm)
        .sort((a, b) => a.d - b.d || a.id - b.id)
        .slice(0, 10);
      expect(got.map((g) => g.entry.id)).toEqual(brute.map((b) => b.id));
      for (const [i, g] of got.entries()) expect(g.distanceKm).toBeCloseTo(brute[i].d, 6);
    }
  });

  it('finds a driver who just came online and forgets one who left', () => {
    const store = new LiveStore();
    online(store, 1);
    store.ingest(1, nairobi, T0);
    expect(store.nearest(nairobi.lat, nairobi.lng, { limit: 5, now: T0 }).map((f) => f.entry.id)).toEqual([1]);
    online(store, 2);
    store.ingest(2, { lat: -1.29, lng: 36.82 }, T0);
    expect(store.nearest(nairobi.lat, nairobi.lng, { limit: 5, now: T0 }).map((f) => f.entry.id)).toEqual([1, 2]);
    store.goOffline(1);
    expect(store.nearest(nairobi.lat, nairobi.lng, { limit: 5, now: T0 }).map((f) => f.entry.id)).toEqual([2]);
  });
});

describe('dispatcher batches', () => {
  const quiet = { info() {}, error() {} } as never;
  it('sends a watcher only drivers in its box (+10 %), then deltas, and those that left as gone', () => {
    const live = new LiveDrivers(undefined as never, quiet);
    const store = live.store;
    const batches: DriverPositionsBatch[] = [];
    online(store, 1);
    store.ingest(1, { lat: -1.25, lng: 36.8 }, T0); // inside
    online(store, 2);
    store.ingest(2, { lat: -1.35, lng: 36.9 }, T0); // outside
    live.watch('s1', [36.75, -1.3, 36.85, -1.2], (b) => batches.push(b));
    live.broadcast(T0);
    expect(batches).toHaveLength(1);
    expect(batches[0].moved.map((d) => d.id)).toEqual([1]);
    expect(batches[0].gone).toEqual([]);

    live.broadcast(T0 + 1000); // nothing changed: nothing sent
    expect(batches).toHaveLength(1);

    store.ingest(1, { lat: -1.305, lng: 36.8 }, T0 + 1500); // in the 10 % margin below the box
    store.ingest(2, { lat: -1.34, lng: 36.9 }, T0 + 1500); // still outside
    live.broadcast(T0 + 2000);
    expect(batches[1]).toMatchObject({ moved: [{ id: 1, lat: -1.305 }], gone: [] });

    store.ingest(1, { lat: -1.33, lng: 36.8 }, T0 + 2500); // out of the margin
    live.broadcast(T0 + 3000);
    expect(batches[2]).toMatchObject({ moved: [], gone: [1] });

    online(store, 3);
    store.ingest(3, { lat: -1.25, lng: 36.8 }, T0 + 3500);
    store.goOffline(3);
    live.broadcast(T0 + 4000); // came and went within one batch: the watcher never knew it
    expect(batches).toHaveLength(3);
  });

  it('sends the drivers a moved box newly covers, and state changes such as lost', () => {
    const live = new LiveDrivers(undefined as never, quiet);
    const store = live.store;
    const batches: DriverPositionsBatch[] = [];
    online(store, 2);
    store.ingest(2, { lat: -1.35, lng: 36.9 }, T0);
    live.watch('s1', [36.75, -1.3, 36.85, -1.2], (b) => batches.push(b));
    live.broadcast(T0);
    expect(batches).toHaveLength(0);
    live.watch('s1', [36.85, -1.37, 36.95, -1.3], (b) => batches.push(b));
    live.broadcast(T0 + 1000);
    expect(batches[0].moved.map((d) => [d.id, d.state])).toEqual([[2, 'available']]);
    store.sweep(T0 + 61_000);
    live.broadcast(T0 + 61_000);
    expect(batches[1].moved.map((d) => [d.id, d.state])).toEqual([[2, 'lost']]);
    live.unwatch('s1');
    store.ingest(2, { lat: -1.35, lng: 36.9 }, T0 + 62_000);
    live.broadcast(T0 + 62_000);
    expect(batches).toHaveLength(2);
  });
});
