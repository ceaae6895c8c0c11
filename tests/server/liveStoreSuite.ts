import { afterEach, describe, expect, it } from 'vitest';
import type { LiveStore } from '../../server/apps/live/store.js';
import { LiveDrivers } from '../../server/apps/live/service.js';
import { CITY } from '../../src/domain/city.js';
import { haversineKm } from '../../src/domain/fare.js';
import type { DriverPositionsBatch } from '../../src/domain/liveDrivers.js';

/**
 * The live position store's behaviour, run against every implementation (memory in
 * liveStore.test.ts, Redis in liveStore-redis.pg.test.ts): both must answer the same.
 */

export const T0 = Date.parse('2026-03-02T08:00:00Z');
export const iso = (ms: number) => new Date(ms).toISOString();
export const nairobi = { lat: -1.2864, lng: 36.8172 };

/** A deterministic pseudo-random sequence (mulberry32). */
export function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const inCity = (r: () => number) => ({
  lat: CITY.bounds.south + r() * (CITY.bounds.north - CITY.bounds.south),
  lng: CITY.bounds.west + r() * (CITY.bounds.east - CITY.bounds.west),
});

export const online = (store: LiveStore, id: number, now = T0, vehicleTypeId = 1) =>
  store.goOnline({ id, vehicleTypeId, duty: 'available', tripId: null }, now);

const quiet = { info() {}, error() {} } as never;

