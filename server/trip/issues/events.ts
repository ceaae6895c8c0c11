import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Row } from '../../rest/declaration.js';
import { nameOf } from '../../rest/names.js';
import { ISSUE_OPENED } from '../../../src/domain/tripTimeline.js';

/** What the timeline records of an issue: opened, assigned, priority, status, note, credit (migration 010), refund (015). */
export type IssueStepKind = 'opened' | 'assigned' | 'priority' | 'status' | 'note' | 'credit' | 'refund';

export interface IssueStep {
  kind: IssueStepKind;
  fromValue?: string | null;
  toValue?: string | null;
  note?: string | null;
  amount?: number | null;
  transactionId?: number | null;
  /** A refund's row in the passenger's ledger. */
  passengerTransactionId?: number | null;
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v as string | number));

/**
 * The steps between two states of an issue (assignee, priority, status), for the timeline. Every
 * path that changes an issue records them: the engine's create and update and the desk's actions.
 */
export function stepsBetween(before: Row | undefined, after: Row, note?: string | null): IssueStep[] {
  if (!before) return [{ kind: 'opened', toValue: str(after.status) }];
  const steps: IssueStep[] = [];
  if (str(before.assigneeId) !== str(after.assigneeId))
    steps.push({ kind: 'assigned', fromValue: str(before.assigneeId), toValue: str(after.assigneeId) });
  if (before.priority !== after.priority)
    steps.push({ kind: 'priority', fromValue: str(before.priority), toValue: str(after.priority) });
  if (before.status !== after.status)
    steps.push({ kind: 'status', fromValue: str(before.status), toValue: str(after.status), note: note ?? null });
  return steps;
}

/** Writes steps of issue `issueId` by `staffId` in the caller's transaction. */
export async function recordIssueSteps(
  trx: Transaction<Database>,
  issueId: number,
  staffId: number | null,
  steps: IssueStep[],
  at = new Date(),
): Promise<void> {
  if (!steps.length) return;
  await trx
    .insertInto('issueEvents')
    .values(
      steps.map((s) => ({
        issueId,
        at,
        kind: s.kind,
        staffId,
        fromValue: s.fromValue ?? null,
        toValue: s.toValue ?? null,
        note: s.note ?? null,
        amount: s.amount ?? null,
        transactionId: s.transactionId ?? null,
        passengerTransactionId: s.passengerTransactionId ?? null,
      })),
    )
    .execute();
  if (steps.some((s) => s.kind === 'opened')) await recordIssueOnTrip(trx, issueId, staffId, at);
}

/**
 * Puts the opening of issue `issueId` on its trip's timeline (trip_events, kind `issue_opened`, the
 * category as the note), in the caller's transaction: by the staff member who opened it, or by its
 * reporter (the passenger or the driver) when nobody in the panel did.
 */
async function recordIssueOnTrip(
  trx: Transaction<Database>,
  issueId: number,
  staffId: number | null,
  at: Date,
): Promise<void> {
  const actor = staffId === null ? sql<string>`issues.reporter_kind` : sql<string>`${'staff'}::text`;
  await sql`insert into trip_events (trip_id, at, kind, status, actor, staff_id, issue_id, note)
    select issues.trip_id, ${at.toISOString()}::timestamptz, ${ISSUE_OPENED}, trips.status, ${actor}, ${staffId}::int, issues.id, issues.category
    from issues join trips on trips.id = issues.trip_id
    where issues.id = ${issueId}`.execute(trx);
}

/** An issue's timeline, oldest first, with the acting staff member's name and, for assignments, the assignees'. */
export function issueTimeline(db: Transaction<Database> | import('../../db/index.js').Db, issueId: number) {
  const assigneeName = (column: 'from_value' | 'to_value') =>
    sql<
      string | null
    >`case when issue_events.kind = 'assigned' and issue_events.${sql.raw(column)} is not null then (select x.first_name || ' ' || x.last_name from staffs x where x.id = issue_events.${sql.raw(column)}::int) end`;
  return db
    .selectFrom('issueEvents')
    .select([
      'id',
      'at',
      'kind',
      'staffId',
      'fromValue',
      'toValue',
      'note',
      'amount',
      'transactionId',
      'passengerTransactionId',
    ])
    .select([
      nameOf('staffs', 'issue_events.staff_id').as('staffName'),
      assigneeName('from_value').as('fromName'),
      assigneeName('to_value').as('toName'),
    ])
    .where('issueId', '=', issueId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}
