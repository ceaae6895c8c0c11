import { sql } from 'kysely';
import { badRequest } from '../../errors.js';
import { defineAction, defineResource, type ActionContext } from '../../rest/declaration.js';
import { nameOf } from '../../rest/names.js';
import { passengers as passengersManifest, passengerStatusChange } from '../../../src/domain/resources/passengers.js';
import { refusal } from '../../../src/domain/messageCodes.js';

const OPEN_ISSUE = sql<boolean>`exists (select 1 from issues i where i.reporter_id = passengers.id and i.reporter_kind = 'passenger' and i.status in ('open', 'in_progress'))`;

const STATUS_BY_ACTION = 'Block or unblock the passenger, with a reason, to change the status';

/** A phone or an email another passenger already has is the field's error (400), not a conflict. */
async function refuseTaken(
  ctx: { trx: ActionContext['trx']; existing?: Record<string, unknown> },
  input: Record<string, unknown>,
) {
  const errors: Record<string, string> = {};
  const others = ctx.trx.selectFrom('passengers').select('id');
  const notSelf = <Q extends typeof others>(q: Q) =>
    ctx.existing ? (q.where('id', '<>', ctx.existing.id as number) as Q) : q;
  if (typeof input.phone === 'string' && (await notSelf(others.where('phone', '=', input.phone)).executeTakeFirst()))
    errors.phone = 'Another passenger has this phone number';
  if (
    typeof input.email === 'string' &&
    (await notSelf(others.where(sql`lower(email)`, '=', input.email.toLowerCase())).executeTakeFirst())
  )
    errors.email = 'Another passenger has this email';
  if (Object.keys(errors).length) throw badRequest(refusal('highlighted'), errors);
}

/** Block or unblock: the status, why, when and by whom, in one audited step. */
const statusChange = (to: 'active' | 'blocked') =>
  defineAction({
    access: 'update-Passenger',
    summary: to === 'blocked' ? 'Block a passenger' : 'Unblock a passenger',
    description:
      to === 'blocked'
        ? 'A blocked passenger cannot be booked (the trip create refuses them). The reason is kept on the passenger and in the audit log.'
        : 'The passenger may be booked again. The reason is kept on the passenger and in the audit log.',
    body: passengerStatusChange,
    async handler({ trx, existing, input, staff, id }) {
      if (existing!.status === to)
        throw badRequest(to === 'blocked' ? 'This passenger is already blocked' : 'This passenger is not blocked', {
          reason: to === 'blocked' ? 'This passenger is already blocked' : 'This passenger is not blocked',
        });
      const now = new Date();
      await trx
        .updateTable('passengers')
        .set({
          status: to,
          statusReason: input.reason,
          statusChangedAt: now,
          statusChangedBy: staff.id,
          updatedAt: now,
        })
        .where('id', '=', id!)
        .execute();
      const who = `${String(existing!.firstName)} ${String(existing!.lastName)}`;
      return { message: to === 'blocked' ? `${who} is blocked` : `${who} is unblocked` };
    },
  });

export const passengers = defineResource(passengersManifest, {
  table: 'passengers',
  description: `Passengers of the ride app. Trip statistics (tripsCount, completedTrips, passengerCancellations, totalSpent, lastTripAt) are kept by triggers on trips in the same transaction as each trip write; rating is the mean of the drivers' reviews (5 without any).
- status changes only through POST passengers/:id/block and /unblock {reason}; a blocked passenger cannot be booked.
- A phone or email another passenger has is refused as a field error (400).
- Filters: status, createdAt_gte / createdAt_lte (joined), hasOpenIssue (true: an open or in-progress issue raised by the passenger), q (name, phone, email, or an id).`,
  computed: {
    fullName: { type: 'text', sql: sql`passengers.first_name || ' ' || passengers.last_name` },
    cancellationRate: {
      type: 'number',
      sql: sql`case when passengers.trips_count > 0 then round(passengers.passenger_cancellations::numeric / passengers.trips_count, 4) end`,
    },
    hasOpenIssue: { type: 'bool', sql: OPEN_ISSUE },
    statusChangedByName: { type: 'text', sql: nameOf('staffs', 'passengers.status_changed_by') },
  },
  filters: {
    hasOpenIssue: (value) => {
      if (value === true || value === 'true') return OPEN_ISSUE;
      if (value === false || value === 'false') return sql<boolean>`not ${OPEN_ISSUE}`;
      throw badRequest(refusal('filterTrueFalse', { key: 'hasOpenIssue' }));
    },
  },
  actions: { block: statusChange('blocked'), unblock: statusChange('active') },
  delete: true,
  async toColumns(input, ctx) {
    const { status, ...columns } = input;
    if (ctx.existing && status !== undefined && status !== ctx.existing.status)
      throw badRequest(refusal('highlighted'), { status: STATUS_BY_ACTION });
    await refuseTaken(ctx, columns);
    return columns;
  },
});
