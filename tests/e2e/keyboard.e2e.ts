import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, apiData, browserPerFile, listPath, pathOf, quiet, settled, signIn, staffToken } from './browser';
import { menuPaths } from './menuPaths';

/**
 * A keyboard way to every record (issue 27): from each list the side menu leads to, Tab alone
 * reaches a row and Enter opens its record (or, in the audit log, its details), the row holds a
 * real link to that same record, and every stop on the way shows a focus ring. Also: the SOS banner stays below the fixed top bar when the page scrolls.
 */

const { open } = browserPerFile();

interface Stop {
  tag: string;
  text: string;
  row: boolean;
  /** A 2 px ring (outline) or a focused text field's own 2 px border. */
  visible: boolean;
}

/** Presses Tab and describes where the focus landed. */
async function tab(page: Page): Promise<Stop> {
  await page.keyboard.press('Tab');
  return page.evaluate(() => {
    interface Focused {
      tagName: string;
      textContent: string | null;
      getAttribute(name: string): string | null;
      closest(selector: string): unknown;
    }
    const page = globalThis as unknown as {
      document: { activeElement: Focused | null };
      getComputedStyle(element: Focused): { outlineStyle: string; outlineWidth: string };
    };
    const el = page.document.activeElement;
    if (!el) return { tag: 'none', text: '', row: false, visible: false };
    const style = page.getComputedStyle(el);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const field = el.closest('.MuiInputBase-root.Mui-focused') !== null;
    return {
      tag: el.tagName.toLowerCase(),
      text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40),
      row: el.tagName === 'TR' && el.closest('main tbody') !== null,
      visible: ring || field,
    };
  });
}

describe('the keyboard alone', () => {
  it('opens a record from every list with Tab and Enter, with a visible focus at every stop', async () => {
    const page = await open({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    const opened: string[] = [];
    const unseen: string[] = [];
    const recordLinks: string[] = [];
    for (const path of await menuPaths(page)) {
      await page.goto(path);
      // The page loaded: its code, its requests answered and shown.
      await quiet(page);
      const rows = page.locator('main tbody tr.RaDataTable-clickableRow');
      if ((await rows.count()) === 0) continue; // Not a list of records (dashboard, price settings, reports, dispatcher).
      let stop: Stop | undefined;
      for (let i = 0; i < 150 && !stop?.row; i++) {
        stop = await tab(page);
        if (!stop.visible) unseen.push(`${path}: ${stop.tag} "${stop.text}"`);
      }
      expect(stop?.row, `${path}: no row reached with Tab`).toBe(true);
      const links = await page.evaluate(() => {
        const focused = (
          globalThis as unknown as {
            document: {
              activeElement: {
                querySelectorAll(s: string): ArrayLike<{ getAttribute(n: string): string | null }>;
              } | null;
            };
          }
        ).document.activeElement;
        return Array.from(focused?.querySelectorAll('a[href]') ?? []).map((a) => a.getAttribute('href') ?? '');
      });
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => pathOf(page) !== path || (await page.locator('main tr[id$="-expand"]').count()) > 0, {
          timeout: 10_000,
        })
        .toBe(true);
      // A row that opens a page names it with a link (the audit log's rows expand in place).
      if (pathOf(page) !== path)
        recordLinks.push(
          links.includes(pathOf(page)) ? path : `${path}: no link to ${pathOf(page)} in ${links.join(', ')}`,
        );
      opened.push(path);
    }
    expect(opened.length).toBeGreaterThanOrEqual(12);
    expect(unseen).toEqual([]);
    expect(recordLinks.filter((entry) => entry.includes(': no link'))).toEqual([]);
    expect(recordLinks.length).toBeGreaterThanOrEqual(11);
  }, 600_000);

  it('keeps the SOS banner below the top bar when the page scrolls', async () => {
    // An open SOS of its own: the banner does not depend on what the files before this one left.
    const accessToken = await staffToken();
    const [trip] = await apiData<{ id: number }[]>(
      listPath('trip/trips', { filter: { status: 'in_progress' }, range: [0, 0] }),
      accessToken,
    );
    const { data: alarm } = await apiData<{ data: { id: number } }>('trip/sos/report', undefined, {
      tripId: trip.id,
      caller: 'passenger',
      lat: -1.2864,
      lng: 36.8172,
    });
    const page = await open({ width: 1440, height: 700 });
    await signIn(page, ADMIN);
    await page.goto('/trip-management/trips');
    await settled(page);
    const banner = page.getByTestId('sos-banner');
    await banner.waitFor({ timeout: 20_000 });
    await page.mouse.wheel(0, 1500);
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY))
      .toBeGreaterThan(0);
    const top = await page.getByTestId('top-bar').boundingBox();
    const box = await banner.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(top!.y + top!.height - 1);
    // Left new, it would be escalated (a toast and the sound) on the pages of the files after this one.
    await apiData(`trip/sos-call-logs/${alarm.id}/false-alarm`, accessToken, { note: 'Raised by the keyboard test' });
  });
});
