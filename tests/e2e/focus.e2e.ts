import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { ADMIN, api, browserPerFile, pathOf, quiet, shot, staffToken } from './browser';

/**
 * Focus and structure (issue 45), from the keyboard alone, in English and Swahili: signing in,
 * the skip link as the first Tab stop, a record opened from its row with focus on the record's
 * heading (ringed, and named in a live region), and the revenue report's wide table reachable.
 */

const { open } = browserPerFile();

/** The admin's saved language back to English: the files after this one on its server start from it. */
const setSavedLocale = async (locale: string) =>
  api('/api/user/auth/locale', { method: 'PUT', body: { locale }, token: await staffToken() });
afterAll(() => setSavedLocale('en'));

const isFocused = (locator: Locator) => locator.evaluate((el) => el === el.ownerDocument.activeElement);

interface Focused {
  text: string;
  heading: boolean;
  row: boolean;
  ring: boolean;
}

/** What has focus: its text, whether it is a level-1 heading or a list's row, and whether it shows a ring. */
const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const g = globalThis as unknown as {
      document: { activeElement: Element | null };
      getComputedStyle(el: Element): { outlineStyle: string; outlineWidth: string };
    };
    const el = g.document.activeElement;
    if (!el) return { text: '', heading: false, row: false, ring: false };
    const style = g.getComputedStyle(el);
    return {
      text: (el.textContent ?? '').trim(),
      heading: el.tagName === 'H1' || (el.getAttribute('role') === 'heading' && el.getAttribute('aria-level') === '1'),
      row: el.tagName === 'TR' && el.closest('main tbody') !== null,
      ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
    };
  });

/** Signs in with the keyboard: the email field has focus on arrival, Tab to the password, Enter. */
async function signInWithKeyboard(page: Page): Promise<void> {
  await page.goto('/login');
  const email = page.locator('input[name="email"]');
  await expect.poll(() => isFocused(email)).toBe(true);
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  expect(await isFocused(page.locator('input[name="password"]'))).toBe(true);
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('top-bar').waitFor({ timeout: 15_000 });
}

const LANGUAGES = [
  { locale: 'en', skip: 'Skip to content', opened: 'Page opened: ' },
  { locale: 'sw', skip: 'Ruka hadi kwenye maudhui', opened: 'Ukurasa umefunguliwa: ' },
];

describe('focus from the keyboard', () => {
  it.each(LANGUAGES)(
    'in $locale: skips to the content, opens a record from its row and lands on its heading',
    async ({ locale, skip, opened }) => {
      await setSavedLocale(locale);
      const page = await open({ width: 1440, height: 900 });
      await signInWithKeyboard(page);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);

      const list = '/vehicle-management/vehicles';
      await page.goto(list);
      await quiet(page);
      // The first Tab stop is the skip link, on screen once focused.
      await page.keyboard.press('Tab');
      const link = page.getByTestId('skip-link');
      expect(await isFocused(link)).toBe(true);
      expect((await link.textContent())?.trim()).toBe(skip);
      await expect.poll(async () => (await link.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
      await shot(page, `focus-skip-link-${locale}`);

      // Past the top bar and the menu: the first row is a few stops away.
      await page.keyboard.press('Enter');
      let stops = 0;
      let stop = await focused(page);
      while (!stop.row && stops < 15) {
        await page.keyboard.press('Tab');
        stops++;
        stop = await focused(page);
      }
      expect(stop.row, `no row within ${stops} Tab stops after the skip link`).toBe(true);
      console.log(`focus.e2e ${locale}: first row ${stops} Tab stops after the skip link`);

      await page.keyboard.press('Enter');
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/^\/vehicle-management\/vehicles\/\d+$/);
      await expect.poll(async () => (await focused(page)).heading, { timeout: 15_000 }).toBe(true);
      const heading = await focused(page);
      expect(heading.ring).toBe(true);
      // The heading names the record, and the polite live region says which page opened.
      await expect.poll(async () => (await focused(page)).text).toMatch(/\S+ \S+/);
      const announced = page.getByTestId('route-announcement');
      await expect
        .poll(async () => (await announced.textContent()) ?? '')
        .toBe(`${opened}${(await focused(page)).text}`);
      await quiet(page);
      await shot(page, `focus-record-heading-${locale}`);
    },
    180_000,
  );

  it('lets the keyboard reach the revenue report’s totals by year in Swahili, whose table scrolls sideways', async () => {
    await setSavedLocale('sw');
    const page = await open({ width: 1024, height: 900 });
    await signInWithKeyboard(page);
    await page.goto('/reports/revenue');
    const table = page.getByTestId('totals-by-year-table').getByRole('region');
    await table.waitFor({ timeout: 20_000 });
    await quiet(page);
    const { scrolls, tabIndex } = await table.evaluate((el) => ({
      scrolls: el.scrollWidth > el.clientWidth,
      tabIndex: el.getAttribute('tabindex'),
    }));
    expect(scrolls).toBe(true);
    expect(tabIndex).toBe('0');
    // Focused, the arrow keys scroll it.
    await table.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const findings = await axeFindings(page);
    expect(findings.filter((f) => f.rule === 'scrollable-region-focusable')).toEqual([]);
  }, 120_000);
});
