import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from '../services.js';
import type { TripChangeContext } from '../trip/trips/events.js';

/**
 * Runs `fn` in one transaction with a trip change context (lifecycle's applyChange, recordTripChange);
 * the after-commit effects run once it commits, their failures logged, not thrown.
 */
export async function inTripTransaction<T>(
  services: AppServices,
  log: FastifyBaseLogger,
  fn: (ctx: TripChangeContext) => Promise<T>,
): Promise<T> {
  const effects: (() => Promise<void> | void)[] = [];
  const result = await services.db
    .transaction()
    .execute((trx) => fn({ trx, services, afterCommit: (e) => effects.push(e) }));
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      log.error({ err }, 'after-commit effect failed');
    }
  }
  return result;
}
