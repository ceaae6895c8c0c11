import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * The issues desk (issue 14): an issue's timeline (`issue_events`), one row per step: opened,
 * assigned (to_value the staff id, or null when unassigned), priority, status (from → to, with the
 * resolution note or the reason to reopen), note (an internal note: the conversation) and credit
 * (a goodwill credit to the driver's wallet, with its ledger row). Issues written before this
 * migration get their opening and, when resolved, their resolution as steps.
 * Emergency contacts get a display order (the order the apps list them in); new contacts go last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table issue_events (
      id serial primary key,
      issue_id integer not null references issues(id) on delete cascade,
      at timestamptz not null default now(),
      kind text not null check (kind in ('opened', 'assigned', 'priority', 'status', 'note', 'credit')),
      staff_id integer references staffs(id) on delete set null,
      from_value text,
      to_value text,
      note text,
      amount numeric(12, 2),
      transaction_id integer references driver_transactions(id) on delete set null
    )`,
    `create index issue_events_issue_idx on issue_events (issue_id, at, id)`,
    `insert into issue_events (issue_id, at, kind, to_value)
      select id, created_at, 'opened', 'open' from issues`,
    `insert into issue_events (issue_id, at, kind, staff_id, from_value, to_value, note)
      select id, resolved_at, 'status', assignee_id, 'open', status, resolution_note from issues
      where resolved_at is not null`,
    `create index issues_assignee_idx on issues (assignee_id, status, created_at)`,
    `create sequence sos_contacts_display_order_seq`,
    `alter table sos_contacts add column display_order integer not null default nextval('sos_contacts_display_order_seq')`,
    `alter sequence sos_contacts_display_order_seq owned by sos_contacts.display_order`,
    `create index sos_contacts_display_order_idx on sos_contacts (display_order, id)`,
  ]);
}
