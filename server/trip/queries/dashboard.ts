import { sql } from 'kysely';
import { defineQuery } from '../../rest/queries.js';
import { bucketStarts } from '../../../src/domain/dateRange.js';
import { TRIP_STATUSES } from '../../../src/domain/enums.js';
import { periodOf, periodParameters, tripFilterParameters, tripFiltersOf } from './params.js';
import { CARD_QUERIES } from './cards.js';

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
    const where = [sql<boolean>`trips.requested_at >= ${period.from}`, sql<boolean>`trips.requested_at < ${period.to}`];
    const bucket = sql<string>`to_char(date_trunc(${period.groupBy}, trips.requested_at at time zone ${period.timeZone}), 'YYYY-MM-DD')`;
    const { rows } = await sql<{ bucket: string; status: string; n: number }>`
      select ${bucket} as bucket, trips.status, count(*)::int as n
      from trips where ${sql.join([...where, ...filters], sql` and `)}
      group by 1, 2`.execute(services.db);
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
