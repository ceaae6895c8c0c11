import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
let dispatcher: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
});
afterAll(() => t?.close());

const get = (path: string, query: Record<string, string> = {}, token = admin) =>
  t.call('GET', `/api/trip/${path}`, { token, query });

/** Instants of local midnight before `from` and after `to` (Nairobi, UTC+3). */
const bounds = (from: string, to: string) => [
  new Date(`${from}T00:00:00+03:00`).toISOString(),
  new Date(new Date(`${to}T00:00:00+03:00`).getTime() + 86400_000).toISOString(),
];

/** The truth: plain sums over trips requested in a period (up to `until` if given), straight from the trips table. */
async function truth(from: string, to: string, extra = sql`true`, until?: string) {
  const [a, whole] = bounds(from, to);
  const b = until ?? whole;
  const { rows } = await sql<{
    requested: number;
    completed: number;
    cancelled: number;
    gross: string;
    discounts: string;
    net: string;
    commission: string;
    fees: string;
  }>`select count(*)::int as requested, count(*) filter (where status = 'completed')::int as completed,
      count(*) filter (where status in ('cancelled_by_passenger', 'cancelled_by_driver'))::int as cancelled,
      coalesce(sum(fare_total + fare_discount) filter (where status = 'completed'), 0)::text as gross,
      coalesce(sum(fare_discount) filter (where status = 'completed'), 0)::text as discounts,
      coalesce(sum(fare_total) filter (where status = 'completed'), 0)::text as net,
      coalesce(sum(commission), 0)::text as commission, coalesce(sum(cancellation_fee), 0)::text as fees
    from trips where requested_at >= ${a} and requested_at < ${b} and ${extra}`.execute(t.db);
  const r = rows[0];
  return {
    requested: r.requested,
    completed: r.completed,
    cancelled: r.cancelled,
    gross: Number(r.gross),
    discounts: Number(r.discounts),
    net: Number(r.net),
    commission: Number(r.commission),
    fees: Number(r.fees),
  };
}

async function latestDay() {
  const { at } = await t.db
    .selectFrom('trips')
    .select(sql<Date>`max(requested_at)`.as('at'))
    .executeTakeFirstOrThrow();
  return new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
}
/** Today in Nairobi (UTC+3). */
const today = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
const minusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86400_000).toISOString().slice(0, 10);

describe('GET /api/trip/reports/revenue', () => {
  it('agrees to the cent with sums over trips, per bucket, in total and per split', async () => {
    const to = await latestDay();
    const from = minusDays(to, 44);
    const res = await get('reports/revenue', { from, to, groupBy: 'week' });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    const all = await truth(from, to);
    expect(data.totals).toMatchObject({
      trips: all.completed,
      grossFares: all.gross,
      discounts: all.discounts,
      netFares: all.net,
      commission: all.commission,
      cancellationFees: all.fees,
    });
    expect(data.totals.driverEarnings).toBeCloseTo(all.net + all.fees - all.commission, 2);
    expect(data.totals.trips).toBeGreaterThan(0);
    // Weeks from Monday; the first bucket holds `from`, and the buckets add up to the totals.
    expect(new Date(`${data.rows[0].bucket}T00:00:00Z`).getUTCDay()).toBe(1);
    const sum = (key: string) =>
      Math.round(data.rows.reduce((s: number, r: Record<string, number>) => s + r[key] * 100, 0)) / 100;
    expect(sum('netFares')).toBe(all.net);
    expect(sum('commission')).toBe(all.commission);
    // The last week, on its own.
    const last = data.rows.at(-1);
    const week = await truth(last.bucket < from ? from : last.bucket, to);
    expect(last.netFares).toBe(week.net);
    for (const m of data.byPaymentMethod) {
      const split = await truth(from, to, sql`payment_method = ${m.paymentMethod}`);
      expect(m.netFares, m.paymentMethod).toBe(split.net);
      expect(m.trips).toBe(split.completed);
    }
    const type = data.byVehicleType[0];
    const byType = await truth(from, to, sql`vehicle_type_id = ${type.vehicleTypeId}`);
    expect(type.grossFares).toBe(byType.gross);
  });

  it('filters by vehicle type and payment method', async () => {
    const to = await latestDay();
    const from = minusDays(to, 9);
    const { id } = await t.db.selectFrom('vehicleTypes').select('id').orderBy('id').executeTakeFirstOrThrow();
    const res = await get('reports/revenue', { from, to, vehicleTypeId: String(id), paymentMethod: 'card' });
    const expected = await truth(from, to, sql`vehicle_type_id = ${id} and payment_method = 'card'`);
    expect(res.json().data.totals.netFares).toBe(expected.net);
    expect(res.json().data.rows).toHaveLength(10);
  });
});

