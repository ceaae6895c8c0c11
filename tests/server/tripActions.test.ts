import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRole, startApp, type TestApp } from './harness.js';
import { tripFixtures } from './tripFixtures.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

const { act, freeDrivers, bookTrip } = tripFixtures(
  () => t,
  () => admin,
);

const audits = (tripId: number, action: string) =>
  t.db
    .selectFrom('auditLogs')
    .select(['before', 'after', 'staffId'])
    .where('resource', '=', 'trips')
    .where('recordId', '=', String(tripId))
    .where('action', '=', action)
    .execute();

describe('trip actions', () => {
  it('assigns a requested trip, reassigns it, and refuses a busy driver with 409', async () => {
    const trip = await bookTrip();
    const [first, second] = await freeDrivers(trip.vehicleTypeId);
    const assigned = await act(trip.id, 'assign', { driverId: first.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toEqual({
      data: expect.objectContaining({ id: trip.id, status: 'accepted', driverId: first.id }),
      message: `Trip #${trip.id} assigned to ${first.firstName} ${first.lastName}`,
    });
    expect(assigned.json().data.acceptedAt).toBeTruthy();
    expect(await audits(trip.id, 'assign')).toEqual([
      {
        staffId: 1,
        before: expect.objectContaining({ status: 'requested', driverId: null, acceptedAt: null }),
        after: expect.objectContaining({ status: 'accepted', driverId: first.id }),
      },
    ]);
    const moved = await act(trip.id, 'assign', { driverId: second.id });
    expect(moved.json().data).toMatchObject({ status: 'accepted', driverId: second.id });

    const other = await bookTrip();
    const busy = await act(other.id, 'assign', { driverId: second.id });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errors).toEqual({ driverId: `This driver is busy with trip #${trip.id}` });
    const untouched = await t.db.selectFrom('trips').selectAll().where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(untouched).toMatchObject({ status: 'requested', driverId: null });
    expect(await audits(other.id, 'assign')).toHaveLength(0);
    expect((await act(other.id, 'assign', {})).json().errors).toEqual({ driverId: 'Choose a driver' });
  });

  it('cancels with a reason and who cancelled, and refuses to cancel a finished trip', async () => {
    const trip = await bookTrip();
    const [driver] = await freeDrivers(trip.vehicleTypeId);
    await act(trip.id, 'assign', { driverId: driver.id });
    const noReason = await act(trip.id, 'cancel', { by: 'someone' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({
      reason: 'Give the reason for the cancellation',
      by: 'By must be passenger or driver',
    });
    const cancelled = await act(trip.id, 'cancel', { reason: 'Car broke down', by: 'driver' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: 'cancelled_by_driver',
      cancellationReason: 'Car broke down',
      cancelledAt: expect.any(String),
    });
    expect(cancelled.json().message).toBe(`Trip #${trip.id} cancelled by the driver`);
    const again = await act(trip.id, 'cancel', { reason: 'Twice' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ status: 'This trip is cancelled by driver and cannot change' });
    // The driver is free again.
    const next = await bookTrip();
    expect((await act(next.id, 'assign', { driverId: driver.id })).statusCode).toBe(200);
  });

  it('needs update-Trip and a known trip', async () => {
    const support = await loginRole(t, 'Support Agent');
    const res = await act(1, 'cancel', { reason: 'x' }, support);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Missing permission update-Trip');
    expect((await act(99999999, 'cancel', { reason: 'x' })).statusCode).toBe(404);
  });
});

describe("a cash trip's commission in the driver's wallet", () => {
  it('debits the commission: a driver at zero owes it, shown as a negative balance and in the owing filter', async () => {
    const trip = await bookTrip();
    const [driver] = await freeDrivers(trip.vehicleTypeId, 1);
    await t.db.updateTable('drivers').set({ creditBalance: 0 }).where('id', '=', driver.id).execute();
    expect((await act(trip.id, 'assign', { driverId: driver.id })).statusCode).toBe(200);
    const put = (status: string) => t.call('PUT', `/api/trip/trips/${trip.id}`, { token: admin, body: { status } });
    for (const status of ['arrived', 'in_progress']) expect((await put(status)).statusCode).toBe(200);
    const done = await put('completed');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ paymentMethod: 'cash', status: 'completed' });
    const commission = done.json().commission as number;
    expect(commission).toBeGreaterThan(0);

    const ledger = await t.call('GET', '/api/trip/driver-transactions', {
      token: admin,
      query: { filter: JSON.stringify({ driverId: driver.id, tripId: trip.id }), range: '[0,9]' },
    });
    expect(ledger.json()).toEqual([
      expect.objectContaining({ kind: 'commission', amount: -commission, balanceAfter: -commission }),
    ]);
    const row = (await t.call('GET', `/api/user/drivers/${driver.id}`, { token: admin })).json();
    expect(row.creditBalance).toBe(-commission);
    const owing = await t.call('GET', '/api/user/drivers', {
      token: admin,
      query: { filter: JSON.stringify({ negativeBalance: true, id: [driver.id] }), range: '[0,9]' },
    });
    expect(owing.json().map((d: { id: number }) => d.id)).toEqual([driver.id]);
  });
});
