import { describe, expect, it } from 'vitest';
import { parseChangeNotice, RecordCache } from '../../server/rest/recordCache';

const liveCache = (limit?: number) => {
  const cache = new RecordCache(limit);
  cache.setLive(true);
  return cache;
};

describe('the cache of one record by id', () => {
  it('keeps nothing and serves nothing while change notices are not arriving', () => {
    const cache = new RecordCache();
    cache.store(1, '{"id":1}', cache.begin());
    expect(cache.get(1)).toBeUndefined();
    const live = liveCache();
    live.store(1, '{"id":1}', live.begin());
    live.setLive(false);
    expect(live.get(1)).toBeUndefined();
    live.setLive(true);
    expect(live.get(1)).toBeUndefined();
  });

  it('does not keep a read that started before a change (it may hold the old record)', () => {
    const cache = liveCache();
    const started = cache.begin();
    cache.evict([2]);
    cache.store(1, 'old', started);
    expect(cache.get(1)).toBeUndefined();
    cache.store(1, 'new', cache.begin());
    expect(cache.get(1)).toBe('new');
  });

  it('drops the named records, or all of them, and the least recently read past its limit', () => {
    const cache = liveCache(2);
    cache.store(1, 'one', cache.begin());
    cache.store(2, 'two', cache.begin());
    expect(cache.get(1)).toBe('one');
    cache.store(3, 'three', cache.begin());
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual(['one', undefined, 'three']);
    cache.evict([1]);
    expect(cache.get(1)).toBeUndefined();
    cache.evict('all');
    expect(cache.size).toBe(0);
  });

  it("reads PostgreSQL's notices and refuses malformed ones", () => {
    expect(parseChangeNotice('trips:12,13')).toEqual({ name: 'trips', ids: [12, 13] });
    expect(parseChangeNotice('trips:*')).toEqual({ name: 'trips', ids: 'all' });
    for (const bad of ['trips', ':1', 'trips:', 'trips:1,x', 'trips:-1', 'trips:1.5'])
      expect(parseChangeNotice(bad)).toBeUndefined();
  });
});