describe('GET /api/trip/reports/trips', () => {
  it('answers zeros, not an error, for a period without trips', async () => {
    const res = await get('reports/trips', { from: '2019-01-01', to: '2019-01-31' });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.current).toMatchObject({ requested: 0, completed: 0, cancellationRate: null, averageFare: null });
    expect(data.byStatus.every((s: { trips: number }) => s.trips === 0)).toBe(true);
    expect(data.topCancellationReasons).toEqual([]);
  });

  it('counts statuses, cancellations and reasons like the trips table, with the previous period', async () => {
    const to = today();
    const from = minusDays(to, 13);
    const { data } = (await get('reports/trips', { from, to })).json();
    const [a, b] = bounds(from, to);
    const { rows } = await sql<{ status: string; n: number }>`select status, count(*)::int as n from trips
      where requested_at >= ${a} and requested_at < ${b} group by 1`.execute(t.db);
    for (const s of data.byStatus) expect(s.trips, s.status).toBe(rows.find((r) => r.status === s.status)?.n ?? 0);
    const now = await truth(from, to);
    expect(data.current.cancellationRate).toBeCloseTo(now.cancelled / now.requested, 10);
    expect(data.current.averageFare).toBe(Math.round((now.net / now.completed) * 100) / 100);
    // The period runs to today, so the previous one stops 14 days before now.
    expect(data.previousPeriod).toMatchObject({ from: minusDays(from, 14), to: minusDays(from, 1) });
    expect(Math.abs(Date.parse(data.previousPeriod.until) - (Date.now() - 14 * 86400_000))).toBeLessThan(60_000);
    const before = await truth(minusDays(from, 14), minusDays(from, 1), sql`true`, data.previousPeriod.until);
    expect(data.previous.requested).toBe(before.requested);
    const { rows: reasons } = await sql<{
      reason: string;
      n: number;
    }>`select cancellation_reason as reason, count(*)::int as n
      from trips where requested_at >= ${a} and requested_at < ${b} and status in ('cancelled_by_passenger', 'cancelled_by_driver')
      and cancellation_reason is not null group by 1 order by 2 desc, 1 limit 1`.execute(t.db);
    expect(data.topCancellationReasons[0]).toMatchObject({ reason: reasons[0].reason, n: reasons[0].n });
    const demand = data.demandByHour.reduce((x: number, y: number) => x + y, 0);
    expect(demand).toBe(now.requested);
  });
});

describe('GET /api/trip/reports/driver-revenue', () => {
  it('gives each driver the sums of their own trips, across whole months and partial ones', async () => {
    const to = await latestDay();
    const from = minusDays(to, 75); // spans at least one whole month and two partial ones
    const res = await get('reports/driver-revenue', { from, to, sort: 'trips', order: 'DESC' });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    const [a, b] = bounds(from, to);
    const { rows } = await sql<{ driverId: number; trips: number; net: string; commission: string }>`
      select driver_id as "driverId", count(*)::int as trips,
        (coalesce(sum(fare_total) filter (where status = 'completed'), 0) + sum(cancellation_fee) - sum(commission))::text as net,
        sum(commission)::text as commission
      from trips where requested_at >= ${a} and requested_at < ${b} and driver_id is not null group by 1`.execute(t.db);
    expect(data.rows).toHaveLength(rows.length);
    for (const r of rows) {
      const got = data.rows.find((x: { driverId: number }) => x.driverId === r.driverId);
      expect(got, `driver ${r.driverId}`).toMatchObject({
        trips: r.trips,
        netEarnings: Number(r.net),
        commission: Number(r.commission),
      });
    }
    const trips = data.rows.map((r: { trips: number }) => r.trips);
    expect([...trips].sort((x, y) => y - x)).toEqual(trips);
    const { balance } = await t.db
      .selectFrom('drivers')
      .select('creditBalance as balance')
      .where('id', '=', data.rows[0].driverId)
      .executeTakeFirstOrThrow();
    expect(data.rows[0].balance).toBe(balance);
  });
});

