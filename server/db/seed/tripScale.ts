import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../index.js';
import {
  computeFare,
  estimateRoute,
  resolvePricing,
  surgeAtClock,
  surgeMultiplier,
  type PriceProfile,
} from '../../../src/domain/fare.js';
import { encodeRoute } from '../../trip/geo/route.js';
import { demandAt, HISTORY_DAYS, SEED_VEHICLE_TYPES } from './trip.js';
import { insertRows, prng } from './tripBulk.js';
import { PLACES } from './tripPlaces.js';

/**
 * Fills the database up to a number of trips for load tests, in SQL: the
 * trips, their drivers and passengers, and the driver ledger come from
 * INSERT … SELECT over generate_series with deterministic hashing, so a
 * million rows take minutes, not hours. The fare arithmetic is the pure fare
 * module's, in integer cents; a sample is recomputed in JS at the end.
 *
 * Consistency at scale: every trip is finished (the live city is the demo's),
 * times are ordered, each driver drives its own vehicle type and is never on
 * two trips at once (trip i goes to driver (i + 7·⌊i/D⌋) mod D, so a driver's
 * trips are ≥ D − 7 requests apart), every charged trip is settled in the
 * ledger, cash commissions are topped up and card/wallet earnings paid out
 * weekly, and each driver's credit balance is the sum of its ledger. Scale
 * trips carry no discount codes and get no reviews.
 */
export interface ScaleOptions {
  trips: number;
  now?: Date;
  log?: (line: string) => void;
  /** Trips a driver takes over the half-year; sets how many drivers are added. */
  tripsPerDriver?: number;
}

const FIRST = [
  'Brian',
  'Kevin',
  'Dennis',
  'Collins',
  'Felix',
  'Victor',
  'Samuel',
  'Peter',
  'John',
  'Joseph',
  'Daniel',
  'David',
  'Moses',
  'Eric',
  'Ian',
  'Kelvin',
  'Stephen',
  'Paul',
  'Mercy',
  'Faith',
  'Grace',
  'Joy',
  'Esther',
  'Ann',
  'Caroline',
  'Purity',
  'Winnie',
  'Sharon',
  'Lucy',
  'Nancy',
  'Wanjiru',
  'Akinyi',
  'Atieno',
  'Njeri',
  'Chebet',
  'Wambui',
  'Otieno',
  'Kiprono',
  'Mutua',
  'Kamau',
];
const LAST = [
  'Kamau',
  'Mwangi',
  'Otieno',
  'Ochieng',
  'Wanjiku',
  'Kariuki',
  'Njoroge',
  'Mutua',
  'Kiprotich',
  'Cheruiyot',
  'Wafula',
  'Barasa',
  'Omondi',
  'Odhiambo',
  'Maina',
  'Kimani',
  'Njuguna',
  'Muthoni',
  'Achieng',
  'Onyango',
  'Kibet',
  'Rotich',
  'Mugo',
  'Gitau',
  'Macharia',
  'Nyambura',
  'Korir',
  'Wekesa',
  'Simiyu',
  'Juma',
];
const PASSENGER_REASONS = [
  'Driver was taking too long',
  'Changed my plans',
  'Booked by mistake',
  'Found another ride',
  'Wrong pickup location',
];
const DRIVER_REASONS = [
  'Passenger not at the pickup point',
  'Vehicle problem',
  'Passenger asked to cancel',
  'Pickup unreachable: road closed',
];
const ROUTES = 3000;

const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;

