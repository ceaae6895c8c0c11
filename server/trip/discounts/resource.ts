import { sql } from 'kysely';
import { ApiError, badRequest } from '../../errors.js';
import { defineResource } from '../../rest/declaration.js';
import { DISCOUNT_ACTIONS } from './actions.js';
import { discounts as discountsManifest, PERCENT_RANGE_MESSAGE } from '../../../src/domain/resources/discounts.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/** As src/domain/discounts.ts discountState reads it. */
const stateSql = sql`(case
  when not discounts.active then 'inactive'
  when discounts.valid_to is not null and discounts.valid_to < now() then 'expired'
  when discounts.valid_from is not null and discounts.valid_from > now() then 'scheduled'
  when discounts.usage_limit is not null and discounts.times_used >= discounts.usage_limit then 'used_up'
  else 'active' end)`;

export const discounts = defineResource(discountsManifest, {
  table: 'discounts',
  description:
    'Discount codes. `code` is stored upper-cased and is unique regardless of case. A percent discount takes `value` % of the fare (1 to 100, at most `maxDiscount`); a fixed one takes `value`; neither applies below `minFare`. `timesUsed` counts completed trips that used the code; `usageLimit` caps it overall and `perPassengerLimit` per passenger. Computed: `state` (active, scheduled, expired, used_up or inactive) and `discountedTotal`, the money taken off completed trips. A discount that trips used cannot be deleted: deactivate it.',
  computed: {
    state: { type: 'text', sql: stateSql, filter: true, sort: true },
    discountedTotal: {
      type: 'number',
      sql: sql`(select coalesce(sum(t.fare_discount), 0)::float8 from trips t where t.discount_id = discounts.id and t.status = 'completed')`,
    },
  },
  delete: true,
  actions: DISCOUNT_ACTIONS,
  toColumns(input, { existing }) {
    const merged = { ...existing, ...input } as Record<string, unknown>;
    const errors: Record<string, string> = {};
    if (merged.kind === 'percent' && (Number(merged.value) > 100 || Number(merged.value) < 1))
      errors.value = PERCENT_RANGE_MESSAGE;
    if (merged.kind === 'fixed' && input.maxDiscount != null)
      errors.maxDiscount = 'Only a percent discount has a maximum';
    if (
      merged.validFrom &&
      merged.validTo &&
      new Date(merged.validTo as string) <= new Date(merged.validFrom as string)
    ) {
      errors.validTo = refusal('validToAfter');
    }
    if (Object.keys(errors).length) throw badRequest(refusal('highlighted'), errors);
    const columns = { ...input };
    if (merged.kind === 'fixed' && 'kind' in input) columns.maxDiscount = null;
    return columns;
  },
  async beforeDelete({ trx, existing }) {
    const { n } = await trx
      .selectFrom('trips')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('discountId', '=', existing!.id as number)
      .executeTakeFirstOrThrow();
    if (n > 0) throw new ApiError(409, refusal(n === 1 ? 'discountUsedOnce' : 'discountUsedMany', { count: n }));
  },
});
