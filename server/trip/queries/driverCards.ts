import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { nameOf } from '../../rest/names.js';
import { RECORD_CHANGED, type RecordChangedEvent } from '../../rest/engine.js';
import type { AppServices } from '../../services.js';
import type { DriverCard as SharedCard } from '../../../src/domain/driverCards.js';

/** "Toyota Axio · white": the make and model, and the colour, of a driver's vehicle (null when none is recorded). */
export const vehicleOf = sql<
  string | null
>`nullif(concat_ws(' · ', nullif(trim(concat_ws(' ', drivers.vehicle_make, drivers.vehicle_model)), ''), drivers.vehicle_colour), '')`;

/** A cached driver card: the shared card (src/domain/driverCards.ts) and what the nearest list filters by. */
export interface DriverCard extends SharedCard {
  vehicleTypeId: number | null;
  approved: boolean;
  /** drivers.last_seen_at (ms), null when never seen. */
  lastSeenAt: number | null;
}

/** Cached cards are read again from the database in the background at most this often. */
export const CARD_REFRESH_MS = 5000;

/**
 * The small card data of drivers (name, phone, plate, rating, vehicle type, approval) kept in memory,
 * so that the nearest-drivers route answers without the database on its hot path (on PGlite every
 * query waits behind the simulator's writes on the single connection). A driver not cached yet is
 * read once; a write through the engine (drivers resource, its actions) drops that driver's card at
 * once; `forget` does the same for other paths (a new rating); and every cached card is re-read in the
 * background at most every CARD_REFRESH_MS when the cache is used, so nothing stays stale longer.
 */
export class DriverCards {
  private readonly cards = new Map<number, DriverCard>();
  private refreshedAt = Date.now();
  private refreshing?: Promise<void>;
  /** Reads from the database (statistics for tests and benchmarks). */
  readonly reads = { misses: 0, refreshes: 0 };

  constructor(
    private readonly db: Db,
    private readonly refreshMs = CARD_REFRESH_MS,
  ) {}

  /** Drops a driver's card: the next use reads it again. */
  forget(id: number): void {
    this.cards.delete(id);
  }

  get size(): number {
    return this.cards.size;
  }

  /** The cards of these drivers (unknown ids are absent). */
  async get(ids: readonly number[], now = Date.now()): Promise<Map<number, DriverCard>> {
    const missing = ids.filter((id) => !this.cards.has(id));
    if (missing.length) {
      this.reads.misses++;
      await this.load(missing);
    }
    if (now - this.refreshedAt >= this.refreshMs && !this.refreshing) {
      this.refreshedAt = now;
      this.refreshing = this.refresh()
        .catch(() => undefined)
        .finally(() => (this.refreshing = undefined));
    }
    const out = new Map<number, DriverCard>();
    for (const id of ids) {
      const card = this.cards.get(id);
      if (card) out.set(id, card);
    }
    return out;
  }

  /** Reads every cached card again (drivers deleted meanwhile are dropped). */
  async refresh(): Promise<void> {
    this.reads.refreshes++;
    const ids = [...this.cards.keys()];
    const seen = new Set<number>();
    for (let i = 0; i < ids.length; i += 1000) for (const id of await this.load(ids.slice(i, i + 1000))) seen.add(id);
    for (const id of ids) if (!seen.has(id)) this.cards.delete(id);
  }

  private async load(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('drivers')
      .select([
        'drivers.id',
        'drivers.phone',
        'drivers.vehiclePlate',
        'drivers.rating',
        'drivers.vehicleTypeId',
        'drivers.approvalStatus',
        'drivers.lastSeenAt',
      ])
      .select(nameOf('drivers', 'drivers.id').as('name'))
      .select(vehicleOf.as('vehicle'))
      .where('drivers.id', 'in', ids)
      .execute();
    for (const r of rows)
      this.cards.set(r.id, {
        id: r.id,
        name: r.name,
        phone: r.phone,
        vehiclePlate: r.vehiclePlate,
        vehicle: r.vehicle,
        rating: Number(r.rating),
        vehicleTypeId: r.vehicleTypeId,
        approved: r.approvalStatus === 'approved',
        lastSeenAt: r.lastSeenAt?.getTime() ?? null,
      });
    return rows.map((r) => r.id);
  }
}

const caches = new WeakMap<AppServices, DriverCards>();

/** The app's driver card cache, made on first use and kept up to date by the engine's write events. */
export function driverCardsOf(services: AppServices): DriverCards {
  let cards = caches.get(services);
  if (!cards) {
    const made = new DriverCards(services.db);
    services.events.on(RECORD_CHANGED, (e: RecordChangedEvent) => {
      if (e.resource === 'drivers') made.forget(e.id);
    });
    caches.set(services, made);
    cards = made;
  }
  return cards;
}
