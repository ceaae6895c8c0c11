import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * A passenger's trip statistics, kept on the passenger's row so that the passengers list can show
 * and sort by them at a million trips without aggregating trips per page:
 * - trips_count: every trip requested;
 * - completed_trips; passenger_cancellations (cancelled_by_passenger);
 * - total_spent: completed fares plus cancellation fees charged;
 * - last_trip_at: the latest trip's request time.
 * Statement triggers on trips keep them exact in the same transaction as the trip write (one
 * aggregate per statement, so a bulk insert of a million trips updates each passenger once). An
 * update touches passengers only when a trip's status, money, passenger or request time changed.
 *
 * Blocking: status_reason, status_changed_at and status_changed_by say why, when and by whom the
 * passenger was last blocked or unblocked (the audit log keeps the history).
 */
const spent = (t: string) =>
  `(case when ${t}.status = 'completed' then ${t}.fare_total else 0 end + ${t}.cancellation_fee)`;
const deltas = (t: string, sign: string) =>
  `select ${t}.passenger_id, ${sign}1 as n, ${sign}(${t}.status = 'completed')::int as completed,
     ${sign}(${t}.status = 'cancelled_by_passenger')::int as cancelled, ${sign}${spent(t)} as spent`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table passengers
      add column trips_count integer not null default 0,
      add column completed_trips integer not null default 0,
      add column passenger_cancellations integer not null default 0,
      add column total_spent numeric(14,2) not null default 0,
      add column last_trip_at timestamptz,
      add column status_reason text,
      add column status_changed_at timestamptz,
      add column status_changed_by integer references staffs(id) on delete set null`,
    `set local jit = off`,
    `update passengers p set
        trips_count = s.n, completed_trips = s.completed, passenger_cancellations = s.cancelled,
        total_spent = s.spent, last_trip_at = s.last
      from (select t.passenger_id, count(*) as n, count(*) filter (where t.status = 'completed') as completed,
              count(*) filter (where t.status = 'cancelled_by_passenger') as cancelled,
              coalesce(sum(${spent('t')}), 0) as spent, max(t.requested_at) as last
            from trips t group by t.passenger_id) s
      where p.id = s.passenger_id`,
    `create index passengers_completed_trips_idx on passengers (completed_trips, id)`,
    `create index passengers_last_trip_at_idx on passengers (last_trip_at, id)`,
    `create index passengers_rating_idx on passengers (rating, id)`,
    `create index passengers_created_at_idx on passengers (created_at, id)`,
    `create index passengers_status_created_at_idx on passengers (status, created_at, id)`,
    `create index issues_reporter_idx on issues (reporter_id, reporter_kind) where status in ('open', 'in_progress')`,
    `create function passenger_trip_stats_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update passengers p set
            trips_count = p.trips_count + s.n, completed_trips = p.completed_trips + s.completed,
            passenger_cancellations = p.passenger_cancellations + s.cancelled, total_spent = p.total_spent + s.spent,
            last_trip_at = greatest(p.last_trip_at, s.last)
          from (select passenger_id, sum(n) as n, sum(completed) as completed, sum(cancelled) as cancelled,
                  sum(spent) as spent, max(requested_at) as last
                from (${deltas('new_rows', '')}, new_rows.requested_at from new_rows) d group by passenger_id) s
          where p.id = s.passenger_id;
      elsif tg_op = 'DELETE' then
        update passengers p set
            trips_count = p.trips_count + s.n, completed_trips = p.completed_trips + s.completed,
            passenger_cancellations = p.passenger_cancellations + s.cancelled, total_spent = p.total_spent + s.spent,
            last_trip_at = (select max(t.requested_at) from trips t where t.passenger_id = p.id)
          from (select passenger_id, sum(n) as n, sum(completed) as completed, sum(cancelled) as cancelled,
                  sum(spent) as spent
                from (${deltas('old_rows', '-')} from old_rows) d group by passenger_id) s
          where p.id = s.passenger_id;
      else
        -- Old rows taken out, new rows put in, compared per passenger: no join of the transition
        -- tables (the planner sees no statistics on them and picks a nested loop, quadratic on a bulk
        -- update). last_trip_at is read again only where the latest request time of the rows changed.
        update passengers p set
            trips_count = p.trips_count + s.n, completed_trips = p.completed_trips + s.completed,
            passenger_cancellations = p.passenger_cancellations + s.cancelled, total_spent = p.total_spent + s.spent,
            last_trip_at = case when s.last_changed
              then (select max(t.requested_at) from trips t where t.passenger_id = p.id) else p.last_trip_at end
          from (select passenger_id, coalesce(a.n, 0) - coalesce(b.n, 0) as n,
                  coalesce(a.completed, 0) - coalesce(b.completed, 0) as completed,
                  coalesce(a.cancelled, 0) - coalesce(b.cancelled, 0) as cancelled,
                  coalesce(a.spent, 0) - coalesce(b.spent, 0) as spent,
                  a.last is distinct from b.last as last_changed
                from (select passenger_id, sum(n) as n, sum(completed) as completed, sum(cancelled) as cancelled,
                        sum(spent) as spent, max(requested_at) as last
                      from (${deltas('new_rows', '')}, new_rows.requested_at from new_rows) d group by passenger_id) a
                full join (select passenger_id, sum(n) as n, sum(completed) as completed, sum(cancelled) as cancelled,
                        sum(spent) as spent, max(requested_at) as last
                      from (${deltas('old_rows', '')}, old_rows.requested_at from old_rows) d group by passenger_id) b
                using (passenger_id)) s
          where p.id = s.passenger_id
            and (s.n <> 0 or s.completed <> 0 or s.cancelled <> 0 or s.spent <> 0 or s.last_changed);
      end if;
      return null;
    end $$`,
    `create trigger trips_passenger_stats_insert after insert on trips referencing new table as new_rows for each statement execute function passenger_trip_stats_apply()`,
    `create trigger trips_passenger_stats_update after update on trips referencing old table as old_rows new table as new_rows for each statement execute function passenger_trip_stats_apply()`,
    `create trigger trips_passenger_stats_delete after delete on trips referencing old table as old_rows for each statement execute function passenger_trip_stats_apply()`,
  ]);
}
