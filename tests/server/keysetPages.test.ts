import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, startApp, type TestApp } from './harness.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startApp();
  token = await t.login();
});
afterAll(() => t?.close());

type Trip = { id: number; requestedAt: string; passengerName: string | null; driverName: string | null };
const page = async (range: [number, number], extra: Record<string, string> = {}, filter?: object) => {
  const res = await t.call('GET', '/api/trip/trips', {
    token,
    query: { ...listQuery({ sort: ['requestedAt', 'DESC'], range, filter }), ...extra },
  });
  return res;
};
const cursor = (trip: Trip) => JSON.stringify([trip.requestedAt, trip.id]);

describe('keyset pages (after / before)', () => {
  it('answers the next and the previous page as the offset does, with the same Content-Range', async () => {
    const first = await page([0, 24]);
    const second = await page([25, 49]);
    const third = await page([50, 74]);
    const rows = (r: typeof first) => r.json() as Trip[];
    const next = await page([25, 49], { after: cursor(rows(first).at(-1)!) });
    expect(next.statusCode).toBe(200);
    expect(rows(next)).toEqual(rows(second));
    expect(next.headers['content-range']).toBe(second.headers['content-range']);
    const previous = await page([25, 49], { before: cursor(rows(third)[0]) });
    expect(rows(previous)).toEqual(rows(second));
    expect(previous.headers['content-range']).toBe(second.headers['content-range']);
  });

  it('keeps the filter, and ties on the sort value are ordered by id', async () => {
    const filter = { status: 'completed' };
    const offsetPage = (await page([10, 19], {}, filter)).json() as Trip[];
    const before = (await page([0, 9], {}, filter)).json() as Trip[];
    const keyset = (await page([10, 19], { after: cursor(before.at(-1)!) }, filter)).json() as Trip[];
    expect(keyset).toEqual(offsetPage);
  });

  it('refuses a malformed cursor with a clear message', async () => {
    const res = await page([25, 49], { after: '["yesterday"]' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Query parameter "after" must be JSON [sortValue, id]');
    const bad = await page([25, 49], { after: '["not a date", 5]' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Query parameter "after" has no valid date');
  });
});

describe('one trip by id', () => {
  it('answers the same record, names included, as the list does', async () => {
    const [listed] = (await page([0, 0], {}, { status: 'completed' })).json() as Trip[];
    const res = await t.call('GET', `/api/trip/trips/${listed.id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(listed);
    expect(listed.passengerName).toMatch(/\S+ \S+/);
    expect(listed.driverName).toMatch(/\S+ \S+/);
  });
});
