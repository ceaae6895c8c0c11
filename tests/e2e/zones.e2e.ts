import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DISPATCHER, api, apiData, browserPerFile, listPath, shot, signIn, waitForPath } from './browser';

/**
 * Service zones (issue 32) in Chromium: an admin draws a service area on the map (a small square in
 * the middle of the city), then a dispatcher's booking from Yaya Centre, outside it, is refused with
 * the reason under the pickup. The zone is deleted afterwards so that the other files book freely.
 */

const { open } = browserPerFile();

describe('service zones', () => {
  let admin: string;
  let zoneId: number | undefined;

  beforeAll(async () => {
    admin = (await apiData<{ data: { accessToken: string } }>('user/auth/login', undefined, ADMIN)).data.accessToken;
  });
  afterAll(async () => {
    if (zoneId !== undefined) await api(`/api/trip/zones/${zoneId}`, { method: 'DELETE', token: admin });
  });

  it('draws a service area on the map; a booking outside it is refused', async () => {
    const page: Page = await open({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    await page.goto('/zones/create');
    await waitForPath(page, '/zones/create');
    await page.getByLabel('Name').fill('Central business district');
    await page.getByLabel('Kind').click();
    await page.getByRole('option', { name: 'Service area' }).click();
    const map = page.getByTestId('zone-map');
    await map.locator('canvas').waitFor();
    await page.waitForTimeout(1500);
    const box = (await map.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    for (const [dx, dy] of [
      [-50, -50],
      [50, -50],
      [50, 50],
      [-50, 50],
    ])
      await page.mouse.click(cx + dx, cy + dy);
    await expect.poll(() => page.getByTestId('zone-points').innerText()).toBe('4 points');
    await shot(page, 'zones-editor');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/zones');
    await page.getByText('Central business district').waitFor();
    const zones = await apiData<{ id: number; kind: string; polygon: { coordinates: number[][][] } }[]>(
      'trip/zones',
      admin,
    );
    const zone = zones.find((z) => z.kind === 'service_area')!;
    zoneId = zone.id;
    expect(zone.polygon.coordinates[0]).toHaveLength(5);

    const dispatcher = await open({ width: 1440, height: 900 });
    await signIn(dispatcher, DISPATCHER);
    await dispatcher.goto('/dispatcher');
    await waitForPath(dispatcher, '/dispatcher');
    await dispatcher.getByTestId('booking-pickup').fill('yaya');
    await dispatcher.getByRole('option', { name: 'Yaya Centre, Kilimani' }).click();
    await dispatcher.getByTestId('booking-dropoff').fill('sarit');
    await dispatcher.getByRole('option', { name: 'Sarit Centre, Westlands' }).click();
    await dispatcher.getByText('The pickup is outside the service area').first().waitFor();
    expect(await dispatcher.getByTestId('booking-submit').isDisabled()).toBe(true);
    await shot(dispatcher, 'zones-booking-refused');
    // The API refuses the booking too, and stores nothing.
    const passenger = (
      await apiData<{ id: number }[]>(
        listPath('user/passengers', { range: [0, 0], filter: { status: 'active' } }),
        admin,
      )
    )[0];
    const refused = await api('/api/trip/trips', {
      method: 'POST',
      token: admin,
      body: {
        passengerId: passenger.id,
        vehicleTypeId: 1,
        pickupAddress: 'Yaya Centre, Kilimani',
        pickupLat: -1.2926,
        pickupLng: 36.7878,
        dropoffAddress: 'Sarit Centre, Westlands',
        dropoffLat: -1.2612,
        dropoffLng: 36.8026,
      },
    });
    expect(refused.status).toBe(400);
  }, 120_000);
  it('declares a fixed fare between two zones in the panel; the fare preview and the calculator show it', async () => {
    const square = (p: { lat: number; lng: number }, d = 0.006) => ({
      type: 'Polygon',
      coordinates: [
        [
          [p.lng - d, p.lat - d],
          [p.lng + d, p.lat - d],
          [p.lng + d, p.lat + d],
          [p.lng - d, p.lat + d],
        ],
      ],
    });
    const zone = (name: string, at: { lat: number; lng: number }) =>
      apiData<{ id: number }>('trip/zones', admin, { name, polygon: square(at) });
    // The service area of the test before would refuse this trip.
    if (zoneId !== undefined) await api(`/api/trip/zones/${zoneId}`, { method: 'DELETE', token: admin });
    zoneId = undefined;
    const yaya = await zone('Yaya shuttle stop', { lat: -1.2926, lng: 36.7878 });
    const sarit = await zone('Sarit terminal', { lat: -1.2612, lng: 36.8026 });
    try {
      const page: Page = await open({ width: 1440, height: 900 });
      await signIn(page, ADMIN);
      await page.goto('/zones');
      await page.getByRole('link', { name: 'Fixed fares' }).click();
      await waitForPath(page, '/zone-fares');
      await page.getByRole('link', { name: 'Create' }).click();
      await waitForPath(page, '/zone-fares/create');
      for (const [label, name] of [
        ['From zone', 'Yaya shuttle stop'],
        ['To zone', 'Sarit terminal'],
      ]) {
        const input = page.getByRole('combobox', { name: label });
        await input.click();
        await input.fill(name.split(' ')[0]);
        await page.getByRole('option', { name }).click();
      }
      await page.getByLabel('Fixed fare').fill('1500');
      await shot(page, 'zone-fares-create');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Yaya shuttle stop').first().waitFor();
      await shot(page, 'zone-fares-saved');
      // The create rules' defaults were the form's: both directions, active.
      const [saved] = await apiData<{ amount: number; bothWays: boolean; active: boolean; vehicleTypeId: null }[]>(
        'trip/zone-fares',
        admin,
      );
      expect(saved).toMatchObject({ amount: 1500, bothWays: true, active: true, vehicleTypeId: null });

      const dispatcher = await open({ width: 1440, height: 900 });
      await signIn(dispatcher, DISPATCHER);
      await dispatcher.goto('/dispatcher');
      await waitForPath(dispatcher, '/dispatcher');
      await dispatcher.getByTestId('booking-pickup').fill('yaya');
      await dispatcher.getByRole('option', { name: 'Yaya Centre, Kilimani' }).click();
      await dispatcher.getByTestId('booking-dropoff').fill('sarit');
      await dispatcher.getByRole('option', { name: 'Sarit Centre, Westlands' }).click();
      const line = dispatcher.getByText('Fixed fare Yaya shuttle stop → Sarit terminal').first();
      await line.waitFor();
      await shot(dispatcher, 'zone-fares-booking');

      await page.goto('/price-setting');
      await page.getByRole('combobox', { name: 'Zone' }).click();
      await page.getByRole('option', { name: /^Fixed fare Yaya shuttle stop → Sarit terminal/ }).click();
      await expect
        .poll(() => page.getByTestId('calc-zone-line').innerText())
        .toContain('Fixed fare Yaya shuttle stop → Sarit terminal');
      await page.getByTestId('fare-calculator').scrollIntoViewIfNeeded();
      await shot(page, 'zone-fares-calculator');
    } finally {
      const fares = await apiData<{ id: number }[]>('trip/zone-fares', admin);
      for (const f of fares) await api(`/api/trip/zone-fares/${f.id}`, { method: 'DELETE', token: admin });
      for (const z of [yaya, sarit]) await api(`/api/trip/zones/${z.id}`, { method: 'DELETE', token: admin });
    }
  }, 120_000);
});
