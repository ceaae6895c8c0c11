import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLiveStore } from '../../server/apps/live/redisStore.js';
import { LiveDrivers } from '../../server/apps/live/service.js';
import type { DriverPositionsBatch } from '../../src/domain/liveDrivers.js';
import { T0, inCity, liveStoreSuite, nairobi, online, random } from './liveStoreSuite.js';

/**
 * The Redis live position store: the same behaviour suite as the memory store, then what only a
 * shared store does (two processes, each with its own connection, see one city). Runs under
 * `npm run test:pg` (REDIS_URL set).
 */
if (!process.env.REDIS_URL) throw new Error('liveStore-redis.pg.test.ts needs REDIS_URL (npm run test:pg)');

const clients: Redis[] = [];
const connect = () => {
  const c = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 3 });
  clients.push(c);
  return c;
};
const prefixes: string[] = [];
const freshPrefix = () => {
  const p = `ride-test-live:${process.pid}:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
  prefixes.push(p);
  return p;
};
const main = connect();
const cleanUp = async () => {
  for (const p of prefixes.splice(0)) await new RedisLiveStore(main, p).clear();
};
afterAll(async () => {
  await cleanUp();
  await Promise.all(clients.map((c) => c.quit()));
});

liveStoreSuite('redis', async () => new RedisLiveStore(main, freshPrefix()), cleanUp);

describe('redis: one city for several processes', () => {
  it('a driver online through one process is stored and found through another', async () => {
    const prefix = freshPrefix();
    const a = new RedisLiveStore(connect(), prefix);
    const b = new RedisLiveStore(connect(), prefix);
    await online(a, 1);
    expect(await b.ingest(1, nairobi, T0)).toBe('ok');
    expect(await b.ingest(1, nairobi, T0 + 100)).toBe('too_fast'); // the flood check is shared too
    expect((await a.nearest(nairobi.lat, nairobi.lng, { limit: 1, now: T0 })).map((f) => f.entry.id)).toEqual([1]);
    await b.setDuty(1, 'offered', 4, T0);
    expect((await a.get(1))?.duty).toBe('offered');
    // Both processes sweep the silent driver; only one takes them offline.
    const sweeps = await Promise.all([a.sweep(T0 + 301_000), b.sweep(T0 + 301_000)]);
    expect(sweeps).toEqual([[1], [1]]);
    const taken = await Promise.all([a, b].map((s) => s.goOffline(1, { silentSince: T0 + 1 })));
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await a.size()).toBe(0);
  });

  it('each process batches every change to its own dispatchers, whichever process received it', async () => {
    const prefix = freshPrefix();
    const quiet = { info() {}, error() {} } as never;
    const liveA = new LiveDrivers(undefined as never, quiet, new RedisLiveStore(connect(), prefix));
    const liveB = new LiveDrivers(undefined as never, quiet, new RedisLiveStore(connect(), prefix));
    const toA: DriverPositionsBatch[] = [];
    const toB: DriverPositionsBatch[] = [];
    liveA.watch('a1', [36.6, -1.45, 37.1, -1.15], (m) => toA.push(m));
    liveB.watch('b1', [36.6, -1.45, 37.1, -1.15], (m) => toB.push(m));
    const r = random(7);
    // 100 drivers, half sending through each process.
    for (let id = 1; id <= 100; id++) {
      const live = id % 2 ? liveA : liveB;
      await online(live.store, id);
      expect(await live.ingest(id, inCity(r), T0)).toBe('ok');
    }
    await Promise.all([liveA.broadcast(T0), liveB.broadcast(T0)]);
    const ids = (batches: DriverPositionsBatch[]) =>
      batches.flatMap((m) => m.moved.map((d) => d.id)).sort((x, y) => x - y);
    expect(ids(toA)).toEqual(ids(toB));
    expect(ids(toA)).toHaveLength(100);
    // One moves through A, another goes offline through B: both dispatchers hear of both.
    await liveA.ingest(1, nairobi, T0 + 1000);
    await liveB.store.goOffline(2);
    toA.length = 0;
    toB.length = 0;
    await Promise.all([liveA.broadcast(T0 + 1000), liveB.broadcast(T0 + 1000)]);
    for (const batches of [toA, toB]) {
      expect(batches).toHaveLength(1);
      expect(batches[0].moved.map((d) => [d.id, d.lat])).toEqual([[1, nairobi.lat]]);
      expect(batches[0].gone).toEqual([2]);
    }
  });
});