export async function seedScale(
  db: Db,
  opts: ScaleOptions,
): Promise<{ added: number; drivers: number; passengers: number }> {
  const log = opts.log ?? (() => {});
  const now = (opts.now ?? new Date()).getTime();
  const timed = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await run();
    log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  const q = <T>(query: RawBuilder<T>) => query.execute(db);
  // Big one-off statements: PostgreSQL's JIT would spend seconds compiling each one.
  const bulk = <T>(query: RawBuilder<T>) =>
    db.transaction().execute(async (trx) => {
      await sql`set local jit = off`.execute(trx);
      return query.execute(trx);
    });

  const { n: current } = await db
    .selectFrom('tripCounts')
    .select(sql<number>`coalesce(sum(n), 0)::bigint`.as('n'))
    .executeTakeFirstOrThrow();
  const add = opts.trips - Number(current);
  if (add <= 0) {
    log(`already ${current} trips; nothing to add`);
    return { added: 0, drivers: 0, passengers: 0 };
  }
  const D = Math.max(60, Math.ceil(add / (opts.tripsPerDriver ?? 350)));
  const P = D * 20;
  const start = now - HISTORY_DAYS * 86400_000;
  const end = now - 3 * 3600_000;
  log(`adding ${add} trips, ${D} drivers and ${P} passengers`);

  // Pricing as stored: vehicle types and the price settings in force for each.
  const types = await db.selectFrom('vehicleTypes').selectAll().where('active', '=', true).orderBy('id').execute();
  const profiles = await db.selectFrom('priceSettings').selectAll().execute();
  const defaults = (profiles.find((p) => p.vehicleTypeId === null) ?? {
    commissionPercent: 0,
    bidPercent: 0,
    surgeRules: [],
  }) as PriceProfile;
  const rules = new Map(
    types.map((t) => [
      t.id,
      resolvePricing(defaults, profiles.find((p) => p.vehicleTypeId === t.id) as PriceProfile | undefined, t),
    ]),
  );
  const shares: Record<string, number> = { Boda: 20, 'Tuk-Tuk': 8, Economy: 45, Comfort: 15, XL: 12 };
  const slots: { slot: number; vehicle_type_id: number; make: string; model: string }[] = [];
  const weights = types.map((t) => shares[t.name] ?? 10);
  const sum = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  types.forEach((t, k) => {
    const upto = Math.round(((acc + weights[k]) / sum) * 100);
    const vehicles = SEED_VEHICLE_TYPES.find((v) => v.name === t.name)?.vehicles ?? [];
    for (let s = Math.round((acc / sum) * 100); s < upto; s++) {
      const [make, model] = vehicles.length
        ? vehicles[s % vehicles.length]
        : [
            ['Toyota', 'Axio'],
            ['Nissan', 'Note'],
            ['Mazda', 'Demio'],
            ['Toyota', 'Fielder'],
          ][s % 4];
      slots.push({ slot: s, vehicle_type_id: t.id, make, model });
    }
    acc += weights[k];
  });

  const cents = (x: number) => Math.round(x * 100);
  await timed('lookup tables', async () => {
    for (const t of ['scale_types', 'scale_slots', 'scale_surge', 'scale_routes', 'scale_hours'])
      await q(sql`drop table if exists ${sql.raw(t)}`);
    await q(
      sql`create unlogged table scale_types (vehicle_type_id int primary key, base_c bigint, km_c bigint, min_c bigint, minimum_c bigint, fee_c bigint, pct_h bigint)`,
    );
    await insertRows(
      db,
      'scale_types',
      {
        vehicle_type_id: 'int',
        base_c: 'bigint',
        km_c: 'bigint',
        min_c: 'bigint',
        minimum_c: 'bigint',
        fee_c: 'bigint',
        pct_h: 'bigint',
      },
      types.map((t) => ({
        vehicle_type_id: t.id,
        base_c: cents(t.baseFare),
        km_c: cents(t.pricePerKm),
        min_c: cents(t.pricePerMinute),
        minimum_c: cents(t.minimumFare),
        fee_c: cents(t.cancellationFee),
        pct_h: cents(rules.get(t.id)!.commissionPercent),
      })),
    );
    await q(sql`create unlogged table scale_slots (slot int primary key, vehicle_type_id int, make text, model text)`);
    await insertRows(db, 'scale_slots', { slot: 'int', vehicle_type_id: 'int', make: 'text', model: 'text' }, slots);
    // Surge multipliers (in hundredths) by vehicle type and minute of the Nairobi week, where not 1.
    const surge: { vehicle_type_id: number; mow: number; mult_h: number }[] = [];
    for (const t of types) {
      for (let mow = 0; mow < 7 * 1440; mow++) {
        const m = surgeAtClock(rules.get(t.id)!.surgeRules, Math.floor(mow / 1440), mow % 1440);
        if (m !== 1) surge.push({ vehicle_type_id: t.id, mow, mult_h: cents(m) });
      }
    }
    await q(
      sql`create unlogged table scale_surge (vehicle_type_id int, mow int, mult_h int, primary key (vehicle_type_id, mow))`,
    );
    await insertRows(db, 'scale_surge', { vehicle_type_id: 'int', mow: 'int', mult_h: 'int' }, surge, 20_000);
    // Routes between real places: addresses, coordinates, polyline, estimated distance and duration.
    const rng = prng(4242);
    const routes = [];
    for (let r = 0; r < ROUTES; r++) {
      const from = rng.weighted(PLACES, (p) => p.weight);
      let to = rng.weighted(PLACES, (p) => p.weight);
      while (to === from) to = rng.weighted(PLACES, (p) => p.weight);
      const jit = (v: number) => Math.round((v + rng.float(-0.003, 0.003)) * 1e6) / 1e6;
      const pickup = { lat: jit(from.lat), lng: jit(from.lng) };
      const dropoff = { lat: jit(to.lat), lng: jit(to.lng) };
      const est = estimateRoute(pickup, dropoff);
      routes.push({
        rid: r,
        pickup_address: `${from.name}, ${from.area}`,
        plat: pickup.lat,
        plng: pickup.lng,
        dropoff_address: `${to.name}, ${to.area}`,
        dlat: dropoff.lat,
        dlng: dropoff.lng,
        polyline: encodeRoute(pickup, dropoff),
        dist_h: Math.round(est.distanceKm * 100),
        est_dur: est.durationMin,
      });
    }
    await q(
      sql`create unlogged table scale_routes (rid int primary key, pickup_address text, plat float8, plng float8, dropoff_address text, dlat float8, dlng float8, polyline text, dist_h int, est_dur int)`,
    );
    await insertRows(
      db,
      'scale_routes',
      {
        rid: 'int',
        pickup_address: 'text',
        plat: 'float8',
        plng: 'float8',
        dropoff_address: 'text',
        dlat: 'float8',
        dlng: 'float8',
        polyline: 'text',
        dist_h: 'int',
        est_dur: 'int',
      },
      routes,
    );
    // Requests per hour by demand; trip i of hour h is requested at t0 + (i − s) · 3600 / n seconds.
    const hours: { h: number; t0: number; w: number }[] = [];
    for (let t0 = Math.ceil(start / 3600_000) * 3600_000, h = 0; t0 + 3600_000 <= end; t0 += 3600_000, h++)
      hours.push({ h, t0, w: demandAt(t0 + 1800_000, start, end - start) });
    const total = hours.reduce((a, b) => a + b.w, 0);
    let given = 0;
    const exact = hours.map((x) => (x.w / total) * add);
    const counts = exact.map(Math.floor);
    given = counts.reduce((a, b) => a + b, 0);
    const order = exact.map((e, k) => [e - Math.floor(e), k] as const).sort((a, b) => b[0] - a[0]);
    for (let k = 0; given < add; k++, given++) counts[order[k % order.length][1]]++;
    let s = 0;
    const hourRows = hours
      .map((x, k) => {
        const row = { h: x.h, t0: new Date(x.t0).toISOString(), s, n: counts[k] };
        s += counts[k];
        return row;
      })
      .filter((r) => r.n > 0);
    await q(sql`create unlogged table scale_hours (h int primary key, t0 timestamptz, s bigint, n int)`);
    await insertRows(db, 'scale_hours', { h: 'int', t0: 'timestamptz', s: 'bigint', n: 'int' }, hourRows);
  });

  const { maxDriver } = await db
    .selectFrom('drivers')
    .select(sql<number>`coalesce(max(id), 0)`.as('maxDriver'))
    .executeTakeFirstOrThrow();
  const { maxPassenger } = await db
    .selectFrom('passengers')
    .select(sql<number>`coalesce(max(id), 0)`.as('maxPassenger'))
    .executeTakeFirstOrThrow();
  const joined = new Date(start - 60 * 86400_000).toISOString();
  await timed(`drivers and passengers`, async () => {
    await q(sql`insert into drivers (id, first_name, last_name, phone, email, sex, licence_number, licence_expiry, approval_status, vehicle_type_id, vehicle_make, vehicle_model, vehicle_plate, vehicle_colour, vehicle_year, online, created_at, updated_at)
      select ${maxDriver}::int + k, (${textArray(FIRST)})[1 + k % ${FIRST.length}], (${textArray(LAST)})[1 + (k / ${FIRST.length}) % ${LAST.length}],
        '+25410' || lpad((${maxDriver}::int + k)::text, 7, '0'), 'scale.driver' || (${maxDriver}::int + k) || '@example.com',
        case when k % 5 = 0 then 'female' else 'male' end, 'DL-S' || lpad(k::text, 6, '0'), (${joined}::timestamptz + interval '5 years')::date, 'approved',
        s.vehicle_type_id, s.make, s.model, 'K' || chr(65 + k % 26) || chr(65 + (k / 26) % 26) || ' ' || lpad((k % 1000)::text, 3, '0') || chr(65 + (k / 676) % 26),
        (array['White', 'Silver', 'Black', 'Blue', 'Grey'])[1 + k % 5], 2012 + k % 12, false, ${joined}::timestamptz, ${joined}::timestamptz
      from generate_series(1, ${D}::int) k join scale_slots s on s.slot = (k * 37) % 100`);
    await q(sql`select setval(pg_get_serial_sequence('drivers', 'id'), (select max(id) from drivers))`);
    await q(sql`insert into passengers (id, first_name, last_name, phone, email, sex, status, created_at, updated_at)
      select ${maxPassenger}::int + k, (${textArray(FIRST)})[1 + (k * 7) % ${FIRST.length}], (${textArray(LAST)})[1 + (k / 3) % ${LAST.length}],
        '+25411' || lpad((${maxPassenger}::int + k)::text, 7, '0'), 'scale.passenger' || (${maxPassenger}::int + k) || '@example.com',
        case when k % 2 = 0 then 'female' else 'male' end, 'active', ${joined}::timestamptz, ${joined}::timestamptz
      from generate_series(1, ${P}::int) k`);
    await q(sql`select setval(pg_get_serial_sequence('passengers', 'id'), (select max(id) from passengers))`);
  });

  const { firstTrip } = await db
    .selectFrom('trips')
    .select(sql<number>`coalesce(max(id), 0) + 1`.as('firstTrip'))
    .executeTakeFirstOrThrow();
  const CHUNK = 100_000;
  for (let lo = 0; lo < add; lo += CHUNK) {
    const hi = Math.min(add, lo + CHUNK) - 1;
    await timed(`trips ${lo + 1}–${hi + 1}`, () => bulk(tripInsert(lo, hi, D, P, maxDriver, maxPassenger)));
  }
  const { lastTrip } = await db
    .selectFrom('trips')
    .select(sql<number>`max(id)`.as('lastTrip'))
    .executeTakeFirstOrThrow();

  await timed('driver ledger', async () => {
    const finance = await db
      .selectFrom('staffs')
      .innerJoin('roles', 'roles.id', 'staffs.roleId')
      .select('staffs.id')
      .where('roles.name', '=', 'Finance')
      .orderBy('staffs.id')
      .executeTakeFirst();
    await bulk(
      ledgerInsert(
        firstTrip,
        lastTrip,
        maxDriver,
        D,
        finance?.id ?? null,
        new Date(now).toISOString(),
        new Date(start - 86400_000).toISOString(),
      ),
    );
    await q(
      sql`update drivers set credit_balance = x.balance from (select driver_id, sum(amount) balance from driver_transactions where driver_id > ${maxDriver} group by driver_id) x where drivers.id = x.driver_id`,
    );
  });
  await timed('vacuum analyze', async () => {
    for (const t of ['scale_types', 'scale_slots', 'scale_surge', 'scale_routes', 'scale_hours'])
      await q(sql`drop table ${sql.raw(t)}`);
    for (const t of ['trips', 'driver_transactions', 'drivers', 'passengers', 'trip_counts'])
      await q(sql`vacuum analyze ${sql.raw(t)}`);
  });
  await timed('self-check', () => selfCheck(db, firstTrip, lastTrip, maxDriver, D, rules, types));
  return { added: add, drivers: D, passengers: P };
}

