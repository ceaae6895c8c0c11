import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DISPATCHER, browserPerFile, shot, signIn, waitForPath } from './browser';
import { drawn, pixelsOf } from './pixels';

/**
 * The maps in Chromium's software WebGL: offline (this machine's real state: the public style
 * cannot load, so the built-in style takes over) and "online" (the public style's URL answered by
 * a tiny style from the test), on the dispatcher screen.
 */

const { open } = browserPerFile();

const STYLE_HOST = 'https://tiles.openfreemap.org';
const ONLINE_BACKGROUND = [212, 236, 217] as const;
const ONLINE_STYLE = {
  version: 8,
  name: 'Test online style',
  sources: {
    lake: {
      type: 'geojson',
      data: {
        type: 'Polygon',
        coordinates: [
          [
            [36.75, -1.33],
            [36.85, -1.33],
            [36.85, -1.25],
            [36.75, -1.25],
            [36.75, -1.33],
          ],
        ],
      },
    },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': `rgb(${ONLINE_BACKGROUND.join(',')})` } },
    { id: 'lake', type: 'fill', source: 'lake', paint: { 'fill-color': '#9cc3f0' } },
  ],
};

/** Collects the page's Content-Security-Policy violations. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function openDispatcher(page: Page, account?: typeof DISPATCHER) {
  await signIn(page, account);
  await page.goto('/dispatcher');
  await waitForPath(page, '/dispatcher');
}

describe('maps', () => {
  it('offline: draws the built-in style on the dispatcher map, with no CSP violation', async () => {
    const page = await open();
    const violations = cspViolations(page);
    await openDispatcher(page);

    const live = page.getByTestId('live-map');
    await live.getByRole('region', { name: 'Live map of online drivers' }).waitFor();
    await expect.poll(() => live.getAttribute('data-map-state'), { timeout: 15_000 }).toBe('offline');
    await drawn(page, live);
    await page.getByText('Offline map: the service area and main places').waitFor();
    await live.getByText('Sarit Centre').waitFor();
    expect(await page.getByTestId('map-legend').innerText()).toMatch(/Available[\s\S]*On a trip[\s\S]*Lost/);
    // Each state has its own shape beside its name, as on the map (not colour alone).
    const shapes = await page
      .getByTestId('map-legend')
      .locator('svg[data-shape]')
      .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('data-shape')));
    expect(shapes).toHaveLength(5);
    expect(new Set(shapes).size).toBe(5);
    await shot(page, 'maps-dispatcher-offline');

    // Zoom by keyboard: the button is focusable and Enter zooms (the canvas changes).
    const before = await pixelsOf(page, live);
    const zoomIn = live.getByRole('button', { name: 'Zoom in' });
    await zoomIn.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await pixelsOf(page, live)).dominant, { timeout: 10_000 }).not.toBe(before.dominant);

    // A trip on the board opens its card, which links to the trip's page (whose route map
    // trips.e2e.ts checks).
    await page.getByTestId('trips-board').getByRole('button').first().click();
    await page
      .getByTestId('trip-card')
      .getByRole('link', { name: /^Open trip #\d+$/ })
      .click();
    await page.waitForURL((url) => /^\/trip-management\/trips\/\d+$/.test(url.pathname));
    expect(violations).toEqual([]);
  });

  it('online: draws the configured style when it loads, within the CSP', async () => {
    const page = await open();
    const violations = cspViolations(page);
    const styleRequests: string[] = [];
    await page.route(`${STYLE_HOST}/**`, (request) => {
      styleRequests.push(request.request().url());
      return request.fulfill({
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify(ONLINE_STYLE),
      });
    });
    await openDispatcher(page, DISPATCHER);

    const live = page.getByTestId('live-map');
    await live.getByRole('region', { name: 'Live map of online drivers' }).waitFor();
    await expect.poll(() => live.getAttribute('data-map-state'), { timeout: 15_000 }).toBe('online');
    const pixels = await drawn(page, live, ONLINE_BACKGROUND);
    expect(pixels.nearShare).toBeGreaterThan(0.05);
    expect(styleRequests).toContain(`${STYLE_HOST}/styles/liberty`);
    expect(await page.getByText('Offline map: the service area and main places').count()).toBe(0);
    expect(await page.getByTestId('map-legend').innerText()).toMatch(/Available[\s\S]*En route to pickup/);
    await shot(page, 'maps-dispatcher-online');
    expect(violations).toEqual([]);
  });
});
