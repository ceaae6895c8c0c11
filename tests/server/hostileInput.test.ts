import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, startApp, type TestApp } from './harness.js';
import { columnBoundsProblems } from '../../server/rest/columnBounds.js';

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

  it('refuses a number its column cannot hold, or one that is not finite, and leaves the record unchanged (issue 43)', async () => {
    // numeric(12,2): fewer than 10 digits before the point.
    expect(await columnBoundsProblems(t.db, 'vehicleTypes', { baseFare: 1e308, seats: 2, name: 'x' })).toEqual({
      baseFare: 'Base fare must be between -9999999999.99 and 9999999999.99',
    });
    const type = await t.db.selectFrom('vehicleTypes').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const put = (raw: string) =>
      t.call('PUT', `/api/trip/vehicle-types/${type.id}`, {
        token: admin,
        body: raw,
        headers: { 'content-type': 'application/json' },
      });
    // A file id has no declared bound: the integer column's is the engine's.
    const huge = await put('{"icon": 3000000000}');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toEqual({ icon: 'Icon must be between -2147483648 and 2147483647' });
    const infinite = await put('{"baseFare": 1e309, "pricePerKm": 1e400}');
    expect(infinite.statusCode).toBe(400);
    expect(infinite.json().errors).toEqual({
      baseFare: 'Base fare must be a number',
      pricePerKm: 'Price per km must be a number',
    });
    expect(
      await t.db.selectFrom('vehicleTypes').selectAll().where('id', '=', type.id).executeTakeFirstOrThrow(),
    ).toEqual(type);
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