/** Registers the suite; `make` answers a fresh, empty store (and is told to clean up after each test). */
export function liveStoreSuite(name: string, make: () => Promise<LiveStore>, cleanUp: () => Promise<void>) {
  afterEach(cleanUp);

  describe(`${name}: position ingest`, () => {
    it('stores a good position and shows the driver as available', async () => {
      const store = await make();
      await online(store, 7);
      expect(await store.snapshot(undefined, T0)).toEqual([]); // no position yet: not in the feed
      expect(await store.ingest(7, { ...nairobi, heading: 370, speed: 8.5, at: iso(T0) }, T0)).toBe('ok');
      expect(await store.snapshot(undefined, T0)).toEqual([
        { id: 7, ...nairobi, heading: 10, speed: 8.5, state: 'available', vehicleTypeId: 1, tripId: null, at: iso(T0) },
      ]);
      expect(store.accepted.count).toBe(1);
      expect(await store.size()).toBe(1);
    });

    it('drops and counts positions outside the area, from offline drivers, old, future or malformed', async () => {
      const store = await make();
      await online(store, 1);
      const cases = [
        [1, { lat: -4.05, lng: 39.66, at: iso(T0) }, 'outside'], // Mombasa
        [2, { ...nairobi, at: iso(T0) }, 'offline'],
        [1, { ...nairobi, at: iso(T0 - 31_000) }, 'stale'],
        [1, { ...nairobi, at: iso(T0 + 6_000) }, 'future'],
        [1, { lat: 'x', lng: 36.8 }, 'invalid'],
        [1, { ...nairobi, at: 'yesterday' }, 'invalid'],
        [1, { ...nairobi, speed: Number.NaN }, 'invalid'],
      ] as const;
      for (const [id, pos, reason] of cases) expect(await store.ingest(id, pos, T0)).toBe(reason);
      expect(store.dropped).toMatchObject({ outside: 1, offline: 1, stale: 1, future: 1, invalid: 3 });
      expect(await store.snapshot(undefined, T0)).toEqual([]);
      expect(store.accepted.count).toBe(0);
    });

    it('drops a flood faster than 4 a second', async () => {
      const store = await make();
      await online(store, 1);
      expect(await store.ingest(1, nairobi, T0)).toBe('ok');
      expect(await store.ingest(1, nairobi, T0 + 100)).toBe('too_fast');
      expect(await store.ingest(1, nairobi, T0 + 1000)).toBe('ok');
    });

    it('keeps duty and trip, answers drivers by trip, and a bbox snapshot only inside it', async () => {
      const store = await make();
      await online(store, 1);
      await online(store, 2);
      await store.ingest(1, nairobi, T0);
      await store.ingest(2, { lat: -1.35, lng: 36.9 }, T0);
      await store.setDuty(1, 'en_route', 55, T0);
      expect((await store.get(1))?.duty).toBe('en_route');
      expect((await store.onTrip(55)).map((e) => e.id)).toEqual([1]);
      expect((await store.snapshot([36.8, -1.3, 36.85, -1.25], T0)).map((d) => [d.id, d.state, d.tripId])).toEqual([
        [1, 'en_route', 55],
      ]);
      await store.setDuty(1, 'available', null, T0);
      expect(await store.onTrip(55)).toEqual([]);
      expect([...(await store.getMany([1, 2, 3])).keys()].sort()).toEqual([1, 2]);
      // Going online again keeps the position and takes the new duty.
      await store.goOnline({ id: 2, vehicleTypeId: 3, duty: 'on_trip', tripId: 9 }, T0 + 500);
      expect(await store.get(2)).toMatchObject({ vehicleTypeId: 3, duty: 'on_trip', tripId: 9, lat: -1.35 });
    });
  });

  describe(`${name}: silence`, () => {
    it('shows a driver silent for 60 s as lost, back when heard again, and offline after 5 min', async () => {
      const store = await make();
      await online(store, 1);
      await store.ingest(1, { ...nairobi, at: iso(T0) }, T0);
      await store.drainChanged();
      expect(await store.sweep(T0 + 60_000)).toEqual([]);
      expect((await store.snapshot(undefined, T0 + 60_000))[0].state).toBe('available');
      expect((await store.drainChanged()).size).toBe(0);
      expect(await store.sweep(T0 + 61_000)).toEqual([]);
      expect((await store.snapshot(undefined, T0 + 61_000))[0].state).toBe('lost');
      expect([...(await store.drainChanged())]).toEqual([1]); // the change reaches dispatchers
      expect(await store.sweep(T0 + 62_000)).toEqual([]);
      expect((await store.drainChanged()).size).toBe(0); // once
      await store.ingest(1, { ...nairobi, at: iso(T0 + 90_000) }, T0 + 90_000);
      expect((await store.snapshot(undefined, T0 + 90_000))[0].state).toBe('available');
      expect(await store.sweep(T0 + 90_000 + 5 * 60_000)).toEqual([]);
      expect(await store.sweep(T0 + 90_001 + 5 * 60_000)).toEqual([1]);
    });

    it('takes a silent driver offline once, and not one heard from meanwhile', async () => {
      const store = await make();
      await online(store, 1);
      await store.ingest(1, nairobi, T0);
      expect(await store.goOffline(1, { silentSince: T0 })).toBeUndefined(); // heard at T0
      expect(await store.goOffline(1, { silentSince: T0 + 1 })).toMatchObject({ id: 1 });
      expect(await store.goOffline(1, { silentSince: T0 + 1 })).toBeUndefined();
      expect(await store.size()).toBe(0);
      expect(await store.ingest(1, nairobi, T0 + 1000)).toBe('offline');
    });
  });

  describe(`${name}: nearest drivers`, () => {
    it('finds exactly what a brute-force scan finds', async () => {
      const r = random(42);
      const store = await make();
      for (let id = 1; id <= 2000; id++) {
        await store.goOnline(
          { id, vehicleTypeId: 1 + (id % 3), duty: id % 7 === 0 ? 'on_trip' : 'available', tripId: null },
          T0,
        );
        expect(await store.ingest(id, inCity(r), T0)).toBe('ok');
      }
      const all = await store.all();
      for (let q = 0; q < 50; q++) {
        const at = inCity(r);
        const vehicleTypeId = 1 + (q % 3);
        const accept = (e: { vehicleTypeId: number; duty: string }) =>
          e.vehicleTypeId === vehicleTypeId && e.duty === 'available';
        const maxKm = q % 2 ? 3 : undefined;
        const limit = q % 5 === 0 ? Infinity : 10;
        const got = await store.nearest(at.lat, at.lng, { limit, maxKm, accept, now: T0 });
        const brute = all
          .filter(accept)
          .map((e) => ({ id: e.id, d: haversineKm(at, { lat: e.lat, lng: e.lng }) }))
          .filter((x) => maxKm === undefined || x.d <= maxKm)
          .sort((a, b) => a.d - b.d || a.id - b.id)
          .slice(0, Number.isFinite(limit) ? limit : undefined);
        expect(got.map((g) => g.entry.id)).toEqual(brute.map((b) => b.id));
        for (const [i, g] of got.entries()) expect(g.distanceKm).toBeCloseTo(brute[i].d, 6);
      }
    });

    it('finds a driver who just came online and forgets one who left', async () => {
      const store = await make();
      const ids = async () =>
        (await store.nearest(nairobi.lat, nairobi.lng, { limit: 5, now: T0 })).map((f) => f.entry.id);
      await online(store, 1);
      expect(await ids()).toEqual([]); // online without a position: not placed
      await store.ingest(1, nairobi, T0);
      expect(await ids()).toEqual([1]);
      await online(store, 2);
      await store.ingest(2, { lat: -1.29, lng: 36.82 }, T0);
      expect(await ids()).toEqual([1, 2]);
      await store.goOffline(1);
      expect(await ids()).toEqual([2]);
    });
  });

  describe(`${name}: dispatcher batches`, () => {
    it('sends a watcher only drivers in its box (+10 %), then deltas, and those that left as gone', async () => {
      const store = await make();
      const live = new LiveDrivers(undefined as never, quiet, store);
      const batches: DriverPositionsBatch[] = [];
      await online(store, 1);
      await store.ingest(1, { lat: -1.25, lng: 36.8 }, T0); // inside
      await online(store, 2);
      await store.ingest(2, { lat: -1.35, lng: 36.9 }, T0); // outside
      live.watch('s1', [36.75, -1.3, 36.85, -1.2], (b) => batches.push(b));
      await live.broadcast(T0);
      expect(batches).toHaveLength(1);
      expect(batches[0].moved.map((d) => d.id)).toEqual([1]);
      expect(batches[0].gone).toEqual([]);

      await live.broadcast(T0 + 1000); // nothing changed: nothing sent
      expect(batches).toHaveLength(1);

      await store.ingest(1, { lat: -1.305, lng: 36.8 }, T0 + 1500); // in the 10 % margin below the box
      await store.ingest(2, { lat: -1.34, lng: 36.9 }, T0 + 1500); // still outside
      await live.broadcast(T0 + 2000);
      expect(batches[1]).toMatchObject({ moved: [{ id: 1, lat: -1.305 }], gone: [] });

      await store.ingest(1, { lat: -1.33, lng: 36.8 }, T0 + 2500); // out of the margin
      await live.broadcast(T0 + 3000);
      expect(batches[2]).toMatchObject({ moved: [], gone: [1] });

      await online(store, 3);
      await store.ingest(3, { lat: -1.25, lng: 36.8 }, T0 + 3500);
      await store.goOffline(3);
      await live.broadcast(T0 + 4000); // came and went within one batch: the watcher never knew it
      expect(batches).toHaveLength(3);
    });

    it('sends the drivers a moved box newly covers, and state changes such as lost', async () => {
      const store = await make();
      const live = new LiveDrivers(undefined as never, quiet, store);
      const batches: DriverPositionsBatch[] = [];
      await online(store, 2);
      await store.ingest(2, { lat: -1.35, lng: 36.9 }, T0);
      live.watch('s1', [36.75, -1.3, 36.85, -1.2], (b) => batches.push(b));
      await live.broadcast(T0);
      expect(batches).toHaveLength(0);
      live.watch('s1', [36.85, -1.37, 36.95, -1.3], (b) => batches.push(b));
      await live.broadcast(T0 + 1000);
      expect(batches[0].moved.map((d) => [d.id, d.state])).toEqual([[2, 'available']]);
      await store.sweep(T0 + 61_000);
      await live.broadcast(T0 + 61_000);
      expect(batches[1].moved.map((d) => [d.id, d.state])).toEqual([[2, 'lost']]);
      live.unwatch('s1');
      await store.ingest(2, { lat: -1.35, lng: 36.9 }, T0 + 62_000);
      await live.broadcast(T0 + 62_000);
      expect(batches).toHaveLength(2);
    });
  });
}
