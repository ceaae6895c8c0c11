import { sql, type Transaction } from 'kysely';
import { ApiError } from '../../errors.js';
import { defineAction, defineResource } from '../../rest/declaration.js';
import type { Database } from '../../db/schema.js';
import { vehicleTypes as vehicleTypesManifest } from '../../../src/domain/resources/vehicleTypes.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/** Trips in the last 7 days per type: an index-only range count on trips (vehicle_type_id, requested_at). */
const TRIPS_LAST_7_DAYS = sql`(select count(*)::int from trips t
  where t.vehicle_type_id = vehicle_types.id and t.requested_at >= now() - interval '7 days')`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Drivers of the type on a trip now (accepted, arrived or in progress), by the partial index of active trips. */
export async function driversOnActiveTrips(trx: Transaction<Database>, vehicleTypeId: number): Promise<number> {
  const row = await trx
    .selectFrom('trips')
    .select(sql<number>`count(distinct driver_id)::int`.as('n'))
    .where('status', 'in', ['requested', 'accepted', 'arrived', 'in_progress'])
    .where('driverId', 'is not', null)
    .where('vehicleTypeId', '=', vehicleTypeId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function approvedDrivers(trx: Transaction<Database>, vehicleTypeId: number): Promise<number> {
  const row = await trx
    .selectFrom('drivers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('vehicleTypeId', '=', vehicleTypeId)
    .where('approvalStatus', '=', 'approved')
    .executeTakeFirstOrThrow();
  return row.n;
}

async function refuseWhileOnTrips(trx: Transaction<Database>, vehicleTypeId: number): Promise<void> {
  const busy = await driversOnActiveTrips(trx, vehicleTypeId);
  if (busy > 0)
    throw new ApiError(
      409,
      `${plural(busy, 'driver')} of this type ${busy === 1 ? 'is' : 'are'} on an active trip. Deactivate it once ${busy === 1 ? 'that trip has' : 'their trips have'} ended.`,
    );
}

/** POST vehicle-types/:id/deactivate: passengers can no longer order it; refused while its drivers are on trips. */
const deactivate = defineAction({
  access: 'update-VehicleType',
  summary: 'Deactivate a vehicle type',
  description:
    'Passengers can no longer order the type and its drivers get no new trips. Refused (409, saying how many) while drivers of the type are on an active trip. The answer says how many approved drivers it affected.',
  async handler({ trx, existing, id }) {
    const vehicleTypeId = id!;
    if (existing!.active === false) throw new ApiError(409, refusal('vehicleTypeAlreadyInactive'));
    await refuseWhileOnTrips(trx, vehicleTypeId);
    const affected = await approvedDrivers(trx, vehicleTypeId);
    await trx
      .updateTable('vehicleTypes')
      .set({ active: false, updatedAt: new Date() })
      .where('id', '=', vehicleTypeId)
      .execute();
    return {
      message: `${String(existing!.name)} deactivated: ${plural(affected, 'approved driver')} get no new trips of this type`,
    };
  },
});

/** POST vehicle-types/:id/activate: passengers can order it again. */
const activate = defineAction({
  access: 'update-VehicleType',
  summary: 'Activate a vehicle type',
  async handler({ trx, existing, id }) {
    if (existing!.active === true) throw new ApiError(409, refusal('vehicleTypeAlreadyActive'));
    await trx.updateTable('vehicleTypes').set({ active: true, updatedAt: new Date() }).where('id', '=', id!).execute();
    return { message: `${String(existing!.name)} can be ordered again` };
  },
});

export const vehicleTypes = defineResource(vehicleTypesManifest, {
  table: 'vehicleTypes',
  description:
    'Kinds of vehicle a passenger can order, with their rates (KES). A fare is base + price per km × distance + price per minute × duration, raised by surge and to the minimum fare. `commissionPercent` null means the default commission of the price settings applies. `approvedDrivers` and `tripsLast7Days` are computed; `active` changes through the deactivate and activate actions.',
  computed: {
    driverCount: {
      type: 'int',
      sql: sql`(select count(*)::int from drivers d where d.vehicle_type_id = vehicle_types.id)`,
      sort: true,
    },
    approvedDrivers: {
      type: 'int',
      sql: sql`(select count(*)::int from drivers d where d.vehicle_type_id = vehicle_types.id and d.approval_status = 'approved')`,
      sort: true,
    },
    tripsLast7Days: { type: 'int', sql: TRIPS_LAST_7_DAYS, sort: true },
  },
  actions: { deactivate, activate },
  delete: true,
  async beforeDelete({ trx, existing }) {
    const id = existing!.id as number;
    const [{ drivers }, trip] = await Promise.all([
      trx
        .selectFrom('drivers')
        .select(sql<number>`count(*)::int`.as('drivers'))
        .where('vehicleTypeId', '=', id)
        .executeTakeFirstOrThrow(),
      trx.selectFrom('trips').select('id').where('vehicleTypeId', '=', id).limit(1).executeTakeFirst(),
    ]);
    if (drivers > 0 || trip) {
      throw new ApiError(
        409,
        `This vehicle type is in use${drivers ? ` by ${drivers} driver${drivers === 1 ? '' : 's'}` : ''}${trip ? (drivers ? ' and by past trips' : ' by past trips') : ''}. Deactivate it instead.`,
      );
    }
  },
});
