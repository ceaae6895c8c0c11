import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t.close());

const count = async (table: 'staffs' | 'issues') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('hostile input gets a field error, never a 500', () => {
  it('refuses an operator object in a text field, naming the field, and creates nothing', async () => {
    const before = await count('staffs');
    const res = await t.call('POST', '/api/user/staffs', { token: admin, body: { firstName: { $ne: 1 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Please correct the highlighted fields',
      errors: { firstName: 'First name must be text' },
    });
    expect(await count('staffs')).toBe(before);
  });

  it('refuses a NUL character in a driver’s vehicle make and leaves the driver unchanged', async () => {
    const before = (await t.call('GET', '/api/user/drivers/1', { token: admin })).json();
    const res = await t.call('PUT', '/api/user/drivers/1', { token: admin, body: { vehicleMake: 'Toy\u0000ota' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ vehicleMake: 'Vehicle make cannot contain control characters' });
    expect((await t.call('GET', '/api/user/drivers/1', { token: admin })).json()).toEqual(before);
  });

  it('says which fields have the wrong JSON type on a custom route too', async () => {
    const res = await t.call('POST', '/api/trip/driver-transactions/credit-topup', {
      token: admin,
      body: { driverId: 1, amount: { $gt: 0 }, note: ['top', 'up'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ amount: 'Amount must be a number', note: 'Note must be text' });
  });

  it('keeps line breaks out of one-line fields but allows them in a description', async () => {
    const [trip] = (
      await t.call('GET', '/api/trip/trips', { token: admin, query: listQuery({ filter: { status: 'completed' } }) })
    ).json();
    const issue = {
      tripId: trip.id,
      reporterKind: 'passenger',
      category: 'lost_item',
      description: 'Left a bag.\n\tBlue, on the back seat.',
    };
    const created = await t.call('POST', '/api/trip/issues', { token: admin, body: issue });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().description).toBe(issue.description);

    const before = await count('issues');
    const escape = await t.call('POST', '/api/trip/issues', {
      token: admin,
      body: { ...issue, description: 'Left a bag \u001b[2J' },
    });
    expect(escape.json().errors).toEqual({ description: 'Description cannot contain control characters' });
    const oneLine = await t.call('PUT', `/api/user/staffs/2`, { token: admin, body: { lastName: 'Mwangi\nDrop' } });
    expect(oneLine.statusCode).toBe(400);
    expect(oneLine.json().errors).toEqual({ lastName: 'Last name must be a single line, without tabs' });
    expect(await count('issues')).toBe(before);
  });

  it('refuses control characters in a list filter and in the address', async () => {
    const filtered = await t.call('GET', '/api/user/staffs', {
      token: admin,
      query: listQuery({ filter: { q: 'a\u0000' } }),
    });
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json().message).toBe('Filters cannot contain control characters');
    const path = await t.call('GET', '/api/user/staffs?filter=%00', { token: admin });
    expect(path.statusCode).toBe(400);
    expect(path.json().message).toBe('The address cannot contain control characters');
  });
});
