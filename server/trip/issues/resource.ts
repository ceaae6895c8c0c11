import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError, badRequest } from '../../errors.js';
import { defineAction, defineResource, type ActionContext, type ActionDeclaration } from '../../rest/declaration.js';
import { issueActions, issues as issuesManifest, MAX_GOODWILL_CREDIT } from '../../../src/domain/resources/issues.js';
import { nameOf, partyNameOf } from '../../rest/names.js';
import { CITY } from '../../../src/domain/city.js';
import {
  canMoveIssue,
  ISSUE_SLA_HOURS,
  OPEN_ISSUE_STATUSES,
  SLA_STATES,
  SLA_WARNING_SHARE,
  type IssueStatus,
} from '../../../src/domain/issueSla.js';
import { postPassengerTransaction, postTransaction } from '../transactions/ledger.js';
import { recordAudit } from '../../rest/audit.js';
import { refundProblem } from '../../../src/domain/refunds.js';
import { recordIssueSteps, stepsBetween, type IssueStep } from './events.js';
import { refusal } from '../../../src/domain/messageCodes.js';
import { ledgerNote } from '../../../src/domain/ledgerNotes.js';

const CLOSED = ['resolved', 'closed'];

/** Who may be assigned issues: active staff whose role holds update-Issue. */
export const HANDLES_ISSUES = 'update-Issue';
/** A goodwill credit moves a driver's wallet: the top-up's permission. */
export const GOODWILL_PERMISSION = 'update-Driver';
/** A refund moves a passenger's wallet: the permission to change passengers. */
export const REFUND_PERMISSION = 'update-Passenger';
/** The audit action of a refund on the passenger's record (besides the issue's `resolve`). */
export const REFUND_AUDIT_ACTION = 'refund';

const conflict = (message: string) => new ApiError(409, message);

const HOURS = sql<number>`(case issues.priority ${sql.join(
  Object.entries(ISSUE_SLA_HOURS).map(([p, h]) => sql`when ${sql.lit(p)} then ${sql.raw(String(Number(h)))}`),
  sql` `,
)} end)`;
/** Where the SLA clock stands: now while the issue is open, its resolution once resolved. */
const CLOCK = sql`(case when issues.status in (${sql.join(OPEN_ISSUE_STATUSES.map((s) => sql.lit(s)))}) then now() else coalesce(issues.resolved_at, now()) end)`;
/** The same rule as slaOf (src/domain/issueSla.ts), in SQL, so that the desk filters by it. */
const SLA_STATE = sql<string>`(case when ${CLOCK} > issues.created_at + make_interval(hours => ${HOURS}) then 'breached' when ${CLOCK} >= issues.created_at + make_interval(secs => ${HOURS} * ${sql.raw(String(3600 * SLA_WARNING_SHARE))}) then 'warning' else 'ok' end)`;
const SLA_DUE = sql<Date>`issues.created_at + make_interval(hours => ${HOURS})`;
/**
 * The desk's urgency: the whole seconds left on an open issue's SLA (negative once breached, so the
 * most overdue come first in ascending order), null once resolved or closed (last).
 */
const SLA_LEFT = sql<
  number | null
>`(case when issues.status in (${sql.join(OPEN_ISSUE_STATUSES.map((s) => sql.lit(s)))}) then floor(extract(epoch from ${SLA_DUE} - now()))::int end)`;

/**
 * The desk's order: the urgent class first (urgent priority or a safety complaint), then within each
 * class the seconds left ascending (breached first, the most overdue on top); null once resolved or
 * closed (last). One number: the class counts 10^9 s (31 years), far beyond any SLA's lateness.
 */
const URGENCY = sql<
  number | null
>`(case when issues.priority = 'urgent' or issues.category = 'safety' then 0 else 1000000000 end + ${SLA_LEFT})`;

/** An active staff member who may handle issues, or a field error. */
async function checkAssignee(trx: Transaction<Database>, assigneeId: number): Promise<string> {
  const staff = await trx
    .selectFrom('staffs')
    .select(['status', sql<string>`first_name || ' ' || last_name`.as('name')])
    .select(
      sql<boolean>`exists (select 1 from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = staffs.role_id and p.name = ${HANDLES_ISSUES})`.as(
        'handles',
      ),
    )
    .where('id', '=', assigneeId)
    .executeTakeFirst();
  const problem = !staff
    ? refusal('noSuch', { label: 'staff member' })
    : staff.status !== 'active'
      ? refusal('staffInactive')
      : !staff.handles
        ? refusal('staffMayNotHandleIssues')
        : undefined;
  if (problem) throw badRequest(refusal('highlighted'), { assigneeId: problem });
  return staff!.name;
}

