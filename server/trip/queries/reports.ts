import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import { badRequest } from '../../errors.js';
import { defineQuery } from '../../rest/queries.js';
import { bucketStarts, comparisonPeriod, monthCover, type DateRange } from '../../../src/domain/dateRange.js';
import { CITY } from '../../../src/domain/city.js';
import { PAYMENT_METHODS, TRIP_STATUSES } from '../../../src/domain/enums.js';
import { P } from '../../../src/domain/permissionNames.js';
import { periodOf, periodParameters, tripFilterParameters, tripFiltersOf } from './params.js';
import { bucketOf, CANCELLED, daysOf, FIGURES, figuresOf, sumComparison, type RawFigures } from './rollup.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/**
 * The finance reports (GET /api/trip/reports/…, view-Report), read from the trip rollups of
 * migration 008. A trip counts on the local day it was requested; money is summed exactly in SQL.
 */

const NO_TRIPS: RawFigures = {
  requested: 0,
  completed: 0,
  cancelled: 0,
  noDriverFound: 0,
  grossFares: 0,
  discounts: 0,
  netFares: 0,
  commission: 0,
  cancellationFees: 0,
  distanceKm: 0,
  durationMin: 0,
  acceptS: 0,
  acceptN: 0,
  waitS: 0,
  waitN: 0,
};

const period = (range: { fromDay: string; toDay: string }) => ({ from: range.fromDay, to: range.toDay });

/** The money and counts of a revenue row. */
const revenueOf = (r: RawFigures) => {
  const f = figuresOf(r);
  return {
    trips: f.completed,
    grossFares: f.grossFares,
    discounts: f.discounts,
    netFares: f.netFares,
    commission: f.commission,
    cancellationFees: f.cancellationFees,
    driverEarnings: f.driverEarnings,
  };
};

export const revenue = defineQuery({
  name: 'revenue',
  summary: 'Revenue per day, week or month, with totals and splits by vehicle type and payment method',
  description:
    'Per bucket (trips completed, gross fares, discounts, net fares, commission, cancellation fees, driver earnings = net fares + cancellation fees − commission), the totals, and the same figures per vehicle type and per payment method.',
  access: P.viewReport,
  parameters: { ...periodParameters, ...tripFilterParameters },
  parse: (query, now) => ({ range: periodOf(query, now), filters: tripFiltersOf(query) }),
  handler: (params, { services }) => revenueReport(params, services),
});

/** The revenue report's figures (JSON and PDF). */
export async function revenueReport(
  { range, filters }: { range: DateRange; filters: RawBuilder<boolean>[] },
  services: { db: Db },
) {
  {
    const where = [daysOf(range), ...filters];
    // One pass over the rollup for the buckets, both splits and the totals.
    const bucket = bucketOf(range.groupBy);
    const [{ rows: sets }, types] = await Promise.all([
      sql<
        { set: number; bucket: string | null; vehicleTypeId: number | null; paymentMethod: string | null } & RawFigures
      >`
        select grouping(${bucket}, trips.vehicle_type_id, trips.payment_method) as set,
          ${bucket} as bucket, trips.vehicle_type_id as "vehicleTypeId", trips.payment_method as "paymentMethod", ${FIGURES}
        from trip_daily as trips where ${sql.join(where, sql` and `)}
        group by grouping sets ((${bucket}), (trips.vehicle_type_id), (trips.payment_method), ())`.execute(services.db),
      services.db.selectFrom('vehicleTypes').select(['id', 'name']).orderBy('id').execute(),
    ]);
    // grouping(): a bit set for each argument left out of the set, first argument highest.
    const buckets = sets.filter((r) => r.set === 0b011) as ({ bucket: string } & RawFigures)[];
    const byType = sets.filter((r) => r.set === 0b101) as ({ vehicleTypeId: number } & RawFigures)[];
    const byPayment = sets.filter((r) => r.set === 0b110) as ({ paymentMethod: string } & RawFigures)[];
    const totals = sets.filter((r) => r.set === 0b111) as RawFigures[];
    const byBucket = new Map(buckets.map((b) => [b.bucket, b]));
    const typeRows = new Map(byType.map((r) => [r.vehicleTypeId, r]));
    const paymentRows = new Map(byPayment.map((r) => [r.paymentMethod, r]));
    return {
      ...period(range),
      groupBy: range.groupBy,
      timeZone: range.timeZone,
      currency: CITY.currency,
      rows: bucketStarts(range).map((bucket) => ({ bucket, ...revenueOf(byBucket.get(bucket) ?? NO_TRIPS) })),
      totals: revenueOf(totals[0] ?? NO_TRIPS),
      byVehicleType: types
        .filter((t) => typeRows.has(t.id))
        .map((t) => ({ vehicleTypeId: t.id, name: t.name, ...revenueOf(typeRows.get(t.id)!) })),
      byPaymentMethod: PAYMENT_METHODS.filter((m) => paymentRows.has(m)).map((m) => ({
        paymentMethod: m,
        ...revenueOf(paymentRows.get(m)!),
      })),
    };
  }
}

