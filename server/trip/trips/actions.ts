import * as yup from 'yup';
import { defineAction } from '../../rest/declaration.js';
import { id, text } from '../fields.js';
import { applyChange, type TripRow } from './lifecycle.js';
import { refusal } from '../../../src/domain/messageCodes.js';

const driverName = async (trx: Parameters<typeof applyChange>[0]['trx'], driverId: number) => {
  const d = await trx
    .selectFrom('drivers')
    .select(['firstName', 'lastName'])
    .where('id', '=', driverId)
    .executeTakeFirstOrThrow();
  return `${d.firstName} ${d.lastName}`;
};

/** POST /api/trip/trips/:id/assign {driverId}: a requested trip is accepted by, or an accepted one moves to, a driver. */
export const assign = defineAction({
  access: 'update-Trip',
  summary: 'Assign (or reassign) a driver to a trip',
  description:
    'A requested trip becomes accepted by the driver; an accepted trip moves to another driver. The driver must be approved, of the trip’s vehicle type and free: a driver busy with another trip is a 409 (also when two dispatchers assign the same driver at once).',
  body: yup.object({ driverId: id('driver').required(refusal('chooseA', { label: 'driver' })) }),
  async handler(ctx) {
    const { trx, existing, input, staff } = ctx;
    const trip = existing as unknown as TripRow;
    const change = trip.status === 'requested' ? { status: 'accepted' as const } : {};
    await applyChange(ctx, trip, { ...change, driverId: input.driverId }, { actor: 'staff', staffId: staff.id });
    return { message: `Trip #${trip.id} assigned to ${await driverName(trx, input.driverId)}` };
  },
});

const CANCELLED_BY = { passenger: 'cancelled_by_passenger', driver: 'cancelled_by_driver' } as const;

/** POST /api/trip/trips/:id/cancel {reason, by}: cancels an unfinished trip, with its fee when due. */
export const cancel = defineAction({
  access: 'update-Trip',
  summary: 'Cancel a trip',
  bulk: {},
  description:
    '`by` says who cancelled (passenger, the default, or driver). A card or wallet passenger who cancels after the driver arrived is charged the vehicle type’s cancellation fee, settled with the driver.',
  body: yup.object({
    reason: text('Reason', 300, true).required('Give the reason for the cancellation'),
    by: yup.string().oneOf(Object.keys(CANCELLED_BY), 'By must be passenger or driver').default('passenger'),
  }),
  async handler(ctx) {
    const { existing, input, staff } = ctx;
    const trip = existing as unknown as TripRow;
    const status = CANCELLED_BY[input.by as keyof typeof CANCELLED_BY];
    await applyChange(ctx, trip, { status, cancellationReason: input.reason }, { actor: 'staff', staffId: staff.id });
    return { message: `Trip #${trip.id} cancelled by the ${input.by as string}` };
  },
});
