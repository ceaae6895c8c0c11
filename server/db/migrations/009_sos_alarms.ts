import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * SOS alarms become timed and attributed (issue 14): `handled_by`/`handled_at` are the
 * acknowledgement (who took the alarm, when), `ack_seconds` the seconds from the alarm to it;
 * `resolved_by`/`resolved_at` close it (resolved or false alarm, with its note in `notes`);
 * `report_count`/`last_reported_at` count repeated reports merged into the open alarm.
 * `sos_call_events` is the alarm's timeline: raised, reported again, acknowledged, note, resolved,
 * false alarm — who (staff) and when. Existing rows get their timeline from their columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table sos_call_logs add column ack_seconds integer`,
    `alter table sos_call_logs add column resolved_by integer references staffs(id) on delete set null`,
    `alter table sos_call_logs add column resolved_at timestamptz`,
    `alter table sos_call_logs add column report_count integer not null default 1`,
    `alter table sos_call_logs add column last_reported_at timestamptz`,
    `update sos_call_logs set last_reported_at = called_at,
       ack_seconds = case when handled_at is not null then greatest(0, round(extract(epoch from handled_at - called_at)))::integer end,
       resolved_by = case when status in ('resolved', 'false_alarm') then handled_by end,
       resolved_at = case when status in ('resolved', 'false_alarm') then coalesce(handled_at, updated_at) end`,
    `alter table sos_call_logs alter column last_reported_at set default now()`,
    `alter table sos_call_logs alter column last_reported_at set not null`,
    `create index sos_call_logs_called_idx on sos_call_logs (called_at, id)`,
    `create index sos_call_logs_open_trip_idx on sos_call_logs (trip_id, caller_kind, last_reported_at) where status in ('new', 'acknowledged')`,
    `create table sos_call_events (
      id serial primary key,
      sos_call_log_id integer not null references sos_call_logs(id) on delete cascade,
      at timestamptz not null default now(),
      kind text not null check (kind in ('raised', 'reported_again', 'acknowledged', 'note', 'resolved', 'false_alarm')),
      staff_id integer references staffs(id) on delete set null,
      seconds integer,
      note text
    )`,
    `create index sos_call_events_log_idx on sos_call_events (sos_call_log_id, at, id)`,
    `insert into sos_call_events (sos_call_log_id, at, kind)
      select id, called_at, 'raised' from sos_call_logs`,
    `insert into sos_call_events (sos_call_log_id, at, kind, staff_id, seconds)
      select id, handled_at, 'acknowledged', handled_by, ack_seconds from sos_call_logs where handled_at is not null`,
    `insert into sos_call_events (sos_call_log_id, at, kind, staff_id, note)
      select id, resolved_at, status, resolved_by, notes from sos_call_logs where status in ('resolved', 'false_alarm')`,
  ]);
}
