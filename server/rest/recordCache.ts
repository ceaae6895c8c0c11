/**
 * Answers of "one record by id", kept serialized in memory so a read of an unchanged record does not
 * reach the database (issue 30: one trip by id at twice the speed of a generated REST peer).
 *
 * A cached answer is dropped when the record may have changed:
 * - at once, in this process, by the writes that announce themselves (the engine's
 *   `recordChanged`, `tripUpdated`, the offer cascade), before the writer answers or tells the
 *   panel — so a client that changed a trip, or heard that it changed, reads the new one;
 * - by PostgreSQL's `record_changed` notices (migration 050), for every write from any process or
 *   tool, including the names a trip shows (passenger, driver, vehicle type, staff member).
 * The cache serves only while those notices arrive: until the listener is up, and whenever it is
 * lost, every read goes to the database, and the cache starts empty when it is back.
 * A read that raced a change is not kept: each store carries the generation it started in, and any
 * eviction moves the generation on.
 */
export class RecordCache {
  private readonly entries = new Map<number, string>();
  private generation = 0;
  private live = false;

  constructor(private readonly limit = 5_000) {}

  /** The serialized answer of record `id`, if cached. */
  get(id: number): string | undefined {
    if (!this.live) return undefined;
    const hit = this.entries.get(id);
    if (hit !== undefined) {
      // Least recently used goes first: a Map keeps insertion order.
      this.entries.delete(id);
      this.entries.set(id, hit);
    }
    return hit;
  }

  /** Taken before reading the database: `store` keeps the answer only if nothing changed meanwhile. */
  begin(): number | undefined {
    return this.live ? this.generation : undefined;
  }

  store(id: number, serialized: string, started: number | undefined): void {
    if (started === undefined || started !== this.generation || !this.live) return;
    this.entries.set(id, serialized);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Records that may have changed: some ids, or all of them. */
  evict(ids: readonly number[] | 'all'): void {
    this.generation++;
    if (ids === 'all') this.entries.clear();
    else for (const id of ids) this.entries.delete(id);
  }

  /** Whether change notices are arriving; a change of state empties the cache. */
  setLive(live: boolean): void {
    this.evict('all');
    this.live = live;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** `trips:12,13` or `trips:*` (migration 050) as the cache's name and what to evict; undefined if malformed. */
export function parseChangeNotice(payload: string): { name: string; ids: number[] | 'all' } | undefined {
  const colon = payload.indexOf(':');
  if (colon < 1) return undefined;
  const name = payload.slice(0, colon);
  const rest = payload.slice(colon + 1);
  if (rest === '*') return { name, ids: 'all' };
  const ids = rest.split(',').map(Number);
  return ids.length && ids.every((id) => Number.isSafeInteger(id) && id > 0) ? { name, ids } : undefined;
}
