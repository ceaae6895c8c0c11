import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Driver documents become rows of their own (issue 12): kind, file, number, expiry, review status,
 * the rejection's reason and note, who reviewed it and when, and a version for concurrent edits.
 * Every document of the old `drivers.documents` JSON column becomes a row (the licence takes the
 * driver's licence number and expiry); then the column goes. A suspension is explicit, with a reason.
 * The enums are those of src/domain/enums.ts, written out: a migration never changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table driver_documents (
      id serial primary key,
      driver_id integer not null references drivers(id) on delete cascade,
      kind text not null check (kind in ('licence', 'identity', 'insurance', 'vehicle_registration', 'photo')),
      file_id integer references files(id) on delete set null,
      number text,
      expiry_date date,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'expired')),
      reject_reason text check (reject_reason in ('unreadable', 'expired', 'mismatch', 'wrong_document', 'other')),
      note text,
      reupload_requested_at timestamptz,
      reviewed_by integer references staffs(id) on delete set null,
      reviewed_at timestamptz,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create index driver_documents_driver_idx on driver_documents (driver_id, kind, id)`,
    `create index driver_documents_expiry_idx on driver_documents (expiry_date) where status = 'approved'`,
    `insert into driver_documents (driver_id, kind, file_id, number, expiry_date, status, note, created_at, updated_at)
      select d.id,
        case when doc->>'kind' in ('licence', 'identity', 'insurance', 'vehicle_registration', 'photo')
          then doc->>'kind' else 'identity' end,
        (select f.id from files f where f.id = (doc->>'fileId')::integer),
        case when doc->>'kind' = 'licence' then d.licence_number end,
        case when doc->>'kind' = 'licence' then d.licence_expiry end,
        case when doc->>'status' in ('pending', 'approved', 'rejected') then doc->>'status' else 'pending' end,
        nullif(doc->>'note', ''),
        d.created_at, d.updated_at
      from drivers d
      cross join lateral jsonb_array_elements(case when jsonb_typeof(d.documents) = 'array' then d.documents else '[]'::jsonb end)
        with ordinality as t(doc, n)
      where jsonb_typeof(doc) = 'object'
      order by d.id, t.n`,
    `update driver_documents set reject_reason = 'other' where status = 'rejected'`,
    `alter table drivers drop column documents`,
    `alter table drivers add column suspended_at timestamptz`,
    `alter table drivers add column suspension_reason text`,
  ]);
}
