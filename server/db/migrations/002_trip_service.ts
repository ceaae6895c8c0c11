import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const TRIP_STATUSES = [
  'requested',
  'accepted',
  'arrived',
  'in_progress',
  'completed',
  'cancelled_by_passenger',
  'cancelled_by_driver',
  'no_driver_found',
];

/** Counts of trips by (status, vehicle type, payment method), kept exact by statement triggers. */
const tripCountStatements = [
  `create table trip_counts (
    status text not null,
    vehicle_type_id integer not null,
    payment_method text not null,
    n bigint not null default 0,
    primary key (status, vehicle_type_id, payment_method)
  )`,
  `create function trip_counts_apply() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into trip_counts as c (status, vehicle_type_id, payment_method, n)
        select status, vehicle_type_id, payment_method, count(*) from new_rows group by 1, 2, 3
        on conflict (status, vehicle_type_id, payment_method) do update set n = c.n + excluded.n;
    elsif tg_op = 'DELETE' then
      insert into trip_counts as c (status, vehicle_type_id, payment_method, n)
        select status, vehicle_type_id, payment_method, -count(*) from old_rows group by 1, 2, 3
        on conflict (status, vehicle_type_id, payment_method) do update set n = c.n + excluded.n;
    else
      insert into trip_counts as c (status, vehicle_type_id, payment_method, n)
        select status, vehicle_type_id, payment_method, sum(d) from (
          select status, vehicle_type_id, payment_method, 1 as d from new_rows
          union all
          select status, vehicle_type_id, payment_method, -1 from old_rows
        ) changes group by 1, 2, 3 having sum(d) <> 0
        on conflict (status, vehicle_type_id, payment_method) do update set n = c.n + excluded.n;
    end if;
    return null;
  end $$`,
  `create trigger trips_count_insert after insert on trips referencing new table as new_rows for each statement execute function trip_counts_apply()`,
  `create trigger trips_count_update after update on trips referencing old table as old_rows new table as new_rows for each statement execute function trip_counts_apply()`,
  `create trigger trips_count_delete after delete on trips referencing old table as old_rows for each statement execute function trip_counts_apply()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table vehicle_types (
      id serial primary key,
      name text not null,
      description text,
      icon integer references files(id) on delete set null,
      seats integer not null check (seats between 1 and 60),
      base_fare numeric(12,2) not null check (base_fare >= 0),
      price_per_km numeric(12,2) not null check (price_per_km >= 0),
      price_per_minute numeric(12,2) not null check (price_per_minute >= 0),
      minimum_fare numeric(12,2) not null check (minimum_fare >= 0),
      cancellation_fee numeric(12,2) not null default 0 check (cancellation_fee >= 0),
      commission_percent numeric(5,2) check (commission_percent between 0 and 100),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create unique index vehicle_types_name_key on vehicle_types (lower(name))`,
    `alter table drivers add constraint drivers_vehicle_type_id_fkey foreign key (vehicle_type_id) references vehicle_types(id)`,
    `create index drivers_vehicle_type_idx on drivers (vehicle_type_id)`,
    `create table price_settings (
      id serial primary key,
      name text not null,
      vehicle_type_id integer references vehicle_types(id) on delete cascade,
      commission_percent numeric(5,2) check (commission_percent between 0 and 100),
      bid_percent numeric(5,2) check (bid_percent between 0 and 100),
      surge_rules jsonb,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (vehicle_type_id is not null or (commission_percent is not null and bid_percent is not null and surge_rules is not null))
    )`,
    `create unique index price_settings_vehicle_type_id_key on price_settings (vehicle_type_id)`,
    `create unique index price_settings_default_key on price_settings ((vehicle_type_id is null)) where vehicle_type_id is null`,
    `create table payment_gateways (
      id serial primary key,
      name text not null,
      provider text not null,
      mode text not null default 'test' check (mode in ('test', 'live')),
      enabled boolean not null default false,
      public_settings jsonb not null default '{}',
      secret_settings jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create unique index payment_gateways_name_key on payment_gateways (lower(name))`,
    `create table discounts (
      id serial primary key,
      code text not null,
      name text not null,
      kind text not null check (kind in ('percent', 'fixed')),
      value numeric(12,2) not null check (value > 0),
      max_discount numeric(12,2) check (max_discount > 0),
      min_fare numeric(12,2) check (min_fare >= 0),
      valid_from timestamptz,
      valid_to timestamptz,
      usage_limit integer check (usage_limit > 0),
      per_passenger_limit integer check (per_passenger_limit > 0),
      times_used integer not null default 0 check (times_used >= 0),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (kind <> 'percent' or value <= 100),
      check (valid_from is null or valid_to is null or valid_to > valid_from)
    )`,
    `create unique index discounts_code_key on discounts (lower(code))`,
    `create table trips (
      id serial primary key,
      passenger_id integer not null references passengers(id),
      driver_id integer references drivers(id),
      vehicle_type_id integer not null references vehicle_types(id),
      status text not null default 'requested' check (status in (${list(TRIP_STATUSES)})),
      pickup_address text not null,
      pickup_lat double precision not null,
      pickup_lng double precision not null,
      dropoff_address text not null,
      dropoff_lat double precision not null,
      dropoff_lng double precision not null,
      route_polyline text,
      requested_at timestamptz not null default now(),
      accepted_at timestamptz,
      arrived_at timestamptz,
      started_at timestamptz,
      completed_at timestamptz,
      cancelled_at timestamptz,
      distance_km numeric(8,2) not null,
      duration_min integer not null,
      surge_multiplier numeric(4,2) not null default 1,
      fare_base numeric(12,2) not null,
      fare_distance numeric(12,2) not null,
      fare_time numeric(12,2) not null,
      fare_surge numeric(12,2) not null default 0,
      fare_minimum_top_up numeric(12,2) not null default 0,
      fare_discount numeric(12,2) not null default 0,
      fare_total numeric(12,2) not null,
      cancellation_fee numeric(12,2) not null default 0,
      commission numeric(12,2) not null default 0,
      payment_method text not null check (payment_method in ('cash', 'card', 'wallet')),
      discount_id integer references discounts(id) on delete set null,
      discount_code text,
      booked_by integer references staffs(id) on delete set null,
      cancellation_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (driver_id is not null or status in ('requested', 'cancelled_by_passenger', 'no_driver_found'))
    )`,
    `create index trips_requested_at_idx on trips (requested_at, id)`,
    `create index trips_status_requested_at_idx on trips (status, requested_at, id)`,
    `create index trips_driver_requested_at_idx on trips (driver_id, requested_at, id)`,
    `create index trips_passenger_requested_at_idx on trips (passenger_id, requested_at, id)`,
    `create index trips_active_idx on trips (status, driver_id) where status in ('requested', 'accepted', 'arrived', 'in_progress')`,
    `create index trips_discount_idx on trips (discount_id, passenger_id) where discount_id is not null`,
    ...tripCountStatements,
    `create table issues (
      id serial primary key,
      trip_id integer not null references trips(id) on delete cascade,
      reporter_kind text not null check (reporter_kind in ('passenger', 'driver')),
      reporter_id integer not null,
      category text not null,
      priority text not null default 'medium' check (priority in ('low', 'medium', 'high', 'urgent')),
      status text not null default 'open' check (status in ('open', 'in_progress', 'resolved', 'closed')),
      assignee_id integer references staffs(id) on delete set null,
      description text not null,
      resolution_note text,
      resolved_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create index issues_status_idx on issues (status, created_at, id)`,
    `create index issues_trip_idx on issues (trip_id)`,
    `create table sos_contacts (
      id serial primary key,
      name text not null,
      phone text not null,
      description text,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create table sos_call_logs (
      id serial primary key,
      trip_id integer not null references trips(id) on delete cascade,
      caller_kind text not null check (caller_kind in ('passenger', 'driver')),
      caller_id integer not null,
      lat double precision not null,
      lng double precision not null,
      called_at timestamptz not null default now(),
      status text not null default 'new' check (status in ('new', 'acknowledged', 'resolved', 'false_alarm')),
      handled_by integer references staffs(id) on delete set null,
      handled_at timestamptz,
      notes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create index sos_call_logs_status_idx on sos_call_logs (status, called_at, id)`,
    `create index sos_call_logs_trip_idx on sos_call_logs (trip_id)`,
    `create table driver_transactions (
      id serial primary key,
      driver_id integer not null references drivers(id),
      kind text not null check (kind in ('credit_topup', 'commission', 'payout', 'adjustment')),
      amount numeric(12,2) not null check (amount <> 0),
      balance_after numeric(12,2) not null,
      trip_id integer references trips(id) on delete set null,
      staff_id integer references staffs(id) on delete set null,
      note text,
      created_at timestamptz not null default now()
    )`,
    `create index driver_transactions_driver_idx on driver_transactions (driver_id, created_at, id)`,
    `create index driver_transactions_kind_idx on driver_transactions (kind, created_at, id)`,
    `create unique index driver_transactions_trip_key on driver_transactions (trip_id) where kind = 'commission'`,
    `create table reviews (
      id serial primary key,
      trip_id integer not null references trips(id) on delete cascade,
      direction text not null check (direction in ('passenger_to_driver', 'driver_to_passenger')),
      driver_id integer not null references drivers(id) on delete cascade,
      passenger_id integer not null references passengers(id) on delete cascade,
      rating smallint not null check (rating between 1 and 5),
      comment text,
      created_at timestamptz not null default now()
    )`,
    `create unique index reviews_trip_direction_key on reviews (trip_id, direction)`,
    `create index reviews_driver_idx on reviews (driver_id, created_at, id)`,
    `create index reviews_passenger_idx on reviews (passenger_id, created_at, id)`,
    `create index reviews_created_idx on reviews (created_at, id)`,
  ]);
}