export const tripReport = defineQuery({
  name: 'trips',
  summary: 'The trip report: counts by status, cancellations, averages, demand by hour, against the previous period',
  access: P.viewReport,
  parameters: { ...periodParameters, ...tripFilterParameters },
  parse: (query, now) => ({ range: periodOf(query, now), filters: tripFiltersOf(query), now }),
  handler: (params, { services }) => tripReportOf(params, services),
});

/** The trip report's figures (JSON and PDF). */
export async function tripReportOf(
  { range, filters, now }: { range: DateRange; filters: RawBuilder<boolean>[]; now: Date },
  services: { db: Db },
) {
  {
    // While the period is not over, the previous one is cut at the same time of day.
    const previous = comparisonPeriod(range, now);
    const [{ rows: sets }, before, reasons, hours] = await Promise.all([
      // One pass over the rollup for the counts by status and the totals.
      sql<
        { set: number; status: string | null } & RawFigures
      >`select grouping(trips.status) as set, trips.status, ${FIGURES}
        from trip_daily as trips where ${sql.join([daysOf(range), ...filters], sql` and `)}
        group by grouping sets ((trips.status), ())`.execute(services.db),
      sumComparison(services.db, previous, filters),
      sql<{ reason: string; status: string; n: number }>`select trips.reason, trips.status, sum(trips.trips)::int as n
        from trip_reasons as trips where ${sql.join([daysOf(range), ...filters], sql` and `)}
          and trips.status in (${CANCELLED})
        group by 1, 2 having sum(trips.trips) > 0 order by 3 desc, 1 limit 10`.execute(services.db),
      sql<{ hour: number; n: number }>`select trips.hour::int as hour, sum(trips.trips)::int as n
        from trip_hourly as trips where ${sql.join([daysOf(range), ...filters], sql` and `)} group by 1`.execute(
        services.db,
      ),
    ]);
    const byStatus = sets.filter((r) => r.set === 0);
    const totals = sets.find((r) => r.set === 1) ?? NO_TRIPS;
    const statuses = new Map(byStatus.map((r) => [r.status, r.requested]));
    const demand = Array.from({ length: 24 }, () => 0);
    for (const h of hours.rows) demand[h.hour] = h.n;
    const summary = (f: ReturnType<typeof figuresOf>) => ({
      requested: f.requested,
      completed: f.completed,
      cancelled: f.cancelled,
      noDriverFound: f.noDriverFound,
      cancellationRate: f.cancellationRate,
      averageDistanceKm: f.averageDistanceKm,
      averageDurationMin: f.averageDurationMin,
      averageFare: f.averageFare,
      averageAcceptSeconds: f.averageAcceptSeconds,
      averagePickupWaitSeconds: f.averagePickupWaitSeconds,
    });
    return {
      ...period(range),
      previousPeriod: { ...period(previous), ...(previous.partial ? { until: previous.to.toISOString() } : {}) },
      timeZone: range.timeZone,
      byStatus: TRIP_STATUSES.map((status) => ({ status, trips: statuses.get(status) ?? 0 })),
      current: summary(figuresOf(totals)),
      previous: summary(figuresOf(before)),
      topCancellationReasons: reasons.rows,
      demandByHour: demand,
    };
  }
}

const DRIVER_SORTS = ['trips', 'grossFares', 'commission', 'netEarnings', 'balance', 'name'] as const;
/** The most drivers one page may ask for (the panel shows 25; the CSV asks for every row, without perPage). */
export const DRIVER_PAGE_MAX = 500;

/** A whole number in [min, max] from the query string, or a 400 naming the parameter. */
function wholeParam(query: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw badRequest(`"${name}" must be a whole number from ${min} to ${max}`, {
      [name]: `A whole number from ${min} to ${max}`,
    });
  return Number(raw);
}

