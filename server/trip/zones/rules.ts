import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { zoneVerdict, type ZoneRule, type ZoneVerdict } from '../../../src/domain/zones.js';

type Reader = Kysely<Database> | Transaction<Database>;
type Point = { lat: number; lng: number };

/**
 * What the active zones say of a trip between two points: only the zones whose bounding box holds
 * the pickup or the drop-off are read (the box index), then tested point-in-polygon.
 */
export async function zonesVerdict(db: Reader, pickup: Point, dropoff: Point): Promise<ZoneVerdict> {
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
  return zoneVerdict(pickup, dropoff, rows as ZoneRule[], areas !== undefined);
}
