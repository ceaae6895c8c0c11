import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../db/index.js';
import { TRIP_UPDATED, type TripUpdatedEvent } from '../../src/domain/tripEvents.js';
import { RECORD_CHANGED, type RecordChangedEvent } from './engine.js';
import { parseChangeNotice, RecordCache } from './recordCache.js';

/** The channel of migration 050's notices. */
export const RECORD_CHANGED_CHANNEL = 'record_changed';

/** The read caches of the resources that keep one (a declaration's `cacheReads`), by resource name. */
export class ReadCaches {
  private readonly caches = new Map<string, RecordCache>();
  private live = false;

  of(name: string): RecordCache {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new RecordCache();
      cache.setLive(this.live);
      this.caches.set(name, cache);
    }
    return cache;
  }

  evict(name: string, ids: readonly number[] | 'all'): void {
    this.caches.get(name)?.evict(ids);
  }

  notice(payload: string): void {
    const notice = parseChangeNotice(payload);
    if (notice) this.evict(notice.name, notice.ids);
    else for (const cache of this.caches.values()) cache.evict('all');
  }

  setLive(live: boolean): void {
    this.live = live;
    for (const cache of this.caches.values()) cache.setLive(live);
  }
}

/**
 * Keeps the caches exact: this process's own announced writes evict at once, the database's
 * notices evict whatever any process wrote. Answers the function that stops listening.
 */
export async function startReadCaches(
  caches: ReadCaches,
  handle: DbHandle,
  events: EventEmitter,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const onTrip = (event: TripUpdatedEvent) => caches.evict('trips', [event.id]);
  const onRecord = (event: RecordChangedEvent) => caches.evict(event.resource, [event.id]);
  events.on(TRIP_UPDATED, onTrip);
  events.on(RECORD_CHANGED, onRecord);
  const stop = await handle.listen(RECORD_CHANGED_CHANNEL, {
    notice: (payload) => caches.notice(payload),
    up: () => caches.setLive(true),
    down: () => {
      caches.setLive(false);
      log.warn('Record change notices lost: reads go to the database until they are back');
    },
  });
  return async () => {
    events.off(TRIP_UPDATED, onTrip);
    events.off(RECORD_CHANGED, onRecord);
    caches.setLive(false);
    await stop();
  };
}
