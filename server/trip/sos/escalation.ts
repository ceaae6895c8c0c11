import type { FastifyInstance } from 'fastify';
import { secondsBetween } from '../../../src/domain/sos.js';
import type { AppServices } from '../../services.js';
import { announceSosChange, recordSosEvent, SOS_VIEW_PERMISSION } from './alarms.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/** How often the server looks for alarms to escalate. */
export const SOS_ESCALATION_TICK_MS = 15_000;
/** At most this many alarms are escalated per look (the next look takes the rest). */
const BATCH = 50;

/**
 * Escalates every alarm still new `config.sos.escalateMinutes` after it was raised, once: the
 * alarm is marked, its timeline gets an `escalated` step (after how long, to which role), the
 * escalation role's staff get an `sos` notification (the bell, the toast and the sound), and
 * every SOS screen gets `sosUpdated`. Rows are locked and skipped when locked, so two server
 * processes never escalate the same alarm twice. Returns how many were escalated.
 */
export async function escalateOverdueAlarms(services: AppServices, now = new Date()): Promise<number> {
  const { escalateMinutes, escalationRole } = services.config.sos;
  if (escalateMinutes <= 0) return 0;
  const role = await services.db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('name', '=', escalationRole)
    .executeTakeFirst();
  if (!role) return 0;
  const effects: (() => Promise<void> | void)[] = [];
  const afterCommit = (effect: () => Promise<void> | void) => void effects.push(effect);
  const escalated = await services.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('sosCallLogs')
      .select(['id', 'tripId', 'callerKind', 'calledAt'])
      .where('status', '=', 'new')
      .where('escalatedAt', 'is', null)
      .where('calledAt', '<=', new Date(now.getTime() - escalateMinutes * 60_000))
      .orderBy('calledAt')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const alarm of due) {
      await trx
        .updateTable('sosCallLogs')
        .set({ escalatedAt: now, updatedAt: now })
        .where('id', '=', alarm.id)
        .execute();
      await recordSosEvent(trx, alarm.id, 'escalated', {
        at: now,
        seconds: secondsBetween(alarm.calledAt, now),
        note: `Not acknowledged within ${escalateMinutes} min: ${role.name} notified`,
      });
      afterCommit(
        await services.notifier.record(trx, {
          type: 'sos',
          title: refusal('sosEscalated', { trip: alarm.tripId, caller: alarm.callerKind, minutes: escalateMinutes }),
          permission: SOS_VIEW_PERMISSION,
          roleId: role.id,
          subjectType: 'sos-call-log',
          subjectId: alarm.id,
        }),
      );
      await announceSosChange({ trx, services, afterCommit }, alarm.id, 'escalated', now);
    }
    return due.length;
  });
  for (const effect of effects) await effect();
  return escalated;
}

/** Looks for alarms to escalate every 15 s while the server runs (not in tests, which call it). */
export function startSosEscalation(app: FastifyInstance): void {
  const { services } = app;
  if (services.config.sos.escalateMinutes <= 0 || services.config.env === 'test') return;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = escalateOverdueAlarms(services)
      .catch((err: unknown) => app.log.error({ err }, 'SOS escalation failed'))
      .finally(() => {
        running = undefined;
      });
  }, SOS_ESCALATION_TICK_MS);
  timer.unref();
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}