/** Trips lo…hi (request order) as one INSERT … SELECT; the fare in integer cents as in computeFare. */
function tripInsert(
  lo: number,
  hi: number,
  D: number,
  P: number,
  driverBase: number,
  passengerBase: number,
): RawBuilder<unknown> {
  return sql`insert into trips (passenger_id, driver_id, vehicle_type_id, status, pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng,
      route_polyline, requested_at, accepted_at, arrived_at, started_at, completed_at, cancelled_at, distance_km, duration_min, surge_multiplier,
      fare_base, fare_distance, fare_time, fare_surge, fare_minimum_top_up, fare_discount, fare_total, cancellation_fee, commission, payment_method,
      cancellation_reason, created_at, updated_at)
    with g as materialized (
      select i, extract(epoch from h.t0) + ((i - h.s) + (abs(hashint8extended(i, 1)) % 1000) / 1000.0) * 3600.0 / h.n as req_s
      from scale_hours h cross join lateral generate_series(greatest(h.s, ${lo}::bigint), least(h.s + h.n - 1, ${hi}::bigint)) as i
      where h.s <= ${hi}::bigint and h.s + h.n - 1 >= ${lo}::bigint
    ), a as materialized (
      -- Nairobi keeps UTC+3 all year, and 1970-01-01 was a Thursday (4): the local clock is plain arithmetic.
      select g.i, to_timestamp(g.req_s) as req,
        ((floor((g.req_s + 10800) / 60)::bigint + 4 * 1440) % 10080)::int as mow,
        (floor((g.req_s + 10800) / 3600)::bigint % 24)::int as local_hour,
        ${driverBase}::int + 1 + ((g.i + (g.i / ${D}::int) * 7) % ${D}::int) as driver,
        ${passengerBase}::int + 1 + ((g.i + (g.i / ${P}::int) * 3) % ${P}::int) as passenger,
        abs(hashint8extended(g.i, 2)) % 1000 as outcome,
        abs(hashint8extended(g.i, 3)) % ${ROUTES}::int as route,
        abs(hashint8extended(g.i, 4)) % 100 as pay,
        abs(hashint8extended(g.i, 5)) as r
      from g
    ), b as (
      select a.*, d.vehicle_type_id as vt, ro.*, ty.*, coalesce(su.mult_h, 100) as mult_h,
        case when outcome < 35 then 'cancelled_by_passenger_early' when outcome < 45 then 'no_driver_found' when outcome < 75 then 'cancelled_by_driver'
          when outcome < 115 then 'cancelled_by_passenger' when outcome < 130 then 'cancelled_by_passenger_late' else 'completed' end as story,
        8 + r % 140 as acc_s, 150 + (r / 140) % 570 as arr_s, 20 + (r / 79800) % 280 as wait_s, (r / 22344000) % 56 as early_s,
        case when local_hour between 7 and 9 or local_hour between 17 and 19 then 1.1 + ((r / 7) % 41) / 100.0 else 0.85 + ((r / 7) % 31) / 100.0 end as traffic
      from a
      join drivers d on d.id = a.driver
      join scale_routes ro on ro.rid = a.route
      join scale_types ty on ty.vehicle_type_id = d.vehicle_type_id
      left join scale_surge su on su.vehicle_type_id = d.vehicle_type_id and su.mow = a.mow
    ), c as (
      select b.*, case when story = 'completed' then greatest(1, round(est_dur * traffic))::int else est_dur end as dur,
        story not in ('cancelled_by_passenger_early', 'no_driver_found') as has_driver,
        case when pay < 50 then 'cash' when pay < 85 then 'wallet' else 'card' end as method
      from b
    ), f as (
      select c.*, base_c + round(km_c * dist_h / 100.0) + min_c * dur as sub_c, round(km_c * dist_h / 100.0) as dist_c
      from c
    ), f2 as (
      select f.*, round(sub_c * (mult_h - 100) / 100.0) as surge_c from f
    ), f3 as (
      select f2.*, greatest(0, minimum_c - sub_c - surge_c) as top_c from f2
    ), f4 as (
      select f3.*, sub_c + surge_c + top_c as total_c,
        case when story = 'cancelled_by_passenger_late' and method <> 'cash' then fee_c else 0 end as cfee_c,
        req + make_interval(secs => acc_s) as accepted
      from f3
    )
    select passenger, case when has_driver then driver end, vt,
      case when story like 'cancelled_by_passenger%' then 'cancelled_by_passenger' else story end,
      pickup_address, plat, plng, dropoff_address, dlat, dlng, polyline, req,
      case when has_driver then accepted end,
      case when story in ('completed', 'cancelled_by_passenger_late') then accepted + make_interval(secs => arr_s) end,
      case when story = 'completed' then accepted + make_interval(secs => arr_s + wait_s) end,
      case when story = 'completed' then accepted + make_interval(secs => arr_s + wait_s + dur * 60 - early_s) end,
      case story
        when 'cancelled_by_passenger_early' then req + make_interval(secs => 20 + r % 180)
        when 'no_driver_found' then req + make_interval(secs => 120 + r % 180)
        when 'cancelled_by_driver' then accepted + make_interval(secs => arr_s / 2)
        when 'cancelled_by_passenger' then accepted + make_interval(secs => arr_s / 2)
        when 'cancelled_by_passenger_late' then accepted + make_interval(secs => arr_s + 60 + r % 360)
      end,
      dist_h / 100.0, dur, mult_h / 100.0,
      base_c / 100.0, dist_c / 100.0, (min_c * dur) / 100.0, surge_c / 100.0, top_c / 100.0, 0, total_c / 100.0,
      cfee_c / 100.0,
      case when story = 'completed' then round(total_c * pct_h / 10000.0) when cfee_c > 0 then round(cfee_c * pct_h / 10000.0) else 0 end / 100.0,
      method,
      case story
        when 'no_driver_found' then 'No driver accepted the request in time'
        when 'cancelled_by_driver' then (${textArray(DRIVER_REASONS)})[1 + r % ${DRIVER_REASONS.length}]
        when 'completed' then null
        else (${textArray(PASSENGER_REASONS)})[1 + r % ${PASSENGER_REASONS.length}]
      end,
      req, req
    from f4
    order by i`;
}