/** Moves the issue and records the steps; `set` adds columns (resolution, assignee). */
async function change(
  { trx, id, existing, staff }: ActionContext,
  set: Record<string, unknown>,
  note?: string | null,
  extra: IssueStep[] = [],
) {
  const now = new Date();
  await trx
    .updateTable('issues')
    .set({ ...set, updatedAt: now })
    .where('id', '=', id!)
    .execute();
  const after = { ...existing!, ...set };
  await recordIssueSteps(trx, id!, staff.id, [...stepsBetween(existing, after, note), ...extra], now);
}

function move(to: IssueStatus, existing: Record<string, unknown>) {
  const from = existing.status as IssueStatus;
  if (from === to) throw conflict(`This issue is already ${to.replace('_', ' ')}`);
  if (!canMoveIssue(from, to))
    throw conflict(
      from === 'closed' || from === 'resolved'
        ? `This issue is ${from}; reopen it first`
        : `An issue that is ${from.replace('_', ' ')} cannot be ${to === 'closed' ? 'closed before it is resolved' : `moved to ${to.replace('_', ' ')}`}`,
    );
}

const assign = defineAction({
  summary: 'Assign an issue',
  bulk: {},
  description:
    'Gives the issue to `assigneeId` (an active staff member whose role holds update-Issue), or to nobody with null. Recorded on the issue timeline.',
  body: issueActions.assign,
  async handler(ctx) {
    const { trx, existing, input } = ctx;
    const to = input.assigneeId as number | null;
    if ((existing!.assigneeId ?? null) === to)
      throw conflict(to === null ? 'This issue is not assigned' : 'This issue is already assigned to them');
    const name = to === null ? null : await checkAssignee(trx, to);
    await change(ctx, { assigneeId: to });
    return { message: name ? `Issue #${ctx.id} assigned to ${name}` : `Issue #${ctx.id} unassigned` };
  },
});

const priority = defineAction({
  summary: "Change an issue's priority",
  description: 'The SLA target follows the priority (urgent 1 h, high 4 h, medium 24 h, low 72 h).',
  body: issueActions.priority,
  async handler(ctx) {
    if (ctx.existing!.priority === ctx.input.priority)
      throw badRequest(refusal('highlighted'), { priority: refusal('samePriority') });
    await change(ctx, { priority: ctx.input.priority });
    return { message: `Issue #${ctx.id} is now ${String(ctx.input.priority)} priority` };
  },
});

const start = defineAction({
  summary: 'Start work on an issue',
  description: 'open → in_progress. An unassigned issue is assigned to whoever starts it. 409 from another status.',
  async handler(ctx) {
    move('in_progress', ctx.existing!);
    const mine = ctx.existing!.assigneeId === null ? { assigneeId: ctx.staff.id } : {};
    await change(ctx, { status: 'in_progress', ...mine });
    return { message: `Issue #${ctx.id} is in progress` };
  },
});

const cents = (amount: unknown) => (amount === null ? null : Math.round((amount as number) * 100) / 100);

/**
 * The refund of a resolution: checks the permission and the cap (the trip's fare less what was
 * refunded on it before; the trip row is locked so two resolutions at once cannot both pass), then
 * writes the passenger's ledger row through the shared ledger rule and an audit row on the passenger.
 */
