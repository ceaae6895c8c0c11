import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { defineAction, type ActionContext } from '../../rest/declaration.js';
import { defineQuery } from '../../rest/queries.js';
import { sosActionBodies } from '../../../src/domain/resources/sosCallLogs.js';
import {
  SOS_ACK_STATS_DAYS,
  SOS_UPDATED,
  secondsBetween,
  sosActionRefusal,
  type SosEventKind,
  type SosStatus,
  type SosUpdatedEvent,
} from '../../../src/domain/sos.js';
import type { AppServices } from '../../services.js';

/** The permission whose holders see SOS alarms (and receive `sos` and `sosUpdated`). */
export const SOS_VIEW_PERMISSION = 'view-SosContacts' as const;

type Trx = Transaction<Database>;

/** Appends a step to the alarm's timeline. */
export async function recordSosEvent(
  trx: Trx,
  logId: number,
  kind: SosEventKind,
  step: { at: Date; staffId?: number | null; seconds?: number | null; note?: string | null },
): Promise<void> {
  await trx
    .insertInto('sosCallEvents')
    .values({
      sosCallLogId: logId,
      at: step.at,
      kind,
      staffId: step.staffId ?? null,
      seconds: step.seconds ?? null,
      note: step.note ?? null,
    })
    .execute();
}

const staffName = sql<string>`(select s.first_name || ' ' || s.last_name from staffs s where s.id = sos_call_logs.handled_by)`;

/** The `sosUpdated` payload for the alarm as it stands in the transaction. */
export async function sosUpdatedEvent(trx: Trx, logId: number, kind: SosEventKind, at: Date): Promise<SosUpdatedEvent> {
  const row = await trx
    .selectFrom('sosCallLogs')
    .select(['id', 'status', 'tripId', 'handledAt', 'ackSeconds'])
    .select(staffName.as('acknowledgedBy'))
    .where('id', '=', logId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    kind,
    status: row.status as SosStatus,
    tripId: row.tripId,
    acknowledgedBy: row.acknowledgedBy ?? null,
    acknowledgedAt: row.handledAt ? row.handledAt.toISOString() : null,
    ackSeconds: row.ackSeconds,
    at: at.toISOString(),
  };
}

/** Sends `sosUpdated`, once committed, to every active staff member entitled to view SOS call logs. */
export async function announceSosChange(
  ctx: { trx: Trx; services: AppServices; afterCommit(effect: () => Promise<void> | void): void },
  logId: number,
  kind: SosEventKind,
  at: Date,
): Promise<void> {
  const event = await sosUpdatedEvent(ctx.trx, logId, kind, at);
  ctx.afterCommit(() => ctx.services.notifier.emitTo(SOS_VIEW_PERMISSION, SOS_UPDATED, event));
}

interface AlarmRow {
  id: number;
  status: string;
  calledAt: Date;
  handledBy: number | null;
  resolvedBy: number | null;
}

const nameOfStaff = async (trx: Trx, id: number | null) => {
  if (id === null) return null;
  const s = await trx.selectFrom('staffs').select(['firstName', 'lastName']).where('id', '=', id).executeTakeFirst();
  return s ? `${s.firstName} ${s.lastName}` : null;
};

/** Refuses an action the alarm's status does not allow: 409 naming who has it or closed it. */
async function refuseIfNot(ctx: ActionContext, action: Parameters<typeof sosActionRefusal>[0]): Promise<AlarmRow> {
  const alarm = ctx.existing as unknown as AlarmRow;
  const refusal = sosActionRefusal(action, {
    status: alarm.status,
    acknowledgedBy: await nameOfStaff(ctx.trx, alarm.handledBy),
    resolvedBy: await nameOfStaff(ctx.trx, alarm.resolvedBy),
  });
  if (refusal) throw new ApiError(409, refusal);
  return alarm;
}

/** Takes the alarm: who and when, and the seconds since it was raised. Returns those seconds. */
async function takeAlarm(ctx: ActionContext, alarm: AlarmRow, now: Date): Promise<number> {
  const seconds = secondsBetween(alarm.calledAt, now);
  await ctx.trx
    .updateTable('sosCallLogs')
    .set({ status: 'acknowledged', handledBy: ctx.staff.id, handledAt: now, ackSeconds: seconds, updatedAt: now })
    .where('id', '=', alarm.id)
    .execute();
  await recordSosEvent(ctx.trx, alarm.id, 'acknowledged', { at: now, staffId: ctx.staff.id, seconds });
  return seconds;
}

/** POST sos-call-logs/:id/acknowledge — one click; the first one wins, the next gets 409 naming who has it. */
export const acknowledge = defineAction({
  summary: 'Acknowledge an SOS alarm',
  description:
    'Takes the alarm: records who and when, and the seconds since it was raised (time to acknowledge). An alarm already acknowledged is a 409 naming who has it (also when two members of staff click at once: the row is locked, the second sees the first); a resolved one is a 409 too. Sends `sosUpdated`.',
  async handler(ctx) {
    const alarm = await refuseIfNot(ctx, 'acknowledge');
    const now = new Date();
    const seconds = await takeAlarm(ctx, alarm, now);
    await announceSosChange(ctx, alarm.id, 'acknowledged', now);
    return { message: `SOS #${alarm.id} acknowledged after ${seconds} s` };
  },
});

