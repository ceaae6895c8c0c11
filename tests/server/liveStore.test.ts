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
