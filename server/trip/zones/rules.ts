import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { zoneVerdict, type ZoneRule, type ZoneVerdict } from '../../../src/domain/zones.js';
import { fixedFareFor, type FixedFareRule } from '../../../src/domain/zoneFares.js';

type Reader = Kysely<Database> | Transaction<Database>;
type Point = { lat: number; lng: number };

/** What the zones say of a trip, with the fixed fares that start or end in its zones. */
export interface ZonesPricing extends ZoneVerdict {
  fixedFares: FixedFareRule[];
  /** Zone names by id (the zones around the pickup and the drop-off). */
  zoneNames: Map<number, string>;
}

/** What the zones change in one vehicle type's fare: their surge, or a fixed fare (then no surge). */
export interface ZoneFare {
  surgeExtra: number;
  fixedFare?: { id: number; amount: number; name: string };
}

export const NO_ZONE_FARE: ZoneFare = { surgeExtra: 0 };

/**
 * What the active zones say of a trip between two points: only the zones whose bounding box holds
 * the pickup or the drop-off are read (the box index), then tested point-in-polygon.
 */
export async function zonesVerdict(db: Reader, pickup: Point, dropoff: Point): Promise<ZonesPricing> {
  const rows = await db
    .selectFrom('zones')
    .select(['id', 'name', 'kind', 'pickupAllowed', 'surgeMultiplier', 'polygon'])
    .where('active', '=', true)
    .where((eb) =>
      eb.or(
        [pickup, dropoff].map((p) =>
          eb.and([
            eb('minLat', '<=', p.lat),
            eb('maxLat', '>=', p.lat),
            eb('minLng', '<=', p.lng),
            eb('maxLng', '>=', p.lng),
          ]),
        ),
      ),
    )
    .execute();
  const areas = await db
    .selectFrom('zones')
    .select('id')
    .where('active', '=', true)
    .where('kind', '=', 'service_area')
    .limit(1)
    .executeTakeFirst();
  const verdict = zoneVerdict(pickup, dropoff, rows as ZoneRule[], areas !== undefined);
  const ids = [...new Set([...verdict.pickupZoneIds, ...verdict.dropoffZoneIds])];
  const fixedFares = ids.length
    ? ((await db
        .selectFrom('zoneFares')
        .select(['id', 'fromZoneId', 'toZoneId', 'vehicleTypeId', 'amount', 'bothWays', 'active'])
        .where('active', '=', true)
        .where('fromZoneId', 'in', ids)
        .where('toZoneId', 'in', ids)
        .execute()) as FixedFareRule[])
    : [];
  return {
    ...verdict,
    fixedFares: fixedFares.map((f) => ({ ...f, amount: Number(f.amount) })),
    zoneNames: new Map(rows.map((z) => [z.id, z.name])),
  };
}

/** One vehicle type's zone effect: a fixed fare between the trip's zones replaces the metered fare and its surge. */
export function zoneFareFor(zones: ZonesPricing, vehicleTypeId: number): ZoneFare {
  const fixed = fixedFareFor(zones.fixedFares, zones.pickupZoneIds, zones.dropoffZoneIds, vehicleTypeId);
  if (!fixed) return { surgeExtra: zones.surgeExtra };
  const forward = zones.pickupZoneIds.includes(fixed.fromZoneId) && zones.dropoffZoneIds.includes(fixed.toZoneId);
  const [a, b] = forward ? [fixed.fromZoneId, fixed.toZoneId] : [fixed.toZoneId, fixed.fromZoneId];
  const name = `${zones.zoneNames.get(a) ?? a} → ${zones.zoneNames.get(b) ?? b}`;
  return { surgeExtra: 0, fixedFare: { id: fixed.id, amount: fixed.amount, name } };
}
