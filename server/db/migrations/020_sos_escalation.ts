import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * SOS escalation (issue 31): an alarm nobody acknowledged within SOS_ESCALATE_MINUTES is escalated
 * once to a second role (SOS_ESCALATION_ROLE). `sos_call_logs.escalated_at` marks it (and keeps a
 * second process from escalating it again), the timeline gets an `escalated` step, and a
 * notification may now be addressed to one role (`notifications.role_id`, with its permission).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table sos_call_logs add column escalated_at timestamptz`,
    `create index sos_call_logs_to_escalate_idx on sos_call_logs (called_at) where status = 'new' and escalated_at is null`,
    `alter table sos_call_events drop constraint sos_call_events_kind_check`,
    `alter table sos_call_events add constraint sos_call_events_kind_check
      check (kind in ('raised', 'reported_again', 'acknowledged', 'note', 'resolved', 'false_alarm', 'escalated'))`,
    `alter table notifications add column role_id integer references roles(id) on delete cascade`,
  ]);
}