/**
 * The ledger of the new drivers: one settlement per charged trip, an opening
 * top-up, then each week a top-up of the cash commissions owed (rounded up to
 * 100) on Monday 09:00 and a payout of the card and wallet earnings on Monday
 * 10:00, Nairobi time; balance_after is the running sum.
 */
function ledgerInsert(
  firstTrip: number,
  lastTrip: number,
  driverBase: number,
  D: number,
  financeId: number | null,
  nowIso: string,
  openingIso: string,
): RawBuilder<unknown> {
  return sql`insert into driver_transactions (driver_id, kind, amount, balance_after, trip_id, staff_id, note, note_code, note_params, created_at)
    with s as (
      select t.driver_id, t.id as trip_id, coalesce(t.completed_at, t.cancelled_at) as at, t.payment_method,
        case when t.payment_method = 'cash' then -t.commission else (case when t.status = 'completed' then t.fare_total else t.cancellation_fee end) - t.commission end as amount,
        case when t.status = 'completed' then 'Trip #' else 'Cancellation fee #' end || t.id ||
          case when t.payment_method = 'cash' then ' paid in cash: commission ' || to_char(t.commission, 'FM999999990.00') || ' due'
          else ' paid by ' || t.payment_method || ': ' || to_char(case when t.status = 'completed' then t.fare_total else t.cancellation_fee end, 'FM999999990.00') || ' less commission ' || to_char(t.commission, 'FM999999990.00') end as note,
        -- The note's code and parameters (src/domain/ledgerNotes.ts settlementNote).
        case when t.status = 'completed' then 'trip' else 'cancellation' end ||
          case when t.payment_method = 'cash' then 'PaidInCash' else 'PaidBy' end as note_code,
        case when t.payment_method = 'cash' then jsonb_build_object('trip', t.id::text, 'commission', to_char(t.commission, 'FM999999990.00'))
          else jsonb_build_object('trip', t.id::text, 'method', t.payment_method, 'charged', to_char(case when t.status = 'completed' then t.fare_total else t.cancellation_fee end, 'FM999999990.00'), 'commission', to_char(t.commission, 'FM999999990.00')) end as note_params
      from trips t
      where t.id between ${firstTrip}::int and ${lastTrip}::int and t.driver_id is not null
        and ((t.status = 'completed' and t.fare_total > 0) or t.cancellation_fee > 0)
    ), weeks as (
      select driver_id, date_trunc('week', at at time zone 'Africa/Nairobi') as week,
        sum(case when payment_method = 'cash' then -amount else 0 end) as owed,
        sum(case when payment_method <> 'cash' then amount else 0 end) as earned
      from s group by 1, 2
    ), entries as (
      select driver_id, 'commission' as kind, amount, trip_id, null::int as staff_id, note, note_code, note_params, at, trip_id::bigint as ord from s
      union all
      select ${driverBase}::int + k, 'credit_topup', 1500, null, ${financeId}::int, 'Opening M-Pesa top-up', 'openingTopUp', '{}'::jsonb, ${openingIso}::timestamptz, 0 from generate_series(1, ${D}::int) k
      union all
      select driver_id, 'credit_topup', ceil(owed / 100) * 100, null, ${financeId}::int, 'Weekly M-Pesa top-up of cash commissions', 'weeklyTopUp', '{}'::jsonb, (week + interval '7 days 9 hours') at time zone 'Africa/Nairobi', 0
      from weeks where owed > 0 and (week + interval '7 days 9 hours') at time zone 'Africa/Nairobi' < ${nowIso}::timestamptz
      union all
      select driver_id, 'payout', -earned, null, ${financeId}::int, 'Weekly payout of card and wallet earnings to M-Pesa', 'weeklyPayout', '{}'::jsonb, (week + interval '7 days 10 hours') at time zone 'Africa/Nairobi', 0
      from weeks where earned > 0 and (week + interval '7 days 10 hours') at time zone 'Africa/Nairobi' < ${nowIso}::timestamptz
    )
    select driver_id, kind, amount, sum(amount) over (partition by driver_id order by at, ord, kind rows unbounded preceding), trip_id, staff_id, note, note_code, note_params, at
    from entries where amount <> 0
    order by at, driver_id, ord, kind`;
}

