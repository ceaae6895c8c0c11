import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.js';
import { announceSosChange, recordSosEvent } from './alarms.js';

/** A simulated alarm nobody acted on is closed this many minutes after it was raised. */
export const SIMULATED_SOS_CLOSE_MINUTES = 10;
/** The note on the timeline of a simulated alarm closed that way. */
export const SIMULATED_SOS_CLOSE_NOTE = `Simulated alarm, closed automatically: nobody acted on it within ${SIMULATED_SOS_CLOSE_MINUTES} minutes.`;
/** How often the server looks for such alarms (and once as it starts). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Closes, as false alarms, the simulated alarms (issue 33: the demo's simulator, or the seed's open
 * ones) raised more than 10 minutes before `now` that no staff member acted on: still new, and no
 * step by staff on the timeline (a note counts). The step has no staff member and says why. Real
 * alarms are never touched. Answers the ids closed.
 */
export async function closeStaleSimulatedAlarms(services: AppServices, now = new Date()): Promise<number[]> {
  const cutoff = new Date(now.getTime() - SIMULATED_SOS_CLOSE_MINUTES * 60_000);
  const stale = await services.db
    .selectFrom('sosCallLogs')
    .select('id')
    .where('simulated', '=', true)
    .where('status', '=', 'new')
    .where('calledAt', '<=', cutoff)
    .orderBy('id')
    .execute();
  const closed: number[] = [];
  for (const { id } of stale) {
    const effects: (() => Promise<void> | void)[] = [];
    await services.db.transaction().execute(async (trx) => {
      // Locked and read again: a member of staff acknowledging it meanwhile wins.
      const alarm = await trx
        .selectFrom('sosCallLogs')
        .select(['status', 'simulated'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!alarm || !alarm.simulated || alarm.status !== 'new') return;
      const acted = await trx
        .selectFrom('sosCallEvents')
        .select('id')
        .where('sosCallLogId', '=', id)
        .where('staffId', 'is not', null)
        .executeTakeFirst();
      if (acted) return;
      await trx
        .updateTable('sosCallLogs')
        .set({ status: 'false_alarm', resolvedAt: now, notes: SIMULATED_SOS_CLOSE_NOTE, updatedAt: now })
        .where('id', '=', id)
        .execute();
      await recordSosEvent(trx, id, 'false_alarm', { at: now, note: SIMULATED_SOS_CLOSE_NOTE });
      await announceSosChange({ trx, services, afterCommit: (e) => void effects.push(e) }, id, 'false_alarm', now);
      closed.push(id);
    });
    for (const effect of effects) await effect();
  }
  return closed;
}

/** Runs the sweep as the server starts and every minute, until it closes. */
export function scheduleSimulatedSosCloser(app: FastifyInstance): void {
  if (!app.services.config.closeSimulatedSos) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = closeStaleSimulatedAlarms(app.services)
      .then((ids) => {
        if (ids.length) app.log.info({ ids }, 'SOS: closed simulated alarms nobody acted on');
      })
      .catch((err: unknown) => app.log.error({ err }, 'SOS: closing simulated alarms failed'));
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
