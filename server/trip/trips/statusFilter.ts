import { TRIP_STATUSES } from '../../../src/domain/enums.js';
import { ACTIVE_TRIP_STATUSES } from '../../../src/domain/trip.js';

/**
 * A trips list filter with "active" read as the set of statuses it keeps (alone or narrowing a
 * status filter), so that the counters keyed by status answer it: `active: false` is every status
 * but the active ones (scheduled trips included, as the list's own condition has it).
 */
export function withActiveAsStatus(given: Record<string, unknown>): Record<string, unknown> {
  if (!('active' in given)) return given;
  const { active, ...filter } = given;
  const isActive = active === true || active === 'true';
  const wanted: string[] = TRIP_STATUSES.filter(
    (s) => (ACTIVE_TRIP_STATUSES as readonly string[]).includes(s) === isActive,
  );
  const asked = filter.status === undefined ? undefined : [filter.status].flat().map(String);
  return { ...filter, status: asked ? wanted.filter((s) => asked.includes(s)) : wanted };
}
