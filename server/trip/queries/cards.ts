import { sql } from 'kysely';
import { ApiError } from '../../errors.js';
import type { StaffPrincipal } from '../../auth/guard.js';
import { defineQuery } from '../../rest/queries.js';
import { bucketStarts, comparisonPeriod, type DateRange } from '../../../src/domain/dateRange.js';
import { visibleCards } from '../../../src/domain/dashboardCards.js';
import { ISSUE_SLA_HOURS, OPEN_ISSUE_STATUSES } from '../../../src/domain/issueSla.js';
import { P } from '../../../src/domain/permissionNames.js';
import { ACTIVE_TRIP_STATUSES } from '../../../src/domain/trip.js';
import { periodOf, periodParameters, tripFilterParameters, tripFiltersOf } from './params.js';
import { bucketOf, daysOf, figuresOf, sumComparison, sumDaily, type RawFigures } from './rollup.js';

/**
 * The dashboard's card groups and charts (GET /api/trip/dashboard/…), one request per group.
 * Trip figures read the daily rollups (migration 008); money shows only to holders of view-Report,
 * and each card only to a viewer who may see its subject — the answer leaves the others out.
 */

const forbidden = (what: string) => new ApiError(403, `Missing permission to see ${what}`);
const has = (staff: StaffPrincipal, permission: string) => staff.permissions.has(permission);

/** `periodOf` with another default than the last 30 days. */
const periodOr = (preset: string) => (query: Record<string, unknown>, now: Date) =>
  periodOf(
    query.preset === undefined && query.from === undefined && query.to === undefined ? { ...query, preset } : query,
    now,
  );

const period = (range: Pick<DateRange, 'fromDay' | 'toDay'>) => ({ from: range.fromDay, to: range.toDay });