export const driverRevenue = defineQuery({
  name: 'driver-revenue',
  summary: "Each driver's trips, fares, commission, net earnings and wallet balance for a period",
  description:
    'Drivers with trips in the period, sorted, one page of them (page, perPage) or all of them (no perPage), with the totals over all of them. netEarnings = fares of completed trips + cancellation fees − commission; balance is the wallet (credit) balance now. Whole months are read from the monthly rollup, the days at the edges from the daily one (money in integer cents, migration 016).',
  access: P.viewReport,
  parameters: {
    from: periodParameters.from,
    to: periodParameters.to,
    preset: periodParameters.preset,
    sort: { type: 'string', description: DRIVER_SORTS.join(', ') + ' (default netEarnings)' },
    order: { type: 'string', description: 'ASC or DESC (default DESC)' },
    page: { type: 'string', description: 'Page number from 1 (default 1); only with perPage' },
    perPage: { type: 'string', description: `Drivers per page, 1 to ${DRIVER_PAGE_MAX} (default: every driver)` },
  },
  parse: (query, now) => {
    const range = periodOf({ from: query.from, to: query.to, preset: query.preset }, now);
    const sort = query.sort ?? 'netEarnings';
    if (!DRIVER_SORTS.includes(sort as (typeof DRIVER_SORTS)[number]))
      throw badRequest(refusal('oneOf', { label: '"sort"', values: DRIVER_SORTS.join(', ') }));
    const order = query.order ?? 'DESC';
    if (order !== 'ASC' && order !== 'DESC') throw badRequest('"order" must be ASC or DESC');
    const perPage = wholeParam(query, 'perPage', 1, DRIVER_PAGE_MAX) ?? null;
    const page = wholeParam(query, 'page', 1, 1_000_000) ?? 1;
    return { range, sort: sort as (typeof DRIVER_SORTS)[number], order: order as 'ASC' | 'DESC', page, perPage };
  },
  async handler({ range, sort, order, page, perPage }, { services }) {
    // Whole months from trip_driver_monthly; a partly covered month from trip_driver_daily, as its
    // days or as the month minus the days left out, whichever reads fewer daily rows (monthCover).
    const cover = monthCover(range.fromDay, range.toDay);
    const COLUMNS = sql`driver_id, trips, completed, fare_total_cents, commission_cents, cancellation_fee_cents`;
    const parts = [
      ...(cover.months.length
        ? [
            sql`select ${COLUMNS} from trip_driver_monthly where month in (${sql.join(cover.months.map((m) => sql`${m}::date`))})`,
          ]
        : []),
      ...cover.days.map(({ fromDay, toDay, sign }) =>
        sign === 1
          ? sql`select ${COLUMNS} from trip_driver_daily where day between ${fromDay}::date and ${toDay}::date`
          : sql`select driver_id, -trips, -completed, -fare_total_cents, -commission_cents, -cancellation_fee_cents
              from trip_driver_daily where day between ${fromDay}::date and ${toDay}::date`,
      ),
    ];
    const column = {
      trips: sql`x.trips`,
      grossFares: sql`x.fare`,
      commission: sql`x.commission`,
      netEarnings: sql`x.net`,
      balance: sql`d.credit_balance`,
      name: sql`d.first_name || ' ' || d.last_name`,
    }[sort];
    const by = sql`${column} ${sql.raw(order)}, x.driver_id`;
    // Per driver: sums in bigint cents (exact).
    const sums = sql`select driver_id, sum(trips)::int as trips, sum(completed)::int as completed,
        sum(fare_total_cents)::bigint as fare, sum(commission_cents)::bigint as commission,
        sum(cancellation_fee_cents)::bigint as fees,
        (sum(fare_total_cents) + sum(cancellation_fee_cents) - sum(commission_cents))::bigint as net
      from (${sql.join(parts, sql` union all `)}) p group by driver_id having sum(trips) > 0`;
    const driverColumns = sql`x.driver_id as "driverId", d.first_name || ' ' || d.last_name as name,
      (select v.name from vehicle_types v where v.id = d.vehicle_type_id) as "vehicleTypeName",
      x.trips, x.completed, x.fare, x.commission, x.fees, x.net, d.credit_balance as balance`;
    interface Row {
      driverId: number | null;
      name: string;
      vehicleTypeName: string | null;
      trips: number;
      completed: number;
      fare: number;
      commission: number;
      fees: number;
      net: number;
      balance: number;
    }
    interface Totals {
      drivers: number;
      totalTrips: number;
      totalCompleted: number;
      totalFare: number;
      totalCommission: number;
      totalFees: number;
    }
    let rows: Row[];
    let t: Totals;
    if (perPage === null) {
      // Every driver (the CSV): one plain join, answered as one JSON text (PGlite decodes a few
      // thousand rows of ten columns ~2× slower than it parses their JSON), the totals summed here
      // from integer cents (exact).
      const { rows: answer } = await sql<{ list: string }>`with x as (${sums})
        select coalesce(json_agg(r order by r.rank), '[]')::text as list
        from (select row_number() over (order by ${by}) as rank, ${driverColumns}
          from x join drivers d on d.id = x.driver_id) r`.execute(services.db);
      rows = JSON.parse(answer[0].list) as Row[];
      t = rows.reduce(
        (a, r) => ({
          drivers: a.drivers + 1,
          totalTrips: a.totalTrips + r.trips,
          totalCompleted: a.totalCompleted + r.completed,
          totalFare: a.totalFare + r.fare,
          totalCommission: a.totalCommission + r.commission,
          totalFees: a.totalFees + r.fees,
        }),
        { drivers: 0, totalTrips: 0, totalCompleted: 0, totalFare: 0, totalCommission: 0, totalFees: 0 },
      );
    } else {
      // A page: one statement sums per driver, totals them over every driver, and joins `drivers` for
      // the page only (for every driver when sorted by a driver's own column); a page past the end
      // answers the totals alone.
      const pageOf =
        sort === 'name' || sort === 'balance'
          ? sql`select x.*, row_number() over (order by ${by}) as rank from x join drivers d on d.id = x.driver_id order by ${by}`
          : sql`select x.*, row_number() over (order by ${by}) as rank from x order by ${by}`;
      const answer = await sql<Row & Totals>`with x as (${sums}),
        t as (select count(*)::int as drivers, coalesce(sum(trips), 0)::bigint as "totalTrips",
            coalesce(sum(completed), 0)::bigint as "totalCompleted", coalesce(sum(fare), 0)::bigint as "totalFare",
            coalesce(sum(commission), 0)::bigint as "totalCommission", coalesce(sum(fees), 0)::bigint as "totalFees" from x),
        pg as (${pageOf} limit ${perPage}::int offset ${(page - 1) * perPage}::int)
        select t.*, r.* from t left join lateral (select x.rank, ${driverColumns} from pg x join drivers d on d.id = x.driver_id) r on true
        order by r.rank`.execute(services.db);
      t = answer.rows[0];
      rows = answer.rows.filter((r) => r.driverId !== null);
    }
    const money = (cents: number) => cents / 100;
    return {
      ...period(range),
      timeZone: range.timeZone,
      currency: CITY.currency,
      sort,
      order,
      page: perPage === null ? 1 : page,
      perPage,
      rows: rows.map((r) => ({
        driverId: r.driverId!,
        name: r.name,
        vehicleTypeName: r.vehicleTypeName,
        trips: r.trips,
        completed: r.completed,
        grossFares: money(r.fare),
        commission: money(r.commission),
        cancellationFees: money(r.fees),
        netEarnings: money(r.net),
        balance: r.balance,
      })),
      totals: {
        drivers: t.drivers,
        trips: t.totalTrips,
        completed: t.totalCompleted,
        grossFares: money(t.totalFare),
        commission: money(t.totalCommission),
        cancellationFees: money(t.totalFees),
        netEarnings: money(t.totalFare + t.totalFees - t.totalCommission),
      },
    };
  },
});

