import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { approvedDrivers } from './appsHelpers.js';
import { driverCardsOf } from '../../server/trip/queries/driverCards.js';

/** The nearest-drivers route reads names, plates and ratings from an in-memory cache kept up to date. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

const PICKUP = { lat: -1.2841, lng: 36.8233 };

describe('driver cards for the nearest-drivers list', () => {
  it('answers from memory once a driver is known, shows an edit at once and drops a driver no longer approved', async () => {
    const [d] = await approvedDrivers(t, 1);
    await t.app.services.live.online(d.id, d.vehicleTypeId!);
    expect(await t.app.services.live.store.ingest(d.id, { lat: PICKUP.lat + 0.002, lng: PICKUP.lng })).toBe('ok');
    const nearest = async () => {
      const res = await t.call('GET', '/api/trip/dispatcher/nearest-drivers', {
        token: admin,
        query: { lat: String(PICKUP.lat), lng: String(PICKUP.lng), vehicleTypeId: String(d.vehicleTypeId) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number; name: string; vehiclePlate: string }[]).find((x) => x.id === d.id);
    };
    const cards = driverCardsOf(t.app.services);
    const first = await nearest();
    expect(first).toMatchObject({ id: d.id, distanceKm: expect.closeTo(0.22, 1) });
    const misses = cards.reads.misses;
    // Again: no database read for the card.
    expect(await nearest()).toEqual(first);
    expect(cards.reads.misses).toBe(misses);

    // A staff edit through the drivers resource is shown on the next call.
    const edit = await t.call('PUT', `/api/user/drivers/${d.id}`, {
      token: admin,
      body: { firstName: 'Renamed', vehiclePlate: 'KDA 001Z' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await nearest()).toMatchObject({ name: expect.stringMatching(/^Renamed /), vehiclePlate: 'KDA 001Z' });

    // A write outside the engine is picked up by the background refresh.
    await t.db.updateTable('drivers').set({ rating: 2.5 }).where('id', '=', d.id).execute();
    await cards.refresh();
    expect(await nearest()).toMatchObject({ rating: 2.5 });

    // A driver no longer approved drops out of the list.
    await t.db.updateTable('drivers').set({ approvalStatus: 'rejected' }).where('id', '=', d.id).execute();
    cards.forget(d.id);
    expect(await nearest()).toBeUndefined();
    await t.app.services.live.offline(d.id);
  });
});
