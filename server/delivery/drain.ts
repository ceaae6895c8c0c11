import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Aborted when the server starts shutting down (preClose): long responses end early. */
    draining: AbortSignal;
  }
}

export { EXPORT_INTERRUPTED } from '../../src/domain/exportInterrupted.js';

/** `app.draining`, aborted by the first preClose hook. Install before the routes that stream. */
export function installDrain(app: FastifyInstance): void {
  const controller = new AbortController();
  app.decorate('draining', controller.signal);
  app.addHook('preClose', async () => controller.abort());
}

/** How long a client that stopped reading gets to take the marker before its connection is closed. */
const STALLED_CLIENT_MS = 2_000;

/**
 * `body`, ended early with `marker` once `signal` aborts: a long stream (an export of every trip)
 * finishes within the shutdown's limit instead of holding the process, and the client reads why
 * it stopped. A client that does not read it within 2 s loses the connection. The source is
 * destroyed either way (its statement is cancelled).
 */
export function endOnDrain(body: Readable, signal: AbortSignal, marker: string, response: ServerResponse): Readable {
  const chunks = body[Symbol.asyncIterator]();
  let stopping = false;
  let interrupt = () => {};
  const stop = () => {
    stopping = true;
    interrupt();
    if (response.writableFinished || response.destroyed) return;
    const stalled = setTimeout(() => response.destroy(), STALLED_CLIENT_MS).unref();
    response.once('close', () => clearTimeout(stalled));
  };
  if (signal.aborted) stopping = true;
  else signal.addEventListener('abort', stop, { once: true });
  const out = Readable.from(
    (async function* () {
      try {
        while (!stopping) {
          // A turn of the event loop per chunk: on PGlite a batch runs synchronously, and a whole
          // export would otherwise go by in promise callbacks without the signal being read.
          await setImmediate();
          if (stopping) break;
          const next = chunks.next();
          const step = await new Promise<IteratorResult<Buffer> | 'stopped'>((resolve, reject) => {
            interrupt = () => resolve('stopped');
            next.then(resolve, reject);
          });
          if (step === 'stopped' || stopping) break;
          if (step.done) return;
          yield step.value;
        }
        yield Buffer.from(`\r\n${marker}\r\n`);
      } finally {
        body.destroy();
      }
    })(),
    { highWaterMark: 1 },
  );
  out.once('close', () => {
    signal.removeEventListener('abort', stop);
    body.destroy();
  });
  return out;
}
