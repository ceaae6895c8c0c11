import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from './config.js';
import { DEMO_ACCOUNTS, SEED_STAFF_PASSWORD } from './db/seed/demoAccounts.js';
import { SIMULATOR_USER_AGENT } from './delivery/requestLogs.js';

/**
 * How the server writes its log: JSON lines (pino) by default, for log collectors; in a terminal
 * outside production, one readable line per entry, and request lines only when LOG_LEVEL=info (or
 * debug) asks for them, since a person at the console wants to see what happens, not every GET.
 */
export interface ConsoleMode {
  pretty: boolean;
  /** Request lines ("incoming request", "request completed") at info; otherwise at debug. */
  requestsAtInfo: boolean;
}

export function consoleMode(
  config: Pick<Config, 'env'>,
  env: NodeJS.ProcessEnv = process.env,
  isTTY = process.stdout.isTTY === true,
): ConsoleMode {
  const readable = isTTY && config.env !== 'production';
  return { pretty: readable, requestsAtInfo: !readable || env.LOG_LEVEL === 'info' };
}

/** Fastify's `logger` option for the mode: pino-pretty writes synchronously, so no line is lost at exit. */
export function loggerOptions(config: Config, mode: ConsoleMode): FastifyServerOptions['logger'] {
  if (!mode.pretty) return { level: config.logLevel };
  return {
    level: config.logLevel,
    stream: pretty({
      colorize: true,
      sync: true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
    }),
  };
}

/** Requests from the simulator (its User-Agent), so what they cause can be logged quietly too. */
const simulatedRequest = new AsyncLocalStorage<true>();

export function markSimulatedRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers['user-agent']?.startsWith(SIMULATOR_USER_AGENT)) simulatedRequest.run(true, done);
    else done();
  });
}

/**
 * The development outbox's logger: an SMS code sent to a simulated driver (about 105 of them at
 * every `npm start`) is logged at debug; the simulator's start sums them up in one line. It is
 * still in the outbox (GET /api/dev/outbox), like every other message.
 */
export function outboxLogger(log: FastifyBaseLogger): FastifyBaseLogger {
  const quiet = log.child({});
  const info = quiet.info.bind(quiet);
  quiet.info = ((...args: Parameters<typeof info>) =>
    simulatedRequest.getStore() ? quiet.debug(...args) : info(...args)) as typeof info;
  return quiet;
}

/**
 * What a person starting the server needs, printed once: where it listens, the demo accounts
 * (when it runs with demo data) and where development mail and SMS go.
 */
export function startBanner(config: Config, hasOutbox: boolean): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host}:${config.port}`;
  const lines = [`Ride Admin is running at ${url}`];
  if (config.seedDemo && config.env !== 'production') {
    lines.push('  Demo accounts:');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(24)} ${a.password.padEnd(14)} ${a.roleName}`);
    lines.push(`    (the other seeded staff sign in with ${SEED_STAFF_PASSWORD})`);
  }
  if (hasOutbox)
    lines.push(`  Mail and SMS (sign-in and reset codes) go to the outbox: ${url}/api/dev/outbox, and to this log`);
  return lines.join('\n');
}
