import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

describe('database constraint errors answer 400 or 409 naming the field (issue 25)', () => {
  it.each([
    ['drivers', null],
    ['drivers', ''],
    ['passengers', null],
    ['passengers', ''],
  ])('PUT %s/1 {"phone": %j} is a 400 on phone, and the record keeps its phone', async (resource, phone) => {
    const before = await t.db
      .selectFrom(resource as 'drivers')
      .select('phone')
      .where('id', '=', 1)
      .executeTakeFirst();
    const res = await t.call('PUT', `/api/user/${resource}/1`, { token: admin, body: { phone } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('phone');
    const after = await t.db
      .selectFrom(resource as 'drivers')
      .select('phone')
      .where('id', '=', 1)
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it('a not-null violation met inside any route names the column', async () => {
    const { fromDatabaseError } = await import('../../server/errors.js');
    const e = await t.db
      .insertInto('sosContacts')
      .values({ name: null as unknown as string, phone: '+254700000000' })
      .execute()
      .catch((err: unknown) => err);
    const api = fromDatabaseError(e as never);
    expect(api?.statusCode).toBe(400);
    expect(api?.errors).toEqual({ name: 'name is required' });
  });

  it('a check violation names the column it guards', async () => {
    const { fromDatabaseError } = await import('../../server/errors.js');
    const e = await t.db
      .updateTable('staffs')
      .set({ status: 'nonsense' })
      .where('id', '=', 1)
      .execute()
      .catch((err: unknown) => err);
    const api = fromDatabaseError(e as never);
    expect(api?.statusCode).toBe(400);
    expect(api?.errors).toEqual({ status: 'This status is not allowed' });
  });
});
