import { sql } from 'kysely';
import type { TestApp } from '../harness.js';
import { mondayOf, weekFrom } from '../../../src/domain/payouts.js';

/** The Monday (YYYY-MM-DD) of the last full week of the demo's trips: the week before the last trip's. */
export async function lastFullTripWeek(t: TestApp): Promise<string> {
  const last = await t.db
    .selectFrom('trips')
    .select(sql<Date>`max(completed_at)`.as('at'))
    .executeTakeFirstOrThrow();
  const lastWeek = weekFrom(mondayOf(new Date(last.at))).start;
  return new Date(Date.parse(`${lastWeek}T00:00:00Z`) - 7 * 86400_000).toISOString().slice(0, 10);
}
