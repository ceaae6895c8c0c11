import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, lockDataDir } from './db/lock.js';
import { simulatorSettings, type SimulatorSettings } from './simulator/settings.js';
import { startBanner } from './logging.js';

/**
 * `npm start` (--with-simulator) keeps the demo city alive: about 150 simulated drivers and 50
 * passengers drive the apps' API against this very server, keeping SIMULATOR_BUSY (a fifth by
 * default) of the online drivers busy. SIMULATOR_DRIVERS=0 turns it off; it never runs in production
 * (it reads sign-in codes from the development outbox), nor in the test and benchmark servers,
 * which start this file without the flag.
 */
async function startSimulator(
  app: Awaited<ReturnType<typeof buildApp>>,
  config: ReturnType<typeof loadConfig>,
  settings: SimulatorSettings | undefined,
) {
  if (!settings || config.env === 'production' || !app.services.messenger.outbox) return;
  if (settings.drivers === 0) return;
  const { Simulator } = await import('./simulator/simulator.js');
  const sim = new Simulator({
    url: `http://127.0.0.1:${config.port}`,
    drivers: settings.drivers,
    passengers: settings.passengers,
    busy: settings.busy,
    sosPerHour: settings.sosPerHour,
    // Over the first hour some drivers come on and some leave, then shifts and breaks keep it moving.
    shiftChange: 0.2,
    log: (line) => app.log.info(line),
  });
  // Their sign-in codes are logged at debug (server/logging.ts): this line sums them up.
  sim.start().then(
    () =>
      app.log.info(
        `[simulator] ${sim.stats.online} simulated drivers signed in and online (SIMULATOR_DRIVERS=0 turns it off)`,
      ),
    (err: unknown) => app.log.error({ err }, '[simulator] could not start'),
  );
  return sim;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const simulator = process.argv.includes('--with-simulator') ? simulatorSettings(process.env) : undefined;
  // PGlite is one process per directory; PostgreSQL needs no lock.
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir!);
  let app;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  try {
    app = await buildApp(config);
    await app.listen({ port: config.port, host: config.host });
    const banner = startBanner(config, app.services.messenger.outbox !== undefined);
    if (process.stdout.isTTY) process.stdout.write(`\n${banner}\n\n`);
    else app.log.info(banner);
    sim = await startSimulator(app, config, simulator);
  } catch (e) {
    unlock();
    throw e;
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      unlock();
      process.exit(1);
    }, 10_000);
    force.unref();
    // Node closes idle keep-alive connections once, as it stops listening; a connection whose request
    // was in flight then turns idle later and would hold the close for keepAliveTimeout (72 s). Each
    // pass runs after a poll phase (setImmediate): a request that has reached the process by then is
    // read and parsed, so its connection is busy, and is answered (503 while closing) rather than reset.
    const reapIdle = setInterval(() => setImmediate(() => app.server.closeIdleConnections()), 200);
    try {
      await sim?.stop();
      // The same for the close itself, which the signal's callback would otherwise start before the
      // sockets that became readable in the same poll are read.
      await new Promise((resolve) => setImmediate(resolve));
      await app.close();
    } finally {
      clearInterval(reapIdle);
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // The terminal of `npm start` closed: stop as for Ctrl-C rather than die with the lock held.
  process.on('SIGHUP', () => void stop('SIGHUP'));
}

main().catch((e) => {
  if (e instanceof ConfigError || e instanceof DataDirLockedError) {
    console.error(e.message);
    process.exit(1);
  }
  console.error(e);
  process.exit(1);
});
