import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table roles (
      id serial primary key,
      name text not null,
      description text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create unique index roles_name_key on roles (lower(name))`,
    `create table permissions (
      id serial primary key,
      name text not null unique,
      subject text not null,
      action text not null
    )`,
    `create table role_permissions (
      role_id integer not null references roles(id) on delete cascade,
      permission_id integer not null references permissions(id) on delete cascade,
      primary key (role_id, permission_id)
    )`,
    `create table files (
      id serial primary key,
      filename text not null,
      content_type text not null,
      size integer not null,
      storage_key text not null unique,
      uploaded_by integer,
      created_at timestamptz not null default now()
    )`,
    `create table staffs (
      id serial primary key,
      first_name text not null,
      last_name text not null,
      email text not null,
      phone text,
      sex text,
      photo integer references files(id) on delete set null,
      role_id integer not null references roles(id),
      status text not null default 'active' check (status in ('active', 'inactive')),
      password_hash text,
      email_verified_at timestamptz,
      last_login_at timestamptz,
      notifications_seen_up_to integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create unique index staffs_email_key on staffs (lower(email))`,
    `create index staffs_role_id_idx on staffs (role_id)`,
    `create table sessions (
      id text primary key,
      staff_id integer not null references staffs(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`,
    `create index sessions_staff_id_idx on sessions (staff_id)`,
    `create table codes (
      id serial primary key,
      email text not null,
      purpose text not null,
      code_hash text not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      consumed_at timestamptz,
      created_at timestamptz not null default now()
    )`,
    `create index codes_lookup_idx on codes (lower(email), purpose, created_at desc)`,
    `create table drivers (
      id serial primary key,
      first_name text not null,
      last_name text not null,
      phone text not null,
      email text,
      sex text,
      photo integer references files(id) on delete set null,
      licence_number text,
      licence_expiry date,
      documents jsonb not null default '[]',
      approval_status text not null default 'pending'
        check (approval_status in ('pending', 'approved', 'rejected', 'suspended')),
      vehicle_type_id integer,
      vehicle_make text,
      vehicle_model text,
      vehicle_plate text,
      vehicle_colour text,
      vehicle_year integer,
      rating numeric(3,2) not null default 5,
      online boolean not null default false,
      last_lat double precision,
      last_lng double precision,
      last_seen_at timestamptz,
      credit_balance numeric(12,2) not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create unique index drivers_phone_key on drivers (phone)`,
    `create unique index drivers_email_key on drivers (lower(email))`,
    `create index drivers_approval_status_idx on drivers (approval_status, id)`,
    `create table passengers (
      id serial primary key,
      first_name text not null,
      last_name text not null,
      phone text not null,
      email text,
      sex text,
      status text not null default 'active' check (status in ('active', 'blocked')),
      rating numeric(3,2) not null default 5,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create unique index passengers_phone_key on passengers (phone)`,
    `create unique index passengers_email_key on passengers (lower(email))`,
    `create table notifications (
      id serial primary key,
      type text not null,
      title text not null,
      permission text not null,
      subject_type text not null,
      subject_id integer not null,
      created_at timestamptz not null default now()
    )`,
    `create index notifications_permission_idx on notifications (permission, id desc)`,
    `create table audit_logs (
      id serial primary key,
      staff_id integer references staffs(id) on delete set null,
      resource text not null,
      record_id text not null,
      action text not null,
      before jsonb,
      after jsonb,
      created_at timestamptz not null default now()
    )`,
    `create index audit_logs_staff_idx on audit_logs (staff_id, id desc)`,
    `create index audit_logs_resource_idx on audit_logs (resource, record_id, id desc)`,
  ]);
}