/** Recomputes a sample with the pure fare module and checks the ledger and the drivers' timelines. */
async function selfCheck(
  db: Db,
  firstTrip: number,
  lastTrip: number,
  driverBase: number,
  D: number,
  rules: Map<number, ReturnType<typeof resolvePricing>>,
  types: {
    id: number;
    baseFare: number;
    pricePerKm: number;
    pricePerMinute: number;
    minimumFare: number;
    cancellationFee: number;
    commissionPercent: number | null;
  }[],
): Promise<void> {
  const step = Math.max(1, Math.floor((lastTrip - firstTrip) / 2000));
  const sample = await db
    .selectFrom('trips')
    .selectAll()
    .where('id', '>=', firstTrip)
    .where(sql<boolean>`(id - ${firstTrip}::int) % ${step}::int = 0`)
    .execute();
  const byId = new Map(types.map((t) => [t.id, t]));
  for (const t of sample) {
    const r = rules.get(t.vehicleTypeId)!;
    const fare = computeFare({
      rates: byId.get(t.vehicleTypeId)!,
      commissionPercent: r.commissionPercent,
      distanceKm: t.distanceKm,
      durationMin: t.durationMin,
      surgeMultiplier: surgeMultiplier(r.surgeRules, t.requestedAt),
    });
    if (
      fare.total !== t.fareTotal ||
      fare.surgeMultiplier !== t.surgeMultiplier ||
      (t.status === 'completed' && fare.commission !== t.commission)
    ) {
      throw new Error(
        `Scale trip ${t.id} disagrees with the fare rules: stored ${t.fareTotal}/${t.surgeMultiplier}/${t.commission}, computed ${fare.total}/${fare.surgeMultiplier}/${fare.commission}`,
      );
    }
  }
  const drivers = sql`driver_id > ${driverBase}::int and driver_id % 50 = 0`;
  const checks: [string, RawBuilder<{ n: number }>][] = [
    [
      'overlapping trips',
      sql`select count(*)::int n from (select requested_at, lag(coalesce(completed_at, cancelled_at)) over (partition by driver_id order by requested_at) prev from trips where ${drivers}) x where prev > requested_at`,
    ],
    [
      'balance ≠ ledger',
      sql`select count(*)::int n from drivers d where id > ${driverBase}::int and id <= ${driverBase + D}::int and credit_balance <> coalesce((select sum(amount) from driver_transactions x where x.driver_id = d.id), 0)`,
    ],
    [
      'balance_after ≠ running sum',
      sql`select count(*)::int n from (select balance_after, sum(amount) over (partition by driver_id order by created_at, id) s from driver_transactions where ${drivers}) x where balance_after <> s`,
    ],
    [
      'times out of order',
      sql`select count(*)::int n from trips where id >= ${firstTrip}::int and (accepted_at < requested_at or arrived_at < accepted_at or started_at < arrived_at or completed_at < started_at or cancelled_at < requested_at)`,
    ],
  ];
  for (const [label, query] of checks) {
    const { rows } = await query.execute(db);
    if (rows[0].n !== 0) throw new Error(`Scale seed self-check failed: ${rows[0].n} ${label}`);
  }
}
