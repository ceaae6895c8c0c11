import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Service zones (issue 32): a GeoJSON polygon per zone with its bounding box in plain columns, so
 * that the zones around a point are found by an index (the embedded database has no PostGIS) and
 * then tested point-in-polygon (src/domain/zones.ts). `service_area` zones together are where trips
 * may start and end (none: the city's box); a zone may refuse pickups and adds its surge. The
 * permissions of the new subject go to every existing role that holds update-PriceSettings and to
 * Super Admin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table zones (
      id serial primary key,
      name text not null unique,
      kind text not null default 'zone' check (kind in ('service_area', 'zone')),
      pickup_allowed boolean not null default true,
      surge_multiplier numeric(4,2) not null default 1 check (surge_multiplier >= 1 and surge_multiplier <= 5),
      active boolean not null default true,
      polygon jsonb not null,
      min_lat double precision not null,
      min_lng double precision not null,
      max_lat double precision not null,
      max_lng double precision not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create index zones_bbox_idx on zones (min_lat, max_lat, min_lng, max_lng) where active`,
    `insert into permissions (name, action, subject)
      select v.name, v.action, 'Zone' from (values ('view-Zone', 'view'), ('create-Zone', 'create'), ('update-Zone', 'update'), ('delete-Zone', 'delete')) as v(name, action)
      where exists (select 1 from permissions) on conflict (name) do nothing`,
    `insert into role_permissions (role_id, permission_id)
      select r.id, p.id from roles r join permissions p on p.subject = 'Zone'
      where r.name = 'Super Admin' or exists (
        select 1 from role_permissions rp join permissions q on q.id = rp.permission_id
        where rp.role_id = r.id and q.name = 'update-PriceSettings')
      on conflict do nothing`,
    // Dispatchers see the zones on their map.
    `insert into role_permissions (role_id, permission_id)
      select rp.role_id, z.id from role_permissions rp join permissions q on q.id = rp.permission_id
      join permissions z on z.name = 'view-Zone'
      where q.name = 'view-DispatcherPage'
      on conflict do nothing`,
  ]);
}
