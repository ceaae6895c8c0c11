import { sql } from 'kysely';
import { defineQuery } from '../../rest/queries.js';
import { bucketStarts } from '../../../src/domain/dateRange.js';
import { TRIP_STATUSES } from '../../../src/domain/enums.js';
import { periodOf, periodParameters, tripFilterParameters, tripFiltersOf } from './params.js';
import { CARD_QUERIES } from './cards.js';
import { bucketOf, daysOf } from './rollup.js';

/** GET /api/trip/dashboard/trips-by-status: trips requested in each bucket, counted by status. */
export const tripsByStatus = defineQuery({
  name: 'trips-by-status',
  summary: 'Trips by status per day, week or month',
  description:
    'Trips requested in the period (city time), per bucket, counted by their current status. Every bucket of the period is listed, empty ones with zeros. `bucket` is the first local day of the bucket.',
  access: 'view-Trip',
  parameters: { ...periodParameters, ...tripFilterParameters },
  parse: (query, now) => ({ period: periodOf(query, now), filters: tripFiltersOf(query) }),
  async handler({ period, filters }, { services }) {
    // From the daily rollup (migration 008): trips counted on their local request day.
    const { rows } = await sql<{ bucket: string; status: string; n: number }>`
      select ${bucketOf(period.groupBy)} as bucket, trips.status, sum(trips.trips)::int as n
      from trip_daily as trips where ${sql.join([daysOf(period), ...filters], sql` and `)}
      group by 1, 2 having sum(trips.trips) <> 0`.execute(services.db);
    const empty = () => Object.fromEntries(TRIP_STATUSES.map((s) => [s, 0])) as Record<string, number>;
    const buckets = new Map(bucketStarts(period).map((b) => [b, { bucket: b, counts: empty(), total: 0 }]));
    for (const r of rows) {
      const b = buckets.get(r.bucket)!;
      b.counts[r.status] = r.n;
      b.total += r.n;
    }
    return {
      from: period.fromDay,
      to: period.toDay,
      groupBy: period.groupBy,
      timeZone: period.timeZone,
      buckets: [...buckets.values()],
    };
  },
});

export const DASHBOARD_QUERIES = [tripsByStatus, ...CARD_QUERIES];
