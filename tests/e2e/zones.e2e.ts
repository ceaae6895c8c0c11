import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  DISPATCHER,
  api,
  apiData,
  browserPerFile,
  listPath,
  shot,
  signIn,
  waitForPath,
  staffToken,
} from './browser';

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
    admin = await staffToken();
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
    await page.locator('[data-testid="zone-editor"][data-drawing="ready"]').waitFor();
    // terra-draw's polygon mode: the points in order, then the first again to close the outline.
    for (const [dx, dy] of [
      [-50, -50],
      [50, -50],
      [50, 50],
      [-50, 50],
      [-50, -50],
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
  });
  it('edits a saved outline on the map: drags a point, adds one on an edge, deletes one', async () => {
    // A plain zone (not a service area, so bookings elsewhere are not refused) around the CBD.
    const d = 0.01;
    const centre = { lat: -1.2864, lng: 36.8219 };
    const corners = [
      [centre.lng - d, centre.lat - d],
      [centre.lng + d, centre.lat - d],
      [centre.lng + d, centre.lat + d],
      [centre.lng - d, centre.lat + d],
    ];
    const created = await apiData<{ id: number }>('trip/zones', admin, {
      name: 'CBD outline to edit',
      polygon: { type: 'Polygon', coordinates: [corners] },
    });
    try {
      const page: Page = await open({ width: 1440, height: 900 });
      await signIn(page, ADMIN);
      await page.goto(`/zones/${created.id}`);
      await page.locator('[data-testid="zone-editor"][data-drawing="ready"]').waitFor();
      await expect.poll(() => page.getByTestId('zone-points').innerText()).toBe('4 points');
      const canvas = page.getByTestId('zone-map').locator('canvas');
      await canvas.scrollIntoViewIfNeeded();
      const box = (await canvas.boundingBox())!;
      // The map fits the outline with 24 px of padding: a square in degrees (Mercator is square this
      // near the equator), centred, as large as the shorter side allows.
      const half = (Math.min(box.width, box.height) - 48) / 2;
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      const ne = { x: cx + half, y: cy - half };
      await page.mouse.move(ne.x, ne.y);
      await page.mouse.down();
      for (let step = 1; step <= 8; step++) await page.mouse.move(ne.x + step * 5, ne.y - step * 2);
      await page.mouse.up();
      // The middle of the southern edge gets a point; the north-western corner is deleted.
      await page.mouse.click(cx, cy + half);
      await expect.poll(() => page.getByTestId('zone-points').innerText()).toBe('5 points');
      await page.mouse.click(cx - half, cy - half, { button: 'right' });
      await expect.poll(() => page.getByTestId('zone-points').innerText()).toBe('4 points');
      await shot(page, 'zones-outline-edited');
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForPath(page, '/zones');
      const saved = await apiData<{ polygon: { coordinates: number[][][] } }>(`trip/zones/${created.id}`, admin);
      const ring = saved.polygon.coordinates[0].slice(0, -1);
      expect(ring).toHaveLength(4);
      // South-west and south-east stay; the middle of the southern edge is new; north-west is gone.
      expect(ring).toContainEqual(corners[0]);
      expect(ring).toContainEqual(corners[1]);
      expect(ring).not.toContainEqual(corners[3]);
      const added = ring.find(
        ([lng, lat]) => Math.abs(lng - centre.lng) < 1e-3 && Math.abs(lat - (centre.lat - d)) < 1e-5,
      );
      expect(added).toBeDefined();
      // The dragged north-east corner moved east and north.
      const moved = ring.find(([lng, lat]) => lng > centre.lng + d && lat > centre.lat + d);
      expect(moved).toBeDefined();
    } finally {
      await api(`/api/trip/zones/${created.id}`, { method: 'DELETE', token: admin });
    }
  });

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
  });
});
