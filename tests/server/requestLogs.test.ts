import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogs, SIMULATOR_USER_AGENT } from '../../server/delivery/requestLogs.js';

/** A Fastify app logging at info into an array, with the project's request logs. */
async function appWithLogs() {
  const lines: { level: number; msg: string; req?: { url: string } }[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    logController: new RequestLogs(),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/conflict', async (_request, reply) => reply.code(409).send({ message: 'Taken' }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines };
}

describe('request log lines', () => {
  it("keeps staff requests at info and moves the simulator's calls to debug, except server errors", async () => {
    const { app, lines } = await appWithLogs();
    await app.inject({ url: '/ok' });
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);

    lines.length = 0;
    const simulator = { 'user-agent': `${SIMULATOR_USER_AGENT}/1` };
    await app.inject({ url: '/ok', headers: simulator });
    await app.inject({ url: '/conflict', headers: simulator });
    expect(lines).toEqual([]);

    await app.inject({ url: '/boom', headers: simulator });
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toContain('boom');
    await app.close();
  });
});
