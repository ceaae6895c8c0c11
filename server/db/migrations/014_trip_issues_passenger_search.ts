import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Issue 11's remainder.
 *
 * An issue opened about a trip is a step of the trip's timeline: `trip_events.issue_id` names the
 * issue of an `issue_opened` event (its category in `note`; the staff member who opened it, or the
 * reporter when nobody in the panel did). The event goes when the issue goes. Issues opened before
 * this migration get their event from their `opened` step.
 *
 * The passengers' `q` (a case-insensitive substring of the first name, last name, phone or email,
 * `ilike '%…%'`) is index-backed: a trigram GIN index per column (pg_trgm, a trusted extension on
 * PostgreSQL 13+, loaded into PGlite by createDb). The planner ORs the four bitmap scans instead of
 * reading every passenger. Words of one or two characters have no trigram and still read them all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table trip_events add column issue_id integer references issues(id) on delete cascade`,
    `create index trip_events_issue_idx on trip_events (issue_id) where issue_id is not null`,
    `insert into trip_events (trip_id, at, kind, status, actor, staff_id, issue_id, note)
      select i.trip_id, i.created_at, 'issue_opened', t.status,
        case when e.staff_id is null then i.reporter_kind else 'staff' end, e.staff_id, i.id, i.category
      from issues i
      join trips t on t.id = i.trip_id
      left join lateral (select staff_id from issue_events where issue_id = i.id and kind = 'opened' order by at, id limit 1) e on true`,
    `create extension if not exists pg_trgm`,
    ...['first_name', 'last_name', 'phone', 'email'].map(
      (column) => `create index passengers_${column}_trgm_idx on passengers using gin (${column} gin_trgm_ops)`,
    ),
  ]);
}
