import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DISPATCHER, browserPerFile, shot, signIn, waitForPath } from './browser';

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

/** The DOM and image APIs that pixel reading uses (no DOM types in this tsconfig). */
interface PixelGlobals {
  atob(data: string): string;
  Blob: new (parts: Uint8Array[], options: { type: string }) => unknown;
  createImageBitmap(blob: unknown): Promise<{ width: number; height: number }>;
  OffscreenCanvas: new (
    width: number,
    height: number,
  ) => {
    getContext(kind: '2d'): {
      drawImage(image: unknown, x: number, y: number): void;
      getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
    };
  };
}

interface Pixels {
  /** Distinct colours (to 4 bits a channel). */
  colours: number;
  /** Share of the commonest colour. */
  dominant: number;
  /** Share of pixels within a few levels of `near`. */
  nearShare: number;
}

/** Reads a screenshot of the element's canvas: how many colours, how flat, how much of one colour. */
async function pixelsOf(page: Page, element: Locator, near: readonly number[] = [0, 0, 0]): Promise<Pixels> {
  const png = (await element.locator('canvas').screenshot()).toString('base64');
  return page.evaluate(
    async ([base64, target]) => {
      const g = globalThis as unknown as PixelGlobals;
      const bytes = Uint8Array.from(g.atob(base64), (c) => c.charCodeAt(0));
      const image = await g.createImageBitmap(new g.Blob([bytes], { type: 'image/png' }));
      const context = new g.OffscreenCanvas(image.width, image.height).getContext('2d');
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const counts = new Map<number, number>();
      let close = 0;
      for (let i = 0; i < data.length; i += 4) {
        const key = ((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4);
        counts.set(key, (counts.get(key) ?? 0) + 1);
        if (Math.abs(data[i] - target[0]) + Math.abs(data[i + 1] - target[1]) + Math.abs(data[i + 2] - target[2]) < 12)
          close++;
      }
      const total = data.length / 4;
      return { colours: counts.size, dominant: Math.max(...counts.values()) / total, nearShare: close / total };
    },
    [png, near] as const,
  );
}

/** Waits until the map draws more than one flat colour. */
async function drawn(page: Page, map: Locator, near?: readonly number[]): Promise<Pixels> {
  let last: Pixels | undefined;
  await expect
    .poll(
      async () => {
        last = await pixelsOf(page, map, near);
        return last.colours > 8 && last.dominant < 0.95;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
  return last as Pixels;
}

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
  it('offline: draws the built-in style on the dispatcher map and a trip route, with no CSP violation', async () => {
    const page = await open();
    const violations = cspViolations(page);
    await openDispatcher(page);

    const live = page.getByTestId('live-map');
    await live.getByRole('region', { name: "Map of drivers' last known positions" }).waitFor();
    await expect.poll(() => live.getAttribute('data-map-state'), { timeout: 15_000 }).toBe('offline');
    await drawn(page, live);
    await page.getByText('Offline map: the service area and main places').waitFor();
    await live.getByText('Sarit Centre').waitFor();
    expect(await page.getByTestId('map-legend').innerText()).toMatch(/online[\s\S]*offline/);
    await shot(page, 'maps-dispatcher-offline');

    // Zoom by keyboard: the button is focusable and Enter zooms (the canvas changes).
    const before = await pixelsOf(page, live);
    const zoomIn = live.getByRole('button', { name: 'Zoom in' });
    await zoomIn.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await pixelsOf(page, live)).dominant, { timeout: 10_000 }).not.toBe(before.dominant);

    await page
      .getByTestId('dispatcher-side')
      .getByRole('button', { name: /^Trip #\d+/ })
      .first()
      .click();
    const route = page.getByTestId('route-map');
    await route.getByRole('region', { name: /^Route of trip #\d+$/ }).waitFor();
    await expect.poll(() => route.getAttribute('data-map-state'), { timeout: 15_000 }).toBe('offline');
    await drawn(page, route);
    await route.getByLabel('Pickup').waitFor();
    await route.getByLabel('Drop-off').waitFor();
    await page.getByRole('link', { name: /^Open trip #\d+$/ }).waitFor();
    await shot(page, 'maps-dispatcher-route-offline');
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

    // The Dispatcher role may not list drivers: its map shows the trips under way.
    const live = page.getByTestId('live-map');
    await live.getByRole('region', { name: 'Map of the pickups of trips under way' }).waitFor();
    await expect.poll(() => live.getAttribute('data-map-state'), { timeout: 15_000 }).toBe('online');
    const pixels = await drawn(page, live, ONLINE_BACKGROUND);
    expect(pixels.nearShare).toBeGreaterThan(0.05);
    expect(styleRequests).toContain(`${STYLE_HOST}/styles/liberty`);
    expect(await page.getByText('Offline map: the service area and main places').count()).toBe(0);
    expect(await page.getByTestId('map-legend').innerText()).toMatch(/requested[\s\S]*in progress/);
    await shot(page, 'maps-dispatcher-online');
    expect(violations).toEqual([]);
  });
});
