import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { RequestLogs, SIMULATOR_USER_AGENT } from '../../server/delivery/requestLogs.js';
import { consoleMode, markSimulatedRequests, outboxLogger, startBanner } from '../../server/logging.js';
import { createMessenger } from '../../server/mail/outbox.js';

const development = { env: 'development' } as const;

/** A Fastify app logging at info into an array, with the request logs of the given console mode. */
async function appWithLogs(requestsAtInfo: boolean) {
  const lines: { level: number; msg: string }[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    logController: new RequestLogs({ requestsAtInfo }),
  });
  markSimulatedRequests(app);
  const messenger = createMessenger({ from: 'x', logger: outboxLogger(app.log) });
  app.post('/code', async () => {
    await messenger.sendSms('+254700000001', 'Your code is 123456');
    return { ok: true };
  });
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines, messenger };
}

describe('the console', () => {
  it('is readable in a terminal outside production, and JSON otherwise', () => {
    expect(consoleMode(development, {}, true)).toEqual({ pretty: true, requestsAtInfo: false });
    expect(consoleMode(development, { LOG_LEVEL: 'info' }, true)).toEqual({ pretty: true, requestsAtInfo: true });
    expect(consoleMode(development, {}, false)).toEqual({ pretty: false, requestsAtInfo: true });
    expect(consoleMode({ env: 'production' }, {}, true)).toEqual({ pretty: false, requestsAtInfo: true });
  });

  it('keeps request lines at debug in the readable console, but not server errors', async () => {
    const { app, lines } = await appWithLogs(false);
    await app.inject({ method: 'POST', url: '/code' });
    expect(lines.map((l) => l.msg)).toEqual(['[dev outbox] sms to +254700000001: SMS']);
    lines.length = 0;
    await app.inject({ url: '/boom' });
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toContain('boom');
    await app.close();
  });

  it("logs the simulated drivers' sign-in codes at debug, yet keeps them in the outbox", async () => {
    const { app, lines, messenger } = await appWithLogs(true);
    await app.inject({ method: 'POST', url: '/code', headers: { 'user-agent': `${SIMULATOR_USER_AGENT}/1` } });
    expect(lines).toEqual([]);
    expect(messenger.outbox?.map((m) => m.text)).toEqual(['Your code is 123456']);
    await app.inject({ method: 'POST', url: '/code' });
    expect(lines.map((l) => l.msg)).toContain('[dev outbox] sms to +254700000001: SMS');
    await app.close();
  });

  it('names the address, the demo accounts and the outbox on start', () => {
    const config = loadConfig({ PORT: '8123' });
    const banner = startBanner(config, true);
    expect(banner).toContain('http://localhost:8123');
    expect(banner).toMatch(/admin@example\.com +Admin@1234 +Super Admin/);
    expect(banner).toMatch(/dispatcher@example\.com +Dispatch@1234 +Dispatcher/);
    expect(banner).toContain('http://localhost:8123/api/dev/outbox');
    expect(startBanner(loadConfig({ PORT: '8123', SEED_DEMO: 'false' }), false)).toBe(
      'Ride Admin is running at http://localhost:8123',
    );
  });
});
