import * as yup from 'yup';
import { sql } from 'kysely';
import { ApiError } from '../../errors.js';
import { defineResource } from '../../rest/declaration.js';
import { vehicleTypes as vehicleTypesManifest } from '../../../src/domain/resources/vehicleTypes.js';
import { fileId, money } from '../../rest/fields.js';
import { percent, text } from '../fields.js';

const base = {
  name: yup.string().trim().min(1, 'Name is required').max(40, 'Name must be at most 40 characters'),
  description: text('Description', 300, true).nullable(),
  icon: fileId(),
  seats: yup
    .number()
    .typeError('Seats must be a number')
    .integer('Seats must be a whole number')
    .min(1, 'Seats must be at least 1')
    .max(60, 'Seats must be at most 60'),
  baseFare: money('Base fare'),
  pricePerKm: money('Price per km'),
  pricePerMinute: money('Price per minute'),
  minimumFare: money('Minimum fare'),
  cancellationFee: money('Cancellation fee'),
  commissionPercent: percent('Commission').nullable(),
  active: yup.boolean(),
};

export const vehicleTypes = defineResource(vehicleTypesManifest, {
  table: 'vehicleTypes',
  description:
    'Kinds of vehicle a passenger can order, with their rates (KES). A fare is base + price per km × distance + price per minute × duration, raised by surge and to the minimum fare. `commissionPercent` null means the default commission of the price settings applies.',
  computed: {
    driverCount: {
      type: 'int',
      sql: sql`(select count(*)::int from drivers d where d.vehicle_type_id = vehicle_types.id)`,
      sort: true,
    },
  },
  create: yup.object({
    ...base,
    name: base.name.required('Name is required'),
    seats: base.seats.required('Seats is required'),
    baseFare: base.baseFare.required('Base fare is required'),
    pricePerKm: base.pricePerKm.required('Price per km is required'),
    pricePerMinute: base.pricePerMinute.required('Price per minute is required'),
    minimumFare: base.minimumFare.required('Minimum fare is required'),
    cancellationFee: base.cancellationFee.default(0),
    commissionPercent: base.commissionPercent.default(null),
    active: base.active.default(true),
  }),
  update: yup.object(base),
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
