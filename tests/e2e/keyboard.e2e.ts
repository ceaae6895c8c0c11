import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, browserPerFile, pathOf, settled, signIn } from './browser';

/**
 * A keyboard way to every record (issue 27): from each list the side menu leads to, Tab alone
 * reaches a row and Enter opens its record (or, in the audit log, its details), and every stop on
 * the way shows a focus ring. Also: the SOS banner stays below the fixed top bar when the page scrolls.
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

async function listPaths(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await menu.locator('a[href]').first().waitFor();
  const paths = new Set<string>();
  const collect = async () => {
    for (const href of await menu.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      if (href) paths.add(href);
  };
  await collect();
  const groups = menu.locator('[aria-expanded]');
  for (let i = 0; i < (await groups.count()); i++) {
    if ((await groups.nth(i).getAttribute('aria-expanded')) !== 'true') await groups.nth(i).click();
    await page.waitForTimeout(300);
    await collect();
  }
  return [...paths];
}

describe('the keyboard alone', () => {
  it('opens a record from every list with Tab and Enter, with a visible focus at every stop', async () => {
    const page = await open({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    const opened: string[] = [];
    const unseen: string[] = [];
    for (const path of await listPaths(page)) {
      await page.goto(path);
      await settled(page);
      const rows = page.locator('main tbody tr.RaDataTable-clickableRow');
      if ((await rows.count()) === 0)
        await rows
          .first()
          .waitFor({ timeout: 8_000 })
          .catch(() => undefined);
      if ((await rows.count()) === 0) continue; // Not a list of records (dashboard, price settings, reports, dispatcher).
      let stop: Stop | undefined;
      for (let i = 0; i < 150 && !stop?.row; i++) {
        stop = await tab(page);
        if (!stop.visible) unseen.push(`${path}: ${stop.tag} "${stop.text}"`);
      }
      expect(stop?.row, `${path}: no row reached with Tab`).toBe(true);
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => pathOf(page) !== path || (await page.locator('main tr[id$="-expand"]').count()) > 0, {
          timeout: 10_000,
        })
        .toBe(true);
      opened.push(path);
    }
    expect(opened.length).toBeGreaterThanOrEqual(12);
    expect(unseen).toEqual([]);
  }, 600_000);

  it('keeps the SOS banner below the top bar when the page scrolls', async () => {
    const page = await open({ width: 1440, height: 700 });
    await signIn(page, ADMIN);
    await page.goto('/trip-management/trips');
    await settled(page);
    const banner = page.getByTestId('sos-banner');
    await banner.waitFor({ timeout: 20_000 });
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(500);
    const top = await page.getByTestId('top-bar').boundingBox();
    const box = await banner.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(top!.y + top!.height - 1);
  });
});
