import { sql, type RawBuilder } from 'kysely';
import { CITY } from '../../../src/domain/city.js';
import type { ResourceDeclaration } from '../../rest/declaration.js';
import { withActiveAsStatus } from './statusFilter.js';

/**
 * Deep pages of the trips list in the time of a shallow one (issue 30). Newest first (or oldest
 * first), unfiltered or by status, row N lies in the city-local day where the running sum of
 * trip_day_counts (migration 071, kept exact by triggers) passes N: the page skips only into that
 * day (at most a day's trips, ~5,500 at a million) from the day's edge, instead of N index entries.
 * Both subqueries run in the page's statement, so they see the same snapshot as the rows.
 */
export const seekTrips: NonNullable<ResourceDeclaration['seek']> = ({ filter, sort, start }) => {
  if (sort.field !== 'requestedAt') return undefined;
  const byStatus = withActiveAsStatus(filter);
  if (Object.keys(byStatus).some((k) => k !== 'status')) return undefined;
  const statuses = byStatus.status === undefined ? undefined : [byStatus.status].flat().map(String);
  if (statuses?.length === 0) return undefined;
  const newestFirst = sort.order === 'DESC';
  const direction = sql.raw(newestFirst ? 'desc' : 'asc');
  const placed = (column: RawBuilder<unknown>) => sql`(with days as (
      select day, sum(n)::int as n from trip_day_counts
      ${statuses ? sql`where status in (${sql.join(statuses)})` : sql``} group by day
    ), running as (select day, n, sum(n) over (order by day ${direction}) - n as before from days)
    select ${column} from running where before + n > ${start} order by day ${direction} limit 1)`;
  // The day's edge on the page's side: its end newest first, its start oldest first. No day holds
  // row N past the last trip: the boundary is null and the page empty, as the offset would leave it.
  // The edge and the offset are two expressions of the hook, so the day counts are added up twice
  // (~0.3 ms each at a million trips); the whole page's statement took 1.07 ms.
  const zone = CITY.timeZone;
  const edge = newestFirst
    ? placed(sql`(day + 1)::timestamp at time zone ${zone}`)
    : placed(sql`day::timestamp at time zone ${zone}`);
  return {
    where: newestFirst ? sql<boolean>`trips.requested_at < ${edge}` : sql<boolean>`trips.requested_at >= ${edge}`,
    offset: sql<number>`${placed(sql`${start} - before`)}`,
  };
};
