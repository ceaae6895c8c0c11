import { sql } from 'kysely';
import { defineResource, type WriteContext } from '../../rest/declaration.js';
import { badRequest } from '../../errors.js';
import { zoneFares as zoneFaresManifest } from '../../../src/domain/resources/zoneFares.js';
import { duplicateFarePair } from '../../../src/domain/zoneFares.js';
import { refusal } from '../../../src/domain/messageCodes.js';

const zoneName = (column: string) => sql<string>`(select z.name from zones z where z.id = ${sql.ref(column)})`;

/**
 * The checks the database cannot say in words: both zones and the vehicle type exist, and the pair
 * does not duplicate another fixed fare (the same direction, or its reverse when either goes both
 * ways). A field error names the field; nothing is written.
 */
async function checked(input: Record<string, unknown>, ctx: WriteContext) {
  const merged = { ...ctx.existing, ...input } as {
    id?: number;
    fromZoneId: number;
    toZoneId: number;
    vehicleTypeId: number | null;
    bothWays: boolean;
  };
  const errors: Record<string, string> = {};
  for (const field of ['fromZoneId', 'toZoneId'] as const) {
    if (input[field] === undefined) continue;
    const zone = await ctx.trx.selectFrom('zones').select('id').where('id', '=', merged[field]).executeTakeFirst();
    if (!zone) errors[field] = refusal('noSuch', { label: 'zone' });
  }
  if (input.vehicleTypeId !== undefined && merged.vehicleTypeId !== null) {
    const type = await ctx.trx
      .selectFrom('vehicleTypes')
      .select('id')
      .where('id', '=', merged.vehicleTypeId)
      .executeTakeFirst();
    if (!type) errors.vehicleTypeId = refusal('noSuch', { label: 'vehicle type' });
  }
  if (!errors.fromZoneId && !errors.toZoneId) {
    const others = await ctx.trx
      .selectFrom('zoneFares')
      .select(['id', 'fromZoneId', 'toZoneId', 'vehicleTypeId', 'bothWays'])
      .where('fromZoneId', 'in', [merged.fromZoneId, merged.toZoneId])
      .where('toZoneId', 'in', [merged.fromZoneId, merged.toZoneId])
      .execute();
    const duplicate = duplicateFarePair({ ...merged, bothWays: merged.bothWays ?? true }, others);
    if (duplicate) errors.toZoneId = duplicate;
  }
  const fields = Object.keys(errors);
  if (fields.length) throw badRequest(errors[fields[0]], errors);
  return input;
}

export const zoneFares = defineResource(zoneFaresManifest, {
  table: 'zoneFares',
  description: `Airport-style fixed fares between two service zones. A trip whose pickup is in fromZoneId and drop-off in toZoneId (or the reverse, with bothWays) is charged amount instead of the metered fare (base + distance + time): no surge (neither the time windows nor the zones' own), no minimum; a discount code still applies. vehicleTypeId null: every vehicle type; a vehicle type's own fare wins. The estimates (fixedFare), the passenger app's quotes and the booked fare use it.
- A zone or vehicle type that does not exist, an amount not above 0, or a pair that another fixed fare of the same vehicle type covers already (the same direction, or the reverse when either goes both ways) is a 400 naming the field; nothing is written.
- A zone with fixed fares cannot be deleted (409).`,
  delete: true,
  computed: {
    route: {
      type: 'text',
      sql: sql<string>`${zoneName('zone_fares.from_zone_id')} || ' → ' || ${zoneName('zone_fares.to_zone_id')}`,
    },
  },
  toColumns: checked,
});
