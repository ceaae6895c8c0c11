import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import { addDays, localMidnight, type ComparisonPeriod, type DateRange } from '../../../src/domain/dateRange.js';
import { CITY } from '../../../src/domain/city.js';

/**
 * Reading the trip rollups of migration 008. Each rollup is aliased `trips` so the shared trip
 * filters (tripFiltersOf: vehicle type, payment method) apply to it unchanged. Money comes back
 * as numbers summed exactly in SQL (numeric), so totals agree to the cent with the trips table.
 */

/** The local days of a period, as a condition on a rollup's `day`. */
export const daysOf = (range: Pick<DateRange, 'fromDay' | 'toDay'>) =>
  sql<boolean>`trips.day between ${range.fromDay}::date and ${range.toDay}::date`;

export const CANCELLED = sql.join(['cancelled_by_passenger', 'cancelled_by_driver']);

/** The figures every report sums over trip_daily, one definition for all. */
export const FIGURES = sql`
  coalesce(sum(trips.trips), 0)::int as requested,
  coalesce(sum(trips.trips) filter (where trips.status = 'completed'), 0)::int as completed,
  coalesce(sum(trips.trips) filter (where trips.status in (${CANCELLED})), 0)::int as cancelled,
  coalesce(sum(trips.trips) filter (where trips.status = 'no_driver_found'), 0)::int as "noDriverFound",
  coalesce(sum(trips.fare_total + trips.fare_discount) filter (where trips.status = 'completed'), 0)::numeric as "grossFares",
  coalesce(sum(trips.fare_discount) filter (where trips.status = 'completed'), 0)::numeric as discounts,
  coalesce(sum(trips.fare_total) filter (where trips.status = 'completed'), 0)::numeric as "netFares",
  coalesce(sum(trips.commission), 0)::numeric as commission,
  coalesce(sum(trips.cancellation_fee), 0)::numeric as "cancellationFees",
  coalesce(sum(trips.distance_km) filter (where trips.status = 'completed'), 0)::numeric as "distanceKm",
  coalesce(sum(trips.duration_min) filter (where trips.status = 'completed'), 0)::numeric as "durationMin",
  coalesce(sum(trips.accept_s), 0)::numeric as "acceptS",
  coalesce(sum(trips.accept_n), 0)::numeric as "acceptN",
  coalesce(sum(trips.wait_s), 0)::numeric as "waitS",
  coalesce(sum(trips.wait_n), 0)::numeric as "waitN"`;