export const totalsByYear = defineQuery({
  name: 'totals-by-year',
  summary: 'Drivers, passengers and trips by year: new in the year and in all by its end',
  access: P.viewReport,
  parameters: {},
  parse: () => ({}),
  async handler(_params, { services }) {
    const zone = CITY.timeZone;
    const [drivers, passengers, trips] = await Promise.all(
      (['drivers', 'passengers'] as const)
        .map((table) =>
          sql<{
            year: number;
            n: number;
          }>`select extract(year from day)::int as year, sum(n)::int as n
            from signups_daily where kind = ${table} group by 1 having sum(n) <> 0 order by 1`.execute(services.db),
        )
        .concat(
          sql<{ year: number; n: number; completed: number; grossFares: number; commission: number }>`
            select extract(year from day)::int as year, sum(trips)::int as n,
              coalesce(sum(trips) filter (where status = 'completed'), 0)::int as completed,
              coalesce(sum(fare_total + fare_discount) filter (where status = 'completed'), 0) as "grossFares",
              sum(commission) as commission
            from trip_daily group by 1 order by 1`.execute(services.db),
        ),
    );
    const years = [...new Set([...drivers.rows, ...passengers.rows, ...trips.rows].map((r) => r.year))].sort();
    const count = (rows: { year: number; n: number }[], year: number) => rows.find((r) => r.year === year)?.n ?? 0;
    let d = 0;
    let p = 0;
    return {
      timeZone: zone,
      years: years.map((year) => {
        const t = (
          trips.rows as { year: number; n: number; completed: number; grossFares: number; commission: number }[]
        ).find((r) => r.year === year);
        d += count(drivers.rows, year);
        p += count(passengers.rows, year);
        return {
          year,
          newDrivers: count(drivers.rows, year),
          drivers: d,
          newPassengers: count(passengers.rows, year),
          passengers: p,
          trips: t?.n ?? 0,
          completed: t?.completed ?? 0,
          grossFares: t?.grossFares ?? 0,
          commission: t?.commission ?? 0,
        };
      }),
    };
  },
});

export const REPORT_QUERIES = [revenue, tripReport, driverRevenue, totalsByYear];
