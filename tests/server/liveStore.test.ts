import { describe, expect, it } from 'vitest';
import { MemoryLiveStore } from '../../server/apps/live/store.js';
import { DB_WRITE_INTERVAL_MS, LiveDrivers } from '../../server/apps/live/service.js';
import { T0, liveStoreSuite, nairobi, online } from './liveStoreSuite.js';

liveStoreSuite(
  'memory',
  async () => new MemoryLiveStore(),
  async () => undefined,
);

describe('database writes', () => {
  it('makes a driver due at most every 30 s, and only with a new position', async () => {
    const written: number[][] = [];
    const live = new LiveDrivers(undefined as never, { info() {}, error() {} } as never);
    // The write itself is the database's: record what would be written.
    (live as unknown as { write: (p: { id: number }[]) => Promise<void> }).write = async (p) => {
      written.push(p.map((x) => x.id));
      for (const x of p) Object.assign(x, { writtenAt: T0, unwritten: false });
    };
    await online(live.store, 1);
    expect(live.dueForWrite(T0)).toEqual([]);
    expect(await live.ingest(1, nairobi, T0)).toBe('ok');
    expect(live.dueForWrite(T0)).toEqual([1]);
    expect(await live.flush(T0)).toBe(1);
    expect(written).toEqual([[1]]);
    expect(await live.ingest(1, nairobi, T0 + 1000)).toBe('ok');
    expect(live.dueForWrite(T0 + DB_WRITE_INTERVAL_MS - 1)).toEqual([]);
    expect(await live.flush(T0 + DB_WRITE_INTERVAL_MS - 1)).toBe(0);
    expect(live.dueForWrite(T0 + DB_WRITE_INTERVAL_MS)).toEqual([1]);
  });
});

describe('dispatcher batches sent once for the same content', () => {
  it('groups the watchers whose batch is the same, each other watcher alone', async () => {
    const live = new LiveDrivers(undefined as never, { info() {}, error() {} } as never);
    const sent: [string[], number[]][] = [];
    live.sendTo = (ids, batch) => sent.push([ids, batch.moved.map((d) => d.id)]);
    await online(live.store, 1);
    await live.store.ingest(1, { lat: -1.25, lng: 36.8 }, T0);
    await online(live.store, 2);
    await live.store.ingest(2, { lat: -1.35, lng: 36.9 }, T0);
    const never = () => expect.unreachable('sent through sendTo');
    live.watch('a', [36.75, -1.3, 36.85, -1.2], never);
    live.watch('b', [36.75, -1.3, 36.85, -1.2], never);
    live.watch('c', [36.6, -1.45, 37.1, -1.15], never);
    await live.broadcast(T0);
    expect(sent).toEqual([
      [['a', 'b'], [1]],
      [['c'], [1, 2]],
    ]);
    expect(live.sent.batches).toBe(3);
  });
});
