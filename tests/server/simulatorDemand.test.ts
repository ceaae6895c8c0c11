import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { fast, simulatedPause, untilSimulated } from './support/simulatedTime.js';
import { Simulator } from '../../server/simulator/simulator.js';

/**
 * The demo's demand against the real app (issue 33): the simulated passengers book for the online
 * drivers, so a share of them is busy soon after the start whatever the hour, with the hour's rhythm
 * in the aim. Ten simulated seconds a tick: three simulated minutes are 18 ticks (9 s).
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startApp({
    rateLimits: { loginPerIp: 1000, perEmail: 1000, windowMs: 60_000, global: 0, appsPerIp: 10_000 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

describe('the demo demand', () => {
  it('at 3 a.m., the quietest hour, has at least 10 % of 30 drivers busy three simulated minutes after the start', async () => {
    // No trip under way from the seed: every busy driver is the demand's doing.
    await sql`update trips set cancelled_at = now(),
      status = case when driver_id is null then 'cancelled_by_passenger' else 'cancelled_by_driver' end
      where status in ('requested', 'accepted', 'arrived', 'in_progress')`.execute(t.db);
    const lines: string[] = [];
    const sim = new Simulator({
      url: base,
      drivers: 30,
      passengers: 20,
      // Half a second a tick: the bookings' and offers' real latencies count in how soon drivers are busy.
      ...fast(10, 500),
      sosPerHour: 0,
      log: (line) => lines.push(line),
      reportEveryMs: 2000,
      startAt: Date.parse('2026-11-24T03:00:00+03:00'),
    });
    await sim.start();
    const startedAt = sim.clock;
    const shares: number[] = [];
    try {
      expect(sim.stats.online).toBe(30);
      // Three simulated minutes (longer in real time when the machine is busy and ticks come late).
      await simulatedPause(sim, 3 * 60_000);
      // The server's view, as the dispatcher's map shows it: offered, en route, on a trip.
      for (let i = 0; i < 5; i++) {
        const drivers = await t.app.services.live.store.snapshot();
        const mine = drivers.filter((d) => d.state !== 'lost');
        shares.push(mine.filter((d) => ['offered', 'en_route', 'on_trip'].includes(d.state)).length / mine.length);
        await simulatedPause(sim, 10_000);
      }
    } finally {
      await sim.stop();
    }
    // Sampled within the fourth simulated minute.
    expect(sim.clock - startedAt).toBeLessThan(4 * 60_000);
    for (const share of shares) expect(share).toBeGreaterThanOrEqual(0.1);
    expect(sim.stats.requested).toBeGreaterThan(0);
    // The minute report shows the busy share and the hour's aim (15 % at 3 a.m. for a target of 20 %).
    expect(lines.some((l) => / · busy \d+ \(\d+ %, aim 15 %\) · /.test(l))).toBe(true);
    expect(sim.failures).toEqual([]);
  }, 600_000);

  it('aims higher at the morning rush than at night, and books nothing with a target of 0', async () => {
    const rush = new Simulator({
      url: base,
      drivers: 10,
      passengers: 5,
      ...fast(10),
      sosPerHour: 0,
      log: () => undefined,
      startAt: Date.parse('2026-11-24T08:00:00+03:00'),
    });
    const idle = new Simulator({
      url: base,
      drivers: 10,
      passengers: 5,
      ...fast(10),
      busy: 0,
      sosPerHour: 0,
      shard: { index: 0, count: 1 },
      log: () => undefined,
      startAt: Date.parse('2026-11-24T08:00:00+03:00'),
    });
    await rush.start();
    try {
      await untilSimulated(rush, 10 * 60_000, () => rush.stats.busyAim > 0);
      expect(rush.stats.busyAim).toBeGreaterThan(0.25);
    } finally {
      await rush.stop();
    }
    await idle.start();
    try {
      // 80 simulated seconds (8 ticks) in which a target of 0 books nobody.
      await simulatedPause(idle, 80_000);
      expect(idle.stats.requested).toBe(0);
    } finally {
      await idle.stop();
    }
  }, 600_000);

  it('changes shifts within the first hour: some drivers come on later, some go off early', async () => {
    // Two simulated minutes a tick: the first simulated hour is 30 ticks.
    const sim = new Simulator({
      url: base,
      drivers: 12,
      passengers: 0,
      ...fast(120),
      shiftChange: 0.6,
      sosPerHour: 0,
      log: () => undefined,
    });
    await sim.start();
    const atStart = sim.stats.online;
    const seen = new Set<number>();
    try {
      // 70 simulated minutes: the first hour's shift changes.
      await untilSimulated(sim, 70 * 60_000, () => {
        seen.add(sim.stats.online);
        return sim.stats.shiftsStarted >= 1 && sim.stats.shiftsEnded >= 1;
      });
    } finally {
      await sim.stop();
    }
    // Not every driver online at the start; during the hour some came on and some went off.
    expect(atStart).toBeLessThan(12);
    expect(atStart).toBeGreaterThan(0);
    expect(sim.stats.shiftsStarted).toBeGreaterThanOrEqual(1);
    expect(sim.stats.shiftsEnded).toBeGreaterThanOrEqual(1);
    expect(seen.size).toBeGreaterThan(1);
    expect(sim.failures).toEqual([]);
  }, 600_000);
});
