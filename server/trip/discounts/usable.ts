import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DiscountTable } from '../../db/tripSchema.js';
import type { DiscountRule } from '../../../src/domain/fare.js';
import { discountUsable } from '../../../src/domain/fare.js';

export type DiscountRow = Selectable<DiscountTable>;

/**
 * Looks a discount code up and checks it may be used at `at` (active, started, not expired, not
 * used up, and within the passenger's own limit when a passenger is given). The fare estimate and
 * the phone booking both ask here, so a code is never quoted and then refused.
 */
export async function usableDiscount(
  db: Kysely<Database> | Transaction<Database>,
  code: string,
  at: Date,
  passengerId?: number,
): Promise<{ discount: DiscountRow } | { problem: string }> {
  const discount = await db
    .selectFrom('discounts')
    .selectAll()
    .where(sql<boolean>`lower(code) = lower(${code})`)
    .executeTakeFirst();
  if (!discount) return { problem: 'No discount with this code' };
  let usedByPassenger = 0;
  if (passengerId !== undefined) {
    const { n } = await db
      .selectFrom('trips')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('discountId', '=', discount.id)
      .where('passengerId', '=', passengerId)
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    usedByPassenger = n;
  }
  const problem = discountUsable(discount, at, usedByPassenger);
  return problem ? { problem } : { discount };
}

/** The part of a discount the fare arithmetic needs. */
export const discountRuleOf = (d: DiscountRow): DiscountRule => ({
  kind: d.kind as DiscountRule['kind'],
  value: d.value,
  maxDiscount: d.maxDiscount,
  minFare: d.minFare,
});
