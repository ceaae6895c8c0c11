import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, startApp, type TestApp } from './harness.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startApp();
  token = await t.login();
});
afterAll(() => t?.close());

const list = (resource: string, q: Parameters<typeof listQuery>[0]) =>
  t.call('GET', `/api/user/${resource}`, { token, query: listQuery(q) });

describe('resource engine: simple-rest lists', () => {
  it('answers a page with Content-Range and the total', async () => {
    const res = await list('passengers', { range: [0, 24], sort: ['id', 'ASC'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(25);
    expect(res.headers['content-range']).toBe('passengers 0-24/1000');
    expect(res.json()[0].id).toBe(1);
  });

  it('filters by equality, by a list of values and by id array', async () => {
    const blocked = await list('passengers', { filter: { status: 'blocked' }, range: [0, 99] });
    expect(blocked.json().length).toBeGreaterThan(0);
    expect(blocked.json().every((p: { status: string }) => p.status === 'blocked')).toBe(true);
    const some = await list('drivers', { filter: { approvalStatus: ['pending', 'rejected'] }, range: [0, 199] });
    const states = new Set(some.json().map((d: { approvalStatus: string }) => d.approvalStatus));
    expect([...states].sort()).toEqual(['pending', 'rejected']);
    const ids = await list('passengers', { filter: { id: [3, 5, 7] } });
    expect(
      ids
        .json()
        .map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([3, 5, 7]);
  });

  it('searches q case-insensitively over the declared columns and ids', async () => {
    const res = await list('staffs', { filter: { q: 'ADMIN@EXAMPLE' } });
    expect(res.json().map((s: { email: string }) => s.email)).toEqual(['admin@example.com']);
    const byId = await list('passengers', { filter: { q: '42' }, range: [0, 499] });
    expect(byId.json().some((p: { id: number }) => p.id === 42)).toBe(true);
    const wild = await list('staffs', { filter: { q: '%' } });
    expect(wild.json()).toHaveLength(0);
  });

  it('filters ranges with _gte and _lte', async () => {
    const all = (await list('passengers', { sort: ['rating', 'ASC'], range: [0, 499] })).json();
    const mid = all[250].rating;
    const res = await list('passengers', { filter: { rating_gte: mid, rating_lte: 5 }, range: [0, 499] });
    expect(res.json().every((p: { rating: number }) => p.rating >= mid)).toBe(true);
  });

  it('sorts by an allowed column both ways', async () => {
    const asc = (await list('staffs', { sort: ['lastName', 'ASC'], range: [0, 24] }))
      .json()
      .map((s: { lastName: string }) => s.lastName);
    const desc = (await list('staffs', { sort: ['lastName', 'DESC'], range: [0, 24] }))
      .json()
      .map((s: { lastName: string }) => s.lastName);
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    expect(desc[0]).toBe(asc[asc.length - 1]);
  });

  it.each([
    [{ sort: ['password_hash', 'ASC'] }, 'Cannot sort by "password_hash"'],
    [{ filter: { passwordHash: 'x' } }, 'Unknown filter "passwordHash"'],
    [{ filter: { status: { $ne: 'x' } } }, 'Filter "status" must be a plain value, not an object'],
    [{ filter: { id: 'abc' } }, 'Filter "id" must be a whole number'],
    [{ filter: { status: "active'; drop table staffs; --" } }, 'Filter "status" must be one of: active, inactive'],
    [{ range: [0, 500] }, 'Query parameter "range" may cover at most 500 rows'],
    [{ range: [5, 1] }, 'Query parameter "range" must look like [0,24] with 0 <= start <= end'],
  ])('refuses %j with a 400', async (q, message) => {
    const res = await list('staffs', q as Parameters<typeof listQuery>[0]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses malformed JSON parameters with a 400', async () => {
    for (const param of ['sort', 'range', 'filter']) {
      const res = await t.call('GET', '/api/user/staffs', { token, query: { [param]: '{not json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`Query parameter "${param}" is not valid JSON`);
    }
  });

  it('treats SQL in a value as plain text', async () => {
    const res = await list('staffs', { filter: { q: "x' or '1'='1" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(0);
    const still = await list('staffs', { range: [0, 0] });
    expect(still.headers['content-range']).toBe('staffs 0-0/25');
  });
});

describe('resource engine: reads and writes', () => {
  it('answers 404 for a missing id and never shows password material', async () => {
    expect((await t.call('GET', '/api/user/staffs/99999', { token })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/user/staffs/abc', { token })).statusCode).toBe(404);
    const one = await t.call('GET', '/api/user/staffs/1', { token });
    expect(one.json().email).toBe('admin@example.com');
    expect(JSON.stringify(one.json())).not.toMatch(/password|scrypt/i);
  });

  it('validates writes with a message per field and leaves the data unchanged', async () => {
    const before = (await list('passengers', { range: [0, 0] })).headers['content-range'];
    const res = await t.call('POST', '/api/user/passengers', {
      token,
      body: { firstName: '', phone: 'not a phone', sex: 'vip' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      firstName: expect.any(String),
      lastName: 'Last name is required',
      phone: 'Enter a phone number, such as 0712 345 678 or +254 712 345 678',
      sex: 'Sex must be one of: male, female, other',
    });
    expect((await list('passengers', { range: [0, 0] })).headers['content-range']).toBe(before);
  });

  it('creates, updates and deletes, answering 400 with the field for a duplicate phone', async () => {
    const created = await t.call('POST', '/api/user/passengers', {
      token,
      body: { firstName: 'Wanjiru', lastName: 'Kamau', phone: '+254700000001', email: 'wanjiru@example.com' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ firstName: 'Wanjiru', status: 'active' });
    const dup = await t.call('POST', '/api/user/passengers', {
      token,
      body: { firstName: 'A', lastName: 'B', phone: '+254700000001' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ phone: 'Another passenger has this phone number' });
    const updated = await t.call('PUT', `/api/user/passengers/${id}`, {
      token,
      body: { id, lastName: 'Njeri', createdAt: 'ignored' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id, lastName: 'Njeri', firstName: 'Wanjiru' });
    const removed = await t.call('DELETE', `/api/user/passengers/${id}`, { token });
    expect(removed.statusCode).toBe(200);
    expect((await t.call('GET', `/api/user/passengers/${id}`, { token })).statusCode).toBe(404);
  });

  it('records every write in the audit log with before and after', async () => {
    const created = await t.call('POST', '/api/user/passengers', {
      token,
      body: { firstName: 'Audit', lastName: 'Me', phone: '+254700000777' },
    });
    const id = created.json().id;
    await t.call('PUT', `/api/user/passengers/${id}`, { token, body: { lastName: 'Changed' } });
    const logs = await t.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('resource', '=', 'passengers')
      .where('recordId', '=', String(id))
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['create', 'update']);
    expect(logs[0].staffId).toBe(1);
    expect(logs[1].before).toEqual({ lastName: 'Me', fullName: 'Audit Me' });
    expect(logs[1].after).toEqual({ lastName: 'Changed', fullName: 'Audit Changed' });
  });

  it('answers 403 naming the permission for a role without it, on reads and writes', async () => {
    const dispatcher = await t.login('dispatcher@example.com', 'Dispatch@1234');
    const read = await t.call('GET', '/api/user/staffs', { token: dispatcher });
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe('Missing permission view-Staff');
    const write = await t.call('PUT', '/api/user/passengers/1', {
      token: dispatcher,
      body: { firstName: 'A', lastName: 'B', phone: '+254700000002' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('Missing permission update-Passenger');
    expect(
      (await t.call('GET', '/api/user/passengers', { token: dispatcher, query: listQuery({ range: [0, 0] }) }))
        .statusCode,
    ).toBe(200);
  });
});
