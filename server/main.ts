import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, lockDataDir } from './db/lock.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // PGlite is one process per directory; PostgreSQL needs no lock.
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir!);
  let app;
  try {
    app = await buildApp(config);
    await app.listen({ port: config.port, host: config.host });
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
    // was in flight then turns idle later and would hold the close for keepAliveTimeout (72 s).
    const reapIdle = setInterval(() => app.server.closeIdleConnections(), 200);
    try {
      await app.close();
    } finally {
      clearInterval(reapIdle);
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e) => {
  if (e instanceof ConfigError || e instanceof DataDirLockedError) {
    console.error(e.message);
    process.exit(1);
  }
  console.error(e);
  process.exit(1);
});
