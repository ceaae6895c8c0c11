import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Bulk undo (issue 44). An undo is audited as the undo of the entry it reverses (`undo_of`, at most
 * one undo per entry), and the texts of an undoable bulk action wait in `held_messages` until its
 * undo window closes: an undo cancels them in its own transaction, a releaser sends the rest. In
 * the database, not in memory, so an undo on another process still cancels them, and a restart
 * during the window sends them late instead of never.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table audit_logs add column undo_of integer references audit_logs (id)`,
    `create unique index audit_logs_undo_of_idx on audit_logs (undo_of) where undo_of is not null`,
    `create table held_messages (
      id serial primary key,
      audit_log_id integer not null references audit_logs (id),
      phone text not null,
      text text not null,
      send_at timestamptz not null,
      sent_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz not null default now()
    )`,
    `create index held_messages_due_idx on held_messages (send_at) where sent_at is null and cancelled_at is null`,
    `create index held_messages_audit_idx on held_messages (audit_log_id)`,
  ]);
}