/** Passengers or drivers created between two instants (`to` exclusive). */
async function createdIn(
  services: { db: import('../../db/index.js').Db },
  table: 'passengers' | 'drivers',
  range: { from: Date; to: Date },
) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
    where created_at >= ${range.from} and created_at < ${range.to}`.execute(services.db);
  return rows[0].n;
}

export const kpis = defineQuery({
  name: 'kpis',
  summary: 'The KPI cards for a period, with the previous period of equal length',
  description:
    'Default period: today. Each card is `{value, previous}` (queue cards: `{value}` now; open issues also `breached`). Only the cards the viewer may see are present: trips (view-Trip), money (view-Report), new passengers (view-Passenger), new drivers and the review queue (view-Driver), open issues (view-Issue), unacknowledged SOS alarms (view-SosContacts).',
  access: 'authenticated',
  parameters: { from: periodParameters.from, to: periodParameters.to, preset: periodParameters.preset },
  parse: (query, now) => ({ range: periodOr('today')(query, now), now }),
  async handler({ range, now }, { services, staff }) {
    const keys = new Set(visibleCards(staff.permissions).map((c) => c.key));
    if (!keys.size) throw forbidden('any dashboard card');
    // Compared with the period before, cut at the same time of day while this one is not over.
    const previous = comparisonPeriod(range, now);
    const cards: Record<string, { value: number | null; previous?: number | null; breached?: number }> = {};
    if (has(staff, P.viewTrip) || has(staff, P.viewReport)) {
      const [now_, before] = await Promise.all([
        sumDaily<RawFigures>(services.db, [daysOf(range)]),
        sumComparison(services.db, previous),
      ]);
      const a = figuresOf(now_[0]);
      const b = figuresOf(before);
      const pair = (key: keyof typeof a) => ({ value: a[key], previous: b[key] });
      if (has(staff, P.viewTrip)) {
        cards.tripsRequested = pair('requested');
        cards.tripsCompleted = pair('completed');
        cards.cancellationRate = pair('cancellationRate');
      }
      if (has(staff, P.viewReport)) {
        cards.grossFares = pair('grossFares');
        cards.commission = pair('commission');
        cards.averageFare = pair('averageFare');
      }
    }
    const jobs: Promise<void>[] = [];
    if (keys.has('newPassengers'))
      jobs.push(
        Promise.all([createdIn(services, 'passengers', range), createdIn(services, 'passengers', previous)]).then(
          ([value, prev]) => void (cards.newPassengers = { value, previous: prev }),
        ),
      );
    if (keys.has('newDrivers'))
      jobs.push(
        Promise.all([createdIn(services, 'drivers', range), createdIn(services, 'drivers', previous)]).then(
          ([value, prev]) => void (cards.newDrivers = { value, previous: prev }),
        ),
      );
    if (keys.has('driversAwaitingReview'))
      jobs.push(
        services.db
          .selectFrom('drivers')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('approvalStatus', '=', 'pending')
          .executeTakeFirstOrThrow()
          .then(({ n }) => void (cards.driversAwaitingReview = { value: n })),
      );
    if (keys.has('openIssues')) {
      const limits = sql.join(
        Object.entries(ISSUE_SLA_HOURS).map(([priority, hours]) => sql`(${priority}::text, ${hours}::int)`),
      );
      jobs.push(
        sql<{ n: number; breached: number }>`select count(*)::int as n,
            count(*) filter (where i.created_at + make_interval(hours => sla.hours) < ${now})::int as breached
          from issues i join (values ${limits}) as sla(priority, hours) on sla.priority = i.priority
          where i.status in (${sql.join([...OPEN_ISSUE_STATUSES])})`
          .execute(services.db)
          .then(({ rows }) => void (cards.openIssues = { value: rows[0].n, breached: rows[0].breached })),
      );
    }
    if (keys.has('sosUnacknowledged'))
      jobs.push(
        services.db
          .selectFrom('sosCallLogs')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('status', '=', 'new')
          .executeTakeFirstOrThrow()
          .then(({ n }) => void (cards.sosUnacknowledged = { value: n })),
      );
    await Promise.all(jobs);
    // In dashboard order, whatever order the queries answered in.
    const ordered = Object.fromEntries(
      visibleCards(staff.permissions)
        .filter((c) => c.key in cards)
        .map((c) => [c.key, cards[c.key]]),
    );
    return {
      period: period(range),
      previous: { ...period(previous), ...(previous.partial ? { until: previous.to.toISOString() } : {}) },
      timeZone: range.timeZone,
      cards: ordered,
    };
  },
});

export const live = defineQuery({
  name: 'live',
  summary: 'Live now: drivers online, drivers on a trip, trips waiting for a driver',
  description: 'A snapshot; the panel refreshes it when a `tripUpdated` event arrives.',
  access: P.viewTrip,
  parameters: {},
  parse: () => ({}),
  async handler(_params, { services }) {
    const active = ACTIVE_TRIP_STATUSES.filter((s) => s !== 'requested');
    const { rows } = await sql<{ driversOnline: number; driversOnTrip: number; tripsWaiting: number }>`select
        (select count(*)::int from drivers where online) as "driversOnline",
        (select count(distinct driver_id)::int from trips where status in (${sql.join(active)}) and driver_id is not null) as "driversOnTrip",
        (select count(*)::int from trips where status = 'requested') as "tripsWaiting"`.execute(services.db);
    return { ...rows[0], at: new Date().toISOString() };
  },
});

export const dailyTrips = defineQuery({
  name: 'daily-trips',
  summary: 'Trips and revenue per day, week or month',
  description:
    'Per bucket: trips requested and completed; with view-Report also gross fares and commission. Every bucket of the period is listed.',
  access: P.viewTrip,
  parameters: { ...periodParameters, ...tripFilterParameters },
  parse: (query, now) => ({ range: periodOf(query, now), filters: tripFiltersOf(query) }),
  async handler({ range, filters }, { services, staff }) {
    const rows = await sumDaily<{ bucket: string } & RawFigures>(services.db, [daysOf(range), ...filters], {
      bucket: bucketOf(range.groupBy),
    });
    const money = has(staff, P.viewReport);
    const byBucket = new Map(rows.map((r) => [r.bucket, figuresOf(r)]));
    return {
      ...period(range),
      groupBy: range.groupBy,
      revenue: money,
      buckets: bucketStarts(range).map((bucket) => {
        const f = byBucket.get(bucket);
        return {
          bucket,
          requested: f?.requested ?? 0,
          completed: f?.completed ?? 0,
          ...(money ? { grossFares: f?.grossFares ?? 0, commission: f?.commission ?? 0 } : {}),
        };
      }),
    };
  },
});

export const tripsByVehicleType = defineQuery({
  name: 'trips-by-vehicle-type',
  summary: 'Trips requested and completed by vehicle type',
  access: P.viewTrip,
  parameters: { ...periodParameters, paymentMethod: tripFilterParameters.paymentMethod },
  parse: (query, now) => ({
    range: periodOf(query, now),
    filters: tripFiltersOf({ paymentMethod: query.paymentMethod }),
  }),
  async handler({ range, filters }, { services }) {
    const rows = await sumDaily<{ vehicleTypeId: number } & RawFigures>(services.db, [daysOf(range), ...filters], {
      vehicleTypeId: sql`trips.vehicle_type_id`,
    });
    const types = await services.db.selectFrom('vehicleTypes').select(['id', 'name']).orderBy('id').execute();
    const byType = new Map(rows.map((r) => [r.vehicleTypeId, r]));
    return {
      ...period(range),
      types: types
        .map((t) => ({
          vehicleTypeId: t.id,
          name: t.name,
          requested: byType.get(t.id)?.requested ?? 0,
          completed: byType.get(t.id)?.completed ?? 0,
        }))
        .filter((t) => t.requested > 0),
    };
  },
});

export const demandHeatmap = defineQuery({
  name: 'demand-heatmap',
  summary: 'Trips requested by local hour of day and weekday',
  description: 'cells[weekday][hour]: weekday 0 = Monday … 6 = Sunday, hour 0–23, city time.',
  access: P.viewTrip,
  parameters: { ...periodParameters, ...tripFilterParameters },
  parse: (query, now) => ({ range: periodOf(query, now), filters: tripFiltersOf(query) }),
  async handler({ range, filters }, { services }) {
    const { rows } = await sql<{ weekday: number; hour: number; n: number }>`
      select (extract(isodow from trips.day)::int - 1) as weekday, trips.hour::int as hour, sum(trips.trips)::int as n
      from trip_hourly as trips where ${sql.join([daysOf(range), ...filters], sql` and `)}
      group by 1, 2`.execute(services.db);
    const cells = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    let max = 0;
    for (const r of rows) {
      cells[r.weekday][r.hour] = r.n;
      max = Math.max(max, r.n);
    }
    return { ...period(range), cells, max };
  },
});

export const growth = defineQuery({
  name: 'growth',
  summary: 'Drivers and passengers by month: new and cumulative',
  description:
    'Per month of the period (default: the last 12 months): new drivers (view-Driver) and passengers (view-Passenger), and how many there were by the month’s end.',
  access: 'authenticated',
  parameters: { from: periodParameters.from, to: periodParameters.to },
  parse: (query, now) => {
    const range = periodOf({ ...query, groupBy: 'month' }, now);
    if (query.from === undefined && query.to === undefined) {
      const to = range.toDay;
      const [y, m] = to.split('-').map(Number);
      const first = new Date(Date.UTC(y, m - 12, 1)).toISOString().slice(0, 10);
      return periodOf({ from: first, to, groupBy: 'month' }, now);
    }
    return range;
  },
  async handler(range, { services, staff }) {
    const tables = (['drivers', 'passengers'] as const).filter((t) =>
      has(staff, t === 'drivers' ? P.viewDriver : P.viewPassenger),
    );
    if (!tables.length) throw forbidden('drivers or passengers');
    const months = bucketStarts(range);
    const out = months.map((month) => ({ month }) as Record<string, number | string>);
    // From the sign-ups rollup (migration 013): a few hundred rows, not a pass over every passenger.
    const counts = await Promise.all(
      tables.map((table) =>
        sql<{ month: string | null; n: number }>`
        select case when day < ${range.fromDay}::date then null
          else to_char(date_trunc('month', day), 'YYYY-MM-DD') end as month, sum(n)::int as n
        from signups_daily where kind = ${table} and day <= ${range.toDay}::date
        group by 1`.execute(services.db),
      ),
    );
    for (const [k, table] of tables.entries()) {
      const byMonth = new Map(counts[k].rows.map((r) => [r.month, r.n]));
      let total = byMonth.get(null) ?? 0;
      const key = table === 'drivers' ? 'Drivers' : 'Passengers';
      for (const row of out) {
        const fresh = byMonth.get(row.month as string) ?? 0;
        total += fresh;
        row[`new${key}`] = fresh;
        row[key.toLowerCase()] = total;
      }
    }
    return { ...period(range), series: tables, months: out };
  },
});

export const CARD_QUERIES = [kpis, live, dailyTrips, tripsByVehicleType, demandHeatmap, growth];
