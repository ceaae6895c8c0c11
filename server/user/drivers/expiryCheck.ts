import type { FastifyInstance } from 'fastify';
import type { ResourceEngine } from '../../rest/engine.js';
import { expireDocuments } from './documents.js';
import { inTripTransaction } from '../../apps/tx.js';
import { releaseDriver } from '../../trip/trips/release.js';

export const EXPIRY_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the document expiry check once the app is ready and then every hour (idempotent, so several
 * processes may run it). A failure is logged and the next hour tries again.
 */
export function scheduleExpiryCheck(app: FastifyInstance, engine: ResourceEngine): void {
  const run = async () => {
    try {
      const result = await expireDocuments(app.services.db, (id, trx) => engine.findRow(id, trx));
      // Drivers no longer approved leave the live side; a trip they hold goes back to the dispatcher.
      for (const driverId of result.drivers)
        await inTripTransaction(app.services, app.log, (ctx) => releaseDriver(ctx, driverId, 'Documents expired'));
      if (result.documents)
        app.log.info(
          result,
          `expiry check: ${result.documents} document(s) expired, ${result.drivers.length} driver(s) back to review`,
        );
    } catch (err) {
      app.log.error({ err }, 'expiry check failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), EXPIRY_CHECK_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