describe('GET /api/trip/reports/driver-revenue, paged', () => {
  it('answers one sorted page of drivers with the totals over every driver, the pages making up the whole list', async () => {
    const to = await latestDay();
    const from = minusDays(to, 40);
    for (const [sort, order] of [
      ['netEarnings', 'DESC'],
      ['name', 'ASC'],
      ['balance', 'DESC'],
    ]) {
      const query = { from, to, sort, order };
      const all = (await get('reports/driver-revenue', query)).json().data;
      expect(all.perPage).toBeNull();
      expect(all.rows.length, sort).toBeGreaterThan(7);
      const pages = [];
      for (let page = 1; (page - 1) * 3 < all.rows.length; page++) {
        const res = await get('reports/driver-revenue', { ...query, page: String(page), perPage: '3' });
        expect(res.statusCode, res.body).toBe(200);
        const { data } = res.json();
        expect(data).toMatchObject({ page, perPage: 3, sort, order });
        expect(data.totals, `${sort} page ${page}`).toEqual(all.totals);
        expect(data.rows.length).toBe(Math.min(3, all.rows.length - (page - 1) * 3));
        pages.push(...data.rows);
      }
      expect(pages, sort).toEqual(all.rows);
    }
  });

  it('gives totals that are the sums of the rows and of the trips table, to the cent, also past the last page', async () => {
    const to = await latestDay();
    const from = minusDays(to, 40);
    const { data: all } = (await get('reports/driver-revenue', { from, to })).json();
    const cents = (key: string) =>
      all.rows.reduce((s: number, r: Record<string, number>) => s + Math.round(r[key] * 100), 0) / 100;
    expect(all.totals).toEqual({
      drivers: all.rows.length,
      trips: all.rows.reduce((s: number, r: { trips: number }) => s + r.trips, 0),
      completed: all.rows.reduce((s: number, r: { completed: number }) => s + r.completed, 0),
      grossFares: cents('grossFares'),
      commission: cents('commission'),
      cancellationFees: cents('cancellationFees'),
      netEarnings: cents('netEarnings'),
    });
    const [a, b] = bounds(from, to);
    const { rows } = await sql<{ net: string; drivers: number }>`select count(distinct driver_id)::int as drivers,
        (coalesce(sum(fare_total) filter (where status = 'completed'), 0) + sum(cancellation_fee) - sum(commission))::text as net
      from trips where requested_at >= ${a} and requested_at < ${b} and driver_id is not null`.execute(t.db);
    expect(all.totals.netEarnings).toBe(Number(rows[0].net));
    expect(all.totals.drivers).toBe(rows[0].drivers);
    const past = (await get('reports/driver-revenue', { from, to, page: '1000', perPage: '25' })).json().data;
    expect(past.rows).toEqual([]);
    expect(past.totals).toEqual(all.totals);
  });
});

describe('GET /api/trip/reports/totals-by-year', () => {
  it('counts drivers and passengers joined each year, and in all', async () => {
    const { data } = (await get('reports/totals-by-year')).json();
    const { n } = await t.db
      .selectFrom('passengers')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(data.years.at(-1).passengers).toBe(n);
    const trips = data.years.reduce((s: number, y: { trips: number }) => s + y.trips, 0);
    const { m } = await t.db
      .selectFrom('trips')
      .select(sql<number>`count(*)::int`.as('m'))
      .executeTakeFirstOrThrow();
    expect(trips).toBe(m);
  });
});

