import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIP_STATUSES } from '../../src/domain/enums.js';
import { startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

const tripsByStatus = (query: Record<string, string>, token = admin) =>
  t.call('GET', '/api/trip/dashboard/trips-by-status', { token, query });

/** A plain count of trips requested between two instants, by status. */
async function countByStatus(from: string, to: string, extra = sql`true`) {
  const { rows } = await sql<{ status: string; n: number }>`select status, count(*)::int as n from trips
    where requested_at >= ${from} and requested_at < ${to} and ${extra} group by status`.execute(t.db);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

describe('GET /api/trip/dashboard/trips-by-status', () => {
  it('counts each day from local midnight to local midnight, agreeing with a plain count', async () => {
    const res = await tripsByStatus({ preset: 'last7days' });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ groupBy: 'day', timeZone: 'Africa/Nairobi' });
    expect(data.buckets).toHaveLength(7);
    const first = data.buckets[0];
    // Nairobi is UTC+3: its day D runs from 21:00 UTC on D-1.
    const start = new Date(`${first.bucket}T00:00:00+03:00`).toISOString();
    const end = new Date(new Date(start).getTime() + 86400_000).toISOString();
    const expected = await countByStatus(start, end);
    for (const status of TRIP_STATUSES) expect(first.counts[status], status).toBe(expected[status] ?? 0);
    expect(first.total).toBeGreaterThan(0);
  });

  it('sums weeks and months to the trips of the whole period, filters applied', async () => {
    const from = '2026-01-01';
    const latest = await t.db
      .selectFrom('trips')
      .select(sql<Date>`max(requested_at)`.as('at'))
      .executeTakeFirstOrThrow();
    const to = new Date(latest.at.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
    const start = new Date(`${from}T00:00:00+03:00`).toISOString();
    const end = new Date(new Date(`${to}T00:00:00+03:00`).getTime() + 86400_000).toISOString();
    for (const groupBy of ['week', 'month']) {
      const { data } = (await tripsByStatus({ from, to, groupBy, paymentMethod: 'cash' })).json();
      expect(data.buckets[0].bucket <= from).toBe(true);
      const summed: Record<string, number> = {};
      for (const b of data.buckets)
        for (const [status, n] of Object.entries(b.counts as Record<string, number>))
          summed[status] = (summed[status] ?? 0) + n;
      const expected = await countByStatus(start, end, sql`payment_method = 'cash'`);
      for (const status of TRIP_STATUSES) expect(summed[status], `${groupBy} ${status}`).toBe(expected[status] ?? 0);
    }
    const months = (await tripsByStatus({ from: '2026-01-15', to: '2026-03-02', groupBy: 'month' })).json().data;
    expect(months.buckets.map((b: { bucket: string }) => b.bucket)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });

  it('answers 400 with a message for a bad period, grouping or filter', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-03-10', to: '2026-03-01' }, '"to" cannot be before "from"'],
      [{ from: '2024-01-01', to: '2026-01-01' }, 'The period may cover at most 400 days'],
      [{ from: '01/03/2026', to: '2026-03-10' }, '"from" must be a date like 2026-03-31'],
      [{ preset: 'today', groupBy: 'hour' }, '"groupBy" must be one of: day, week, month'],
      [{ preset: 'forever' }, '"preset" must be one of: today, yesterday, last7days, last30days, thisMonth'],
      [{ paymentMethod: 'gold' }, '"paymentMethod" must be one of: cash, card, wallet'],
      [{ vehicleTypeId: 'x' }, '"vehicleTypeId" must be a whole number'],
    ];
    for (const [query, message] of cases) {
      const res = await tripsByStatus(query);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.call('GET', '/api/trip/dashboard/trips-by-status')).statusCode).toBe(401);
  });
});
