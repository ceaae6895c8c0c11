import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { CITY } from '../../../src/domain/city.js';

/**
 * Compares the trip rollups (migration 008; per-driver money in cents since 016; day counts, 071) and the sign-ups (013) with a plain GROUP BY over their tables for local days
 * `fromDay`…`toDay` (inclusive). Answers every row where they differ, as text: none means exact.
 * Used by the server tests and by `npm run bench:reports`, which fails loudly on any difference.
 */
export async function rollupDifferences(db: Db, fromDay: string, toDay: string): Promise<string[]> {
  const zone = CITY.timeZone;
  const day = sql`(requested_at at time zone ${zone})::date`;
  const inRange = sql`requested_at >= (${fromDay}::date)::timestamp at time zone ${zone}
    and requested_at < (${toDay}::date + 1)::timestamp at time zone ${zone}`;
  const rollupRange = sql`day between ${fromDay}::date and ${toDay}::date`;
  const accept = sql`extract(epoch from accepted_at - requested_at)`;
  const wait = sql`extract(epoch from started_at - arrived_at)`;
  const checks = [
    sql<{ diff: string }>`
      with truth as (
        select ${day} as day, vehicle_type_id, payment_method, status,
          count(*)::bigint as trips, sum(fare_total) as fare_total, sum(fare_discount) as fare_discount, sum(commission) as commission,
          sum(cancellation_fee) as cancellation_fee, sum(distance_km) as distance_km, sum(duration_min)::bigint as duration_min,
          coalesce(sum(${accept}) filter (where accepted_at is not null), 0) as accept_s, count(*) filter (where accepted_at is not null)::bigint as accept_n,
          coalesce(sum(${wait}) filter (where started_at is not null and arrived_at is not null), 0) as wait_s,
          count(*) filter (where started_at is not null and arrived_at is not null)::bigint as wait_n
        from trips where ${inRange} group by 1, 2, 3, 4),
      rollup as (select day, vehicle_type_id, payment_method, status, trips, fare_total, fare_discount, commission, cancellation_fee,
          distance_km, duration_min, accept_s, accept_n, wait_s, wait_n from trip_daily where ${rollupRange} and trips <> 0)
      select 'trip_daily ' || coalesce(row(t.*)::text, 'missing') || ' vs ' || coalesce(row(r.*)::text, 'missing') as diff
      from truth t full join rollup r using (day, vehicle_type_id, payment_method, status)
      where row(t.*) is distinct from row(r.*)`,
    sql<{ diff: string }>`
      with truth as (select ${day} as day, vehicle_type_id, payment_method, status, cancellation_reason as reason, count(*)::bigint as trips
        from trips where ${inRange} and cancellation_reason is not null group by 1, 2, 3, 4, 5),
      rollup as (select day, vehicle_type_id, payment_method, status, reason, trips from trip_reasons where ${rollupRange} and trips <> 0)
      select 'trip_reasons ' || coalesce(row(t.*)::text, 'missing') || ' vs ' || coalesce(row(r.*)::text, 'missing') as diff
      from truth t full join rollup r using (day, vehicle_type_id, payment_method, status, reason)
      where row(t.*) is distinct from row(r.*)`,
    sql<{ diff: string }>`
      with truth as (select ${day} as day, extract(hour from requested_at at time zone ${zone})::smallint as hour, vehicle_type_id, payment_method,
          count(*)::bigint as trips from trips where ${inRange} group by 1, 2, 3, 4),
      rollup as (select day, hour, vehicle_type_id, payment_method, trips from trip_hourly where ${rollupRange} and trips <> 0)
      select 'trip_hourly ' || coalesce(row(t.*)::text, 'missing') || ' vs ' || coalesce(row(r.*)::text, 'missing') as diff
      from truth t full join rollup r using (day, hour, vehicle_type_id, payment_method)
      where row(t.*) is distinct from row(r.*)`,
    sql<{ diff: string }>`
      with truth as (select ${day} as day, driver_id, count(*)::bigint as trips, count(*) filter (where status = 'completed')::bigint as completed,
          (coalesce(sum(fare_total) filter (where status = 'completed'), 0) * 100)::bigint as fare_total_cents,
          (coalesce(sum(fare_discount) filter (where status = 'completed'), 0) * 100)::bigint as fare_discount_cents,
          (sum(commission) * 100)::bigint as commission_cents, (sum(cancellation_fee) * 100)::bigint as cancellation_fee_cents
        from trips where ${inRange} and driver_id is not null group by 1, 2),
      rollup as (select day, driver_id, trips, completed, fare_total_cents, fare_discount_cents, commission_cents, cancellation_fee_cents
        from trip_driver_daily where ${rollupRange} and trips <> 0)
      select 'trip_driver_daily ' || coalesce(row(t.*)::text, 'missing') || ' vs ' || coalesce(row(r.*)::text, 'missing') as diff
      from truth t full join rollup r using (day, driver_id)
      where row(t.*) is distinct from row(r.*)`,
    sql<{ diff: string }>`
      with months as (select date_trunc('month', ${fromDay}::date)::date as lo, (date_trunc('month', ${toDay}::date) + interval '1 month')::date as hi),
      truth as (select date_trunc('month', requested_at at time zone ${zone})::date as month, driver_id, count(*)::bigint as trips,
          count(*) filter (where status = 'completed')::bigint as completed,
          (coalesce(sum(fare_total) filter (where status = 'completed'), 0) * 100)::bigint as fare_total_cents,
          (coalesce(sum(fare_discount) filter (where status = 'completed'), 0) * 100)::bigint as fare_discount_cents,
          (sum(commission) * 100)::bigint as commission_cents, (sum(cancellation_fee) * 100)::bigint as cancellation_fee_cents
        from trips, months where requested_at >= lo::timestamp at time zone ${zone} and requested_at < hi::timestamp at time zone ${zone}
          and driver_id is not null group by 1, 2),
      rollup as (select month, driver_id, trips, completed, fare_total_cents, fare_discount_cents, commission_cents, cancellation_fee_cents
        from trip_driver_monthly, months where month >= lo and month < hi and trips <> 0)
      select 'trip_driver_monthly ' || coalesce(row(t.*)::text, 'missing') || ' vs ' || coalesce(row(r.*)::text, 'missing') as diff
      from truth t full join rollup r using (month, driver_id)
      where row(t.*) is distinct from row(r.*)`,
    // Trips per day and status (migration 071), which deep list pages add up.
    sql<{ diff: string }>`
      with truth as (select ${day} as day, status, count(*)::int as n from trips where ${inRange} group by 1, 2),
      rollup as (select day, status, n from trip_day_counts where ${rollupRange} and n <> 0)
      select 'trip_day_counts ' || coalesce(row(t.*)::text, 'missing') || ' vs ' || coalesce(row(r.*)::text, 'missing') as diff
      from truth t full join rollup r using (day, status)
      where row(t.*) is distinct from row(r.*)`,
    // Sign-ups (migration 013), on the same local days.
    sql<{ diff: string }>`
      with truth as (select kind, (created_at at time zone ${zone})::date as day, count(*)::bigint as n
        from (select 'passengers' as kind, created_at from passengers union all select 'drivers', created_at from drivers) p
        where created_at >= (${fromDay}::date)::timestamp at time zone ${zone}
          and created_at < (${toDay}::date + 1)::timestamp at time zone ${zone} group by 1, 2),
      rollup as (select kind, day, n from signups_daily where ${rollupRange} and n <> 0)
      select 'signups_daily ' || coalesce(row(t.*)::text, 'missing') || ' vs ' || coalesce(row(r.*)::text, 'missing') as diff
      from truth t full join rollup r using (kind, day)
      where row(t.*) is distinct from row(r.*)`,
  ];
  const out: string[] = [];
  for (const check of checks) {
    const { rows } = await check.execute(db);
    out.push(...rows.map((r) => r.diff));
  }
  return out;
}