describe('the dashboard cards', () => {
  it('compare a period with the previous one of equal length, agreeing with the trips table', async () => {
    const to = today();
    const from = minusDays(to, 6);
    const res = await get('dashboard/kpis', { from, to });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    // The 7 days end today, so they are compared with the 7 before up to the same time of day.
    expect(data.previous).toMatchObject({ from: minusDays(from, 7), to: minusDays(from, 1) });
    expect(Math.abs(Date.parse(data.previous.until) - (Date.now() - 7 * 86400_000))).toBeLessThan(60_000);
    const now = await truth(from, to);
    const before = await truth(minusDays(from, 7), minusDays(from, 1), sql`true`, data.previous.until);
    expect(data.cards.tripsRequested).toEqual({ value: now.requested, previous: before.requested });
    expect(data.cards.tripsCompleted).toEqual({ value: now.completed, previous: before.completed });
    expect(data.cards.grossFares).toEqual({ value: now.gross, previous: before.gross });
    expect(data.cards.commission.value).toBe(now.commission);
    const { n } = await t.db
      .selectFrom('sosCallLogs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow();
    expect(data.cards.sosUnacknowledged).toEqual({ value: n });
    expect(Object.keys(data.cards)).toHaveLength(11);
  });

  it('compare today with yesterday up to the same time of day, not with the whole of yesterday', async () => {
    const yesterday = minusDays(today(), 1);
    // A trip yesterday an hour after the current time of day must not count; one an hour before must.
    const [before, after] = [-3600_000, 3600_000].map((d) => new Date(Date.now() - 86400_000 + d));
    const { id: passengerId } = await t.db.selectFrom('passengers').select('id').executeTakeFirstOrThrow();
    const { id: vehicleTypeId } = await t.db.selectFrom('vehicleTypes').select('id').executeTakeFirstOrThrow();
    const { data: first } = (await get('dashboard/kpis', { preset: 'today' })).json();
    const inserted = await t.db
      .insertInto('trips')
      .values(
        [before, after]
          .filter((at) => at.getTime() >= Date.parse(`${yesterday}T00:00:00+03:00`))
          .map((at) => ({
            passengerId,
            vehicleTypeId,
            status: 'no_driver_found',
            paymentMethod: 'cash',
            pickupAddress: 'Test pickup',
            pickupLat: -1.28,
            pickupLng: 36.82,
            dropoffAddress: 'Test drop-off',
            dropoffLat: -1.3,
            dropoffLng: 36.8,
            distanceKm: 5,
            durationMin: 12,
            fareBase: 100,
            fareDistance: 250,
            fareTime: 60,
            fareTotal: 410,
            requestedAt: at,
          })),
      )
      .returning(['id', 'requestedAt'])
      .execute();
    const { data } = (await get('dashboard/kpis', { preset: 'today' })).json();
    expect(data.previous).toMatchObject({ from: yesterday, to: yesterday });
    expect(Math.abs(Date.parse(data.previous.until) - (Date.now() - 86400_000))).toBeLessThan(60_000);
    const counted = inserted.filter((r) => r.requestedAt.getTime() < Date.parse(data.previous.until)).length;
    expect(data.cards.tripsRequested.previous).toBe(first.cards.tripsRequested.previous + counted);
    const expected = await truth(yesterday, yesterday, sql`true`, data.previous.until);
    expect(data.cards.tripsRequested.previous).toBe(expected.requested);
    expect(data.cards.grossFares.previous).toBe(expected.gross);
    await t.db
      .deleteFrom('trips')
      .where(
        'id',
        'in',
        inserted.map((r) => r.id),
      )
      .execute();
  });

  it('show a dispatcher the trip cards but never revenue, and no revenue in the daily chart', async () => {
    const { data } = (await get('dashboard/kpis', {}, dispatcher)).json();
    expect(Object.keys(data.cards)).toEqual(['tripsRequested', 'tripsCompleted', 'cancellationRate', 'newPassengers']);
    const daily = (await get('dashboard/daily-trips', { preset: 'last7days' }, dispatcher)).json().data;
    expect(daily.revenue).toBe(false);
    expect(daily.buckets[0]).not.toHaveProperty('grossFares');
    const adminDaily = (await get('dashboard/daily-trips', { preset: 'last7days' })).json().data;
    expect(adminDaily.buckets[0]).toHaveProperty('grossFares');
    const growth = (await get('dashboard/growth', {}, dispatcher)).json().data;
    expect(growth.series).toEqual(['passengers']);
    expect(growth.months).toHaveLength(12); // the last 12 months, this one included
    for (const report of ['revenue', 'trips', 'driver-revenue', 'totals-by-year'])
      expect((await get(`reports/${report}`, {}, dispatcher)).statusCode, report).toBe(403);
  });

  it('count trips by vehicle type and demand by weekday and hour like the trips table', async () => {
    const to = await latestDay();
    const from = minusDays(to, 27);
    const [a, b] = bounds(from, to);
    const types = (await get('dashboard/trips-by-vehicle-type', { from, to })).json().data.types;
    const { rows } = await sql<{ id: number; n: number }>`select vehicle_type_id as id, count(*)::int as n from trips
      where requested_at >= ${a} and requested_at < ${b} group by 1`.execute(t.db);
    for (const r of rows)
      expect(types.find((x: { vehicleTypeId: number }) => x.vehicleTypeId === r.id).requested).toBe(r.n);
    const heat = (await get('dashboard/demand-heatmap', { from, to })).json().data;
    const { rows: cells } = await sql<{
      w: number;
      h: number;
      n: number;
    }>`select extract(isodow from requested_at at time zone 'Africa/Nairobi')::int - 1 as w,
        extract(hour from requested_at at time zone 'Africa/Nairobi')::int as h, count(*)::int as n
      from trips where requested_at >= ${a} and requested_at < ${b} group by 1, 2`.execute(t.db);
    for (const c of cells) expect(heat.cells[c.w][c.h], `${c.w} ${c.h}`).toBe(c.n);
    expect(heat.max).toBe(Math.max(...cells.map((c) => c.n)));
    const live = (await get('dashboard/live', {}, dispatcher)).json().data;
    const { n } = await t.db
      .selectFrom('trips')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'requested')
      .executeTakeFirstOrThrow();
    expect(live.tripsWaiting).toBe(n);
  });

  it('answer 400 with a message for a bad period, grouping, filter or sort', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['reports/revenue', { from: '2026-03-10', to: '2026-03-01' }, '"to" cannot be before "from"'],
      ['reports/revenue', { preset: 'today', groupBy: 'quarter' }, '"groupBy" must be one of: day, week, month'],
      ['reports/trips', { from: '2026-02-30', to: '2026-03-01' }, '"from" must be a date like 2026-03-31'],
      [
        'reports/driver-revenue',
        { sort: 'colour' },
        '"sort" must be one of: trips, grossFares, commission, netEarnings, balance, name',
      ],
      ['reports/driver-revenue', { order: 'up' }, '"order" must be ASC or DESC'],
      ['reports/driver-revenue', { perPage: '0' }, '"perPage" must be a whole number from 1 to 500'],
      ['reports/driver-revenue', { perPage: '25', page: '-1' }, '"page" must be a whole number from 1 to 1000000'],
      ['reports/driver-revenue', { perPage: '2.5' }, '"perPage" must be a whole number from 1 to 500'],
      [
        'dashboard/kpis',
        { preset: 'lastYear' },
        '"preset" must be one of: today, yesterday, last7days, last30days, thisMonth',
      ],
      ['dashboard/daily-trips', { paymentMethod: 'gold' }, '"paymentMethod" must be one of: cash, card, wallet'],
      ['dashboard/growth', { from: '2020-01-01', to: '2026-01-01' }, 'The period may cover at most 400 days'],
    ];
    for (const [path, query, message] of cases) {
      const res = await get(path, query);
      expect(res.statusCode, `${path} ${message}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.call('GET', '/api/trip/dashboard/kpis')).statusCode).toBe(401);
  });
});