/** POST sos-call-logs/:id/note {note} — a note on the timeline, whatever the status. */
export const note = defineAction({
  summary: 'Add a note to an SOS alarm',
  description: 'Appends a note (author and time) to the alarm’s timeline. Sends `sosUpdated`.',
  body: sosActionBodies.note,
  async handler(ctx) {
    const alarm = await refuseIfNot(ctx, 'note');
    const now = new Date();
    await recordSosEvent(ctx.trx, alarm.id, 'note', { at: now, staffId: ctx.staff.id, note: ctx.input.note as string });
    await ctx.trx.updateTable('sosCallLogs').set({ updatedAt: now }).where('id', '=', alarm.id).execute();
    await announceSosChange(ctx, alarm.id, 'note', now);
    return { message: 'Note added' };
  },
});

/** Resolve or false alarm: closes an open alarm with a note (taking it first when nobody had). */
const close = (status: 'resolved' | 'false_alarm', action: 'resolve' | 'false-alarm') =>
  defineAction({
    summary: status === 'resolved' ? 'Resolve an SOS alarm' : 'Mark an SOS alarm as a false alarm',
    description: `Closes an open alarm with a note (required: a field error without one). An alarm nobody had acknowledged is acknowledged at the same time, so its time to acknowledge is kept. A closed alarm is a 409. Sends \`sosUpdated\`.`,
    body: status === 'resolved' ? sosActionBodies.resolve : sosActionBodies.falseAlarm,
    async handler(ctx) {
      const alarm = await refuseIfNot(ctx, action);
      const now = new Date();
      if (alarm.status === 'new') await takeAlarm(ctx, alarm, now);
      const text = ctx.input.note as string;
      await ctx.trx
        .updateTable('sosCallLogs')
        .set({ status, resolvedBy: ctx.staff.id, resolvedAt: now, notes: text, updatedAt: now })
        .where('id', '=', alarm.id)
        .execute();
      await recordSosEvent(ctx.trx, alarm.id, status, { at: now, staffId: ctx.staff.id, note: text });
      await announceSosChange(ctx, alarm.id, status, now);
      return {
        message: status === 'resolved' ? `SOS #${alarm.id} resolved` : `SOS #${alarm.id} marked as a false alarm`,
      };
    },
  });

export const SOS_ACTIONS = {
  acknowledge,
  note,
  resolve: close('resolved', 'resolve'),
  'false-alarm': close('false_alarm', 'false-alarm'),
};

/** GET /api/trip/sos/ack-stats: median and p90 time to acknowledge over the last 7 days, and the alarms still new. */
export const ackStats = defineQuery({
  name: 'ack-stats',
  summary: 'Time to acknowledge SOS alarms (last 7 days)',
  description: `Over alarms raised in the last ${SOS_ACK_STATS_DAYS} days: the median and the 90th percentile of the seconds to acknowledge (interpolated, null when none), an alarm still waiting counting as its age so far (it will take at least that long); \`acknowledged\` and \`waiting\` count the two kinds. \`unacknowledged\` counts the alarms still new (any age).`,
  access: SOS_VIEW_PERMISSION,
  parameters: {},
  parse: (_query, now) => ({ since: new Date(now.getTime() - SOS_ACK_STATS_DAYS * 86400_000) }),
  async handler({ since }, { services }) {
    // An alarm nobody has acknowledged yet counts as at least its age: leaving it out would make
    // the figures look better the longer an alarm waits.
    const seconds = sql<number>`coalesce(ack_seconds, extract(epoch from now() - called_at))`;
    const row = await services.db
      .selectFrom('sosCallLogs')
      .select([
        sql<number>`count(ack_seconds)::int`.as('acknowledged'),
        sql<number>`(count(*) - count(ack_seconds))::int`.as('waiting'),
        sql<number | null>`percentile_cont(0.5) within group (order by ${seconds})`.as('median'),
        sql<number | null>`percentile_cont(0.9) within group (order by ${seconds})`.as('p90'),
      ])
      .where('calledAt', '>=', since)
      .where((eb) => eb.or([eb('ackSeconds', 'is not', null), eb('status', '=', 'new')]))
      .executeTakeFirstOrThrow();
    const open = await services.db
      .selectFrom('sosCallLogs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow();
    const round = (v: number | null) => (v === null ? null : Math.round(Number(v)));
    return {
      days: SOS_ACK_STATS_DAYS,
      since: since.toISOString(),
      acknowledged: row.acknowledged,
      waiting: row.waiting,
      median: round(row.median),
      p90: round(row.p90),
      unacknowledged: open.n,
    };
  },
});

/** GET /api/trip/sos/settings: how the panel repeats the alarm sound, and when alarms escalate. */
export const sosSettings = defineQuery({
  name: 'settings',
  summary: 'How SOS alarms repeat and escalate',
  description:
    '`soundRepeatSeconds`: the panel repeats the alarm sound this often while an alarm is unacknowledged (0: once; SOS_SOUND_REPEAT_SECONDS). `escalateMinutes`: an alarm nobody acknowledged within this many minutes is escalated once to the staff of `escalationRole` (0: never; SOS_ESCALATE_MINUTES, SOS_ESCALATION_ROLE), on its timeline.',
  access: SOS_VIEW_PERMISSION,
  parameters: {},
  parse: () => ({}),
  handler: async (_params, { services }) => ({ ...services.config.sos }),
});

export const SOS_QUERIES = [ackStats, sosSettings];