export interface RawFigures {
  requested: number;
  completed: number;
  cancelled: number;
  noDriverFound: number;
  grossFares: number;
  discounts: number;
  netFares: number;
  commission: number;
  cancellationFees: number;
  distanceKm: number;
  durationMin: number;
  acceptS: number;
  acceptN: number;
  waitS: number;
  waitN: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
const avg2 = (a: number, b: number) => (b > 0 ? round2(a / b) : null);

/** What a report shows for a set of trips: counts, money to the cent, rates and averages. */
export function figuresOf(r: RawFigures) {
  const cents = (x: number) => round2(Number(x));
  const driverEarnings = cents(Number(r.netFares) + Number(r.cancellationFees) - Number(r.commission));
  return {
    requested: r.requested,
    completed: r.completed,
    cancelled: r.cancelled,
    noDriverFound: r.noDriverFound,
    /** Cancelled by the passenger or the driver, of the trips requested; null without trips. */
    cancellationRate: ratio(r.cancelled, r.requested),
    grossFares: cents(r.grossFares),
    discounts: cents(r.discounts),
    netFares: cents(r.netFares),
    commission: cents(r.commission),
    cancellationFees: cents(r.cancellationFees),
    driverEarnings,
    averageFare: avg2(Number(r.netFares), r.completed),
    averageDistanceKm: avg2(Number(r.distanceKm), r.completed),
    averageDurationMin: avg2(Number(r.durationMin), r.completed),
    averageAcceptSeconds: avg2(Number(r.acceptS), Number(r.acceptN)),
    averagePickupWaitSeconds: avg2(Number(r.waitS), Number(r.waitN)),
  };
}
export type Figures = ReturnType<typeof figuresOf>;

/** Sums trip_daily over some days and filters, grouped by `groupBy` expressions (none: one row). */
export async function sumDaily<K extends object>(
  db: Db,
  where: RawBuilder<boolean>[],
  keys: Record<string, RawBuilder<unknown>> = {},
): Promise<(K & RawFigures)[]> {
  const names = Object.keys(keys);
  const select = names.map((k) => sql`${keys[k]} as ${sql.ref(k)}`);
  const { rows } = await sql<K & RawFigures>`
    select ${sql.join([...select, FIGURES])}
    from trip_daily as trips where ${sql.join(where, sql` and `)}
    ${names.length ? sql`group by ${sql.join(names.map((_, i) => sql.raw(String(i + 1))))}` : sql``}`.execute(db);
  return rows;
}

/** A bucket's first local day (day, Monday, first of month) from a rollup's `day`. */
export const bucketOf = (groupBy: DateRange['groupBy']) =>
  // A literal (one of GROUP_BYS, checked by the parser), so the same expression can be grouped on.
  sql<string>`to_char(date_trunc(${sql.lit(groupBy)}, trips.day)::date, 'YYYY-MM-DD')`;

/** A trip_daily row's measures computed from raw `trips` rows, one row per trip. */
const RAW_MEASURES = sql`trips.status, 1::bigint as trips, trips.fare_total, trips.fare_discount, trips.commission,
  trips.cancellation_fee, trips.distance_km, trips.duration_min,
  case when trips.accepted_at is not null then extract(epoch from trips.accepted_at - trips.requested_at) else 0 end as accept_s,
  (trips.accepted_at is not null)::int::bigint as accept_n,
  case when trips.started_at is not null and trips.arrived_at is not null
    then extract(epoch from trips.started_at - trips.arrived_at) else 0 end as wait_s,
  (trips.started_at is not null and trips.arrived_at is not null)::int::bigint as wait_n`;
const DAILY_MEASURES = sql`trips.status, trips.trips, trips.fare_total, trips.fare_discount, trips.commission,
  trips.cancellation_fee, trips.distance_km, trips.duration_min, trips.accept_s, trips.accept_n, trips.wait_s, trips.wait_n`;

/**
 * The figures of a comparison period (comparisonPeriod): its whole days from trip_daily and, when
 * it is cut short, its last day up to the cut from the trips themselves (one local day at most,
 * read through the requested_at index), summed in one statement so money stays exact.
 */
export async function sumComparison(
  db: Db,
  period: ComparisonPeriod,
  filters: RawBuilder<boolean>[] = [],
): Promise<RawFigures> {
  if (!period.partial) return (await sumDaily<RawFigures>(db, [daysOf(period), ...filters]))[0];
  const lastWhole = addDays(period.toDay, -1);
  const parts = [
    sql`select ${RAW_MEASURES} from trips where ${sql.join(
      [sql`trips.requested_at >= ${cutStart(period)} and trips.requested_at < ${period.to}`, ...filters],
      sql` and `,
    )}`,
  ];
  if (lastWhole >= period.fromDay)
    parts.unshift(
      sql`select ${DAILY_MEASURES} from trip_daily as trips where ${sql.join(
        [daysOf({ fromDay: period.fromDay, toDay: lastWhole }), ...filters],
        sql` and `,
      )}`,
    );
  const { rows } =
    await sql<RawFigures>`select ${FIGURES} from (${sql.join(parts, sql` union all `)}) as trips`.execute(db);
  return rows[0];
}

/** The instant the cut day of a partial comparison period starts (its local midnight). */
const cutStart = (period: ComparisonPeriod) => localMidnight(period.toDay, CITY.timeZone);