async function refundPassenger(ctx: ActionContext, amount: number): Promise<IssueStep> {
  const { trx, existing, staff, id } = ctx;
  const tripId = existing!.tripId as number;
  const trip = await trx
    .selectFrom('trips')
    .select(['passengerId', 'fareTotal'])
    .where('id', '=', tripId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const refunded = await trx
    .selectFrom('passengerTransactions')
    .select(sql<number>`coalesce(sum(amount), 0)::float8`.as('total'))
    .where('tripId', '=', tripId)
    .where('kind', '=', 'refund')
    .executeTakeFirstOrThrow();
  const problem = refundProblem(amount, trip.fareTotal === null ? null : Number(trip.fareTotal), refunded.total);
  if (problem) throw badRequest(refusal('highlighted'), { refundAmount: problem });
  const before = await trx
    .selectFrom('passengers')
    .select('creditBalance')
    .where('id', '=', trip.passengerId)
    .executeTakeFirstOrThrow();
  const transaction = await postPassengerTransaction(trx, {
    passengerId: trip.passengerId,
    kind: 'refund',
    amount,
    tripId,
    issueId: id!,
    staffId: staff.id,
    ...ledgerNote('refund', { issue: id! }),
  });
  await recordAudit(trx, {
    staffId: staff.id,
    resource: 'passengers',
    recordId: trip.passengerId,
    action: REFUND_AUDIT_ACTION,
    before: { creditBalance: before.creditBalance },
    after: {
      creditBalance: transaction.balanceAfter,
      refund: amount,
      tripId,
      issueId: id,
      transactionId: transaction.id,
    },
  });
  return { kind: 'refund', amount, toValue: String(trip.passengerId), passengerTransactionId: transaction.id };
}

const resolve = defineAction({
  summary: 'Resolve an issue',
  description: `open or in_progress → resolved, with a resolution note (400 without). An unassigned issue is assigned to whoever resolves it.
- An optional goodwill credit (\`creditAmount\`, KES, at most ${MAX_GOODWILL_CREDIT}) credits the trip's driver's wallet through the ledger in the same transaction; it needs ${GOODWILL_PERMISSION} (the top-up's permission).
- An optional refund (\`refundAmount\`, KES) credits the trip's passenger's wallet through the same ledger rule (a \`refund\` row in passenger-transactions, an audit row \`refund\` on the passenger); it needs ${REFUND_PERMISSION} and is at most the trip's fare less what was refunded on the trip before (400 \`errors.refundAmount\` otherwise).
Anything refused (403, 400) leaves the issue, the wallets and the ledgers unchanged.`,
  body: issueActions.resolve,
  async handler(ctx) {
    const { trx, existing, input, staff, id } = ctx;
    move('resolved', existing!);
    const amount = cents(input.creditAmount);
    const refund = cents(input.refundAmount);
    if (amount !== null && !staff.permissions.has(GOODWILL_PERMISSION))
      throw new ApiError(403, "You may not credit a driver's wallet");
    if (refund !== null && !staff.permissions.has(REFUND_PERMISSION))
      throw new ApiError(403, 'You may not refund a passenger');
    const extra: IssueStep[] = [];
    if (amount !== null) {
      const trip = await trx
        .selectFrom('trips')
        .select('driverId')
        .where('id', '=', existing!.tripId as number)
        .executeTakeFirstOrThrow();
      if (trip.driverId === null)
        throw badRequest(refusal('highlighted'), {
          creditAmount: 'This trip has no driver to credit',
        });
      const transaction = await postTransaction(trx, {
        driverId: trip.driverId,
        kind: 'adjustment',
        amount,
        tripId: existing!.tripId as number,
        staffId: staff.id,
        ...ledgerNote('goodwillCredit', { issue: id! }),
      });
      extra.push({ kind: 'credit', amount, toValue: String(trip.driverId), transactionId: transaction.id });
    }
    if (refund !== null) extra.push(await refundPassenger(ctx, refund));
    const mine = existing!.assigneeId === null ? { assigneeId: staff.id } : {};
    await change(
      ctx,
      { status: 'resolved', resolutionNote: input.resolutionNote, resolvedAt: new Date(), ...mine },
      input.resolutionNote as string,
      extra,
    );
    const money = (n: number) => `${CITY.currency} ${n.toFixed(2)}`;
    const granted = [
      ...(amount === null ? [] : [`${money(amount)} credited to the driver`]),
      ...(refund === null ? [] : [`${money(refund)} refunded to the passenger`]),
    ];
    return { message: granted.length ? `Issue #${id} resolved; ${granted.join('; ')}` : `Issue #${id} resolved` };
  },
});

const close = defineAction({
  summary: 'Close a resolved issue',
  bulk: { undo: 'reopen' },
  description: 'resolved → closed. 409 from another status.',
  async handler(ctx) {
    move('closed', ctx.existing!);
    await change(ctx, { status: 'closed' });
    return { message: `Issue #${ctx.id} closed` };
  },
});

const reopen = defineAction({
  summary: 'Reopen an issue',
  bulk: {},
  description: 'resolved or closed → open, with the reason; the SLA clock runs again from the opening.',
  body: issueActions.reopen,
  async handler(ctx) {
    move('open', ctx.existing!);
    await change(ctx, { status: 'open', resolvedAt: null }, ctx.input.reason as string);
    return { message: `Issue #${ctx.id} reopened` };
  },
});

const note: ActionDeclaration = defineAction({
  summary: 'Add an internal note to an issue',
  description:
    'A note in the conversation on the issue (author and time recorded); staff only, never shown to the parties.',
  body: issueActions.note,
  async handler({ trx, id, staff, input }) {
    const now = new Date();
    await trx.updateTable('issues').set({ updatedAt: now }).where('id', '=', id!).execute();
    await recordIssueSteps(trx, id!, staff.id, [{ kind: 'note', note: input.text as string }], now);
    return { message: 'Note added' };
  },
});

/** The write schemas are the manifest's (src/domain/resources/issues.ts); the checks below need the database. */
export const issues = defineResource(issuesManifest, {
  table: 'issues',
  description: `Complaints and problems reported about a trip by its passenger or its driver. \`reporterId\` is the trip's passenger or driver, per \`reporterKind\`. Moving to resolved or closed needs a resolution note and stamps \`resolvedAt\`.
- The desk's steps are actions (POST issues/:id/assign, priority, start, resolve, close, reopen, note), each audited and written to the issue's timeline (GET issues/:id/events). A status change by PUT follows the same moves (open → in_progress → resolved → closed, reopen to open).
- \`slaState\` (ok, warning from 75 % of the target, breached past it; the clock stops at resolution) and \`slaDueAt\`: targets urgent 1 h, high 4 h, medium 24 h, low 72 h. Filter \`sla\` (ok, warning, breached). \`slaLeftSeconds\`: the seconds left on an open issue's SLA, negative once breached, null once resolved; a queue sorted by it ascending has the breached first, most overdue first, then the least time left. \`urgency\` (sort only, answered when \`fields\` names it): the desk's queues sort by it ascending, urgent and safety issues first, then as \`slaLeftSeconds\` within each class; null once resolved.`,
  computed: {
    reporterName: {
      type: 'text',
      sql: partyNameOf('issues.reporter_kind', 'issues.reporter_id'),
    },
    assigneeName: { type: 'text', sql: nameOf('staffs', 'issues.assignee_id') },
    slaState: { type: 'text', sql: SLA_STATE },
    slaDueAt: { type: 'timestamp', sql: SLA_DUE },
    slaLeftSeconds: { type: 'int', sql: SLA_LEFT, sort: true },
    urgency: { type: 'int', sql: URGENCY, sort: true, onRequest: true },
  },
  // The queues' sort key: a number for ordering, not a value anyone reads in a spreadsheet.
  exportOmit: ['urgency'],
  filters: {
    assigned: (value) => {
      if (value === true || value === 'true') return sql<boolean>`issues.assignee_id is not null`;
      if (value === false || value === 'false') return sql<boolean>`issues.assignee_id is null`;
      throw badRequest(refusal('filterTrueFalse', { key: 'assigned' }));
    },
    sla: (value) => {
      const states = (Array.isArray(value) ? value : [value]).map(String);
      if (!states.length || !states.every((s) => (SLA_STATES as readonly string[]).includes(s)))
        throw badRequest(refusal('oneOf', { label: 'Filter "sla"', values: SLA_STATES.join(', ') }));
      return sql<boolean>`${SLA_STATE} in (${sql.join(states)})`;
    },
  },
  actions: { assign, priority, start, resolve, close, reopen, note },
  delete: true,
  async toColumns(input, { trx, existing }) {
    const columns: Record<string, unknown> = { ...input };
    const errors: Record<string, string> = {};
    if (!existing) {
      const trip = await trx
        .selectFrom('trips')
        .select(['passengerId', 'driverId'])
        .where('id', '=', input.tripId)
        .executeTakeFirst();
      if (!trip) errors.tripId = 'No trip with this number';
      else if (input.reporterKind === 'driver' && trip.driverId === null)
        errors.reporterKind = 'This trip has no driver';
      else columns.reporterId = input.reporterKind === 'driver' ? trip.driverId : trip.passengerId;
    }
    const status = input.status ?? existing?.status;
    if (existing && input.status !== undefined && input.status !== existing.status) {
      if (!canMoveIssue(existing.status as IssueStatus, input.status as IssueStatus))
        errors.status = `An issue that is ${String(existing.status).replace('_', ' ')} cannot move to ${String(input.status).replace('_', ' ')}`;
    }
    const note = 'resolutionNote' in input ? input.resolutionNote : existing?.resolutionNote;
    if (CLOSED.includes(status) && !note) errors.resolutionNote = refusal('howResolved');
    if (input.assigneeId && input.assigneeId !== existing?.assigneeId) {
      try {
        await checkAssignee(trx, input.assigneeId as number);
      } catch (e) {
        if (e instanceof ApiError && e.errors) Object.assign(errors, e.errors);
        else throw e;
      }
    }
    if (Object.keys(errors).length) throw badRequest(refusal('highlighted'), errors);
    const wasClosed = existing ? CLOSED.includes(existing.status as string) : false;
    if (CLOSED.includes(status) && !wasClosed) columns.resolvedAt = new Date();
    if (!CLOSED.includes(status) && wasClosed) columns.resolvedAt = null;
    return columns;
  },
  async afterWrite({ trx, staff, action, existing, after, input }) {
    if (action === 'create' && after)
      await recordIssueSteps(trx, after.id as number, staff.id, stepsBetween(undefined, after));
    if (action === 'update' && existing) {
      const steps = stepsBetween(existing, { ...existing, ...input }, (input?.resolutionNote as string) ?? null);
      await recordIssueSteps(trx, existing.id as number, staff.id, steps);
    }
  },
});
