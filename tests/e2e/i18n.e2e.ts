import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogueAt } from '../unit/support/catalogueAt';
import { api, browserPerFile, settled, shot, signIn, snap, waitForPath, staffToken } from './browser';

/**
 * The panel in Swahili and French: the language menu in the top bar, the choice kept on the
 * staff member's profile (it survives a reload and follows them to a new sign-in elsewhere), and
 * no English left on the menu and the main screens. Screenshots of the main screens in both.
 */

type Tree = { [key: string]: unknown };

/**
 * The panel's catalogues, loaded at run time: a static import would bring react-admin's types (and
 * with them the DOM's) into the type-check of every browser test.
 */
const catalogue = async (path: string, name: string): Promise<Tree> =>
  (
    (await import(/* @vite-ignore */ new URL(`../../src/i18n/${path}`, import.meta.url).pathname)) as Record<
      string,
      Tree
    >
  )[name];
const [en, sw, fr] = await Promise.all([
  catalogue('en.ts', 'en'),
  catalogue('sw/index.ts', 'sw'),
  catalogue('fr/index.ts', 'fr'),
]);
const at = catalogueAt;

/**
 * The English words the menu and a screen show, from the catalogue, that the translation
 * changes (a word both languages write alike, such as "Email", proves nothing and is left out).
 */
function englishWords(translated: unknown, ...paths: string[]): string[] {
  const words = new Set<string>();
  const walk = (english: unknown, other: unknown) => {
    if (typeof english === 'string') {
      for (const form of english.split('||||')) {
        const plain = form.replace(/%\{[^}]+\}/g, '').trim();
        if (plain.length >= 4 && /^[A-Za-z][A-Za-z &]+$/.test(plain) && english !== other) words.add(plain);
      }
    } else if (english && typeof english === 'object') {
      for (const [key, value] of Object.entries(english)) walk(value, (other as Tree | undefined)?.[key]);
    }
  };
  for (const path of paths) walk(at(en, path), at(translated, path));
  return [...words];
}

const SCREEN_KEYS = [
  'app.menu',
  'app.insights.cards',
  'app.insights.live',
  'app.trips.tabs',
  'resources.trip-management/trips.fields',
];

/** The English words of `words` that the page's main area and menu show. */
async function englishOnPage(page: Page, words: string[]): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return words.filter((word) => new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'u').test(text));
}

const htmlLang = (page: Page) =>
  page.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang,
  );

/** The role of the element that has the focus ('menuitem' once an open menu has taken it). */
const focusedRole = (page: Page) =>
  page.evaluate(
    () =>
      (
        globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null } | null } }
      ).document.activeElement?.getAttribute('role') ?? null,
  );

/**
 * Chooses a language from the menu, from the keyboard (the open menu can drift while the top bar's
 * live content settles, and a pointer click waits for a still target; focus and Enter need none).
 * Each step waits for a state: the menu open with the focus inside it (an open menu moves the focus
 * to the current language, which under load happened after ours and took the Enter), the item
 * focused, then the page's language. A choice the page did not take is made again.
 */
async function chooseLanguage(page: Page, name: string, lang: string): Promise<void> {
  const item = page.getByRole('menu').getByRole('menuitem', { name });
  const choose = async () => {
    if ((await htmlLang(page)) === lang) return lang;
    if (!(await item.isVisible())) await page.getByTestId('locale-menu').getByRole('button').click();
    await item.waitFor({ state: 'visible', timeout: 10_000 });
    await expect.poll(() => focusedRole(page), { timeout: 5_000 }).toBe('menuitem');
    await item.focus();
    await expect
      .poll(() => item.evaluate((el) => el === el.ownerDocument.activeElement), { timeout: 5_000 })
      .toBe(true);
    await page.keyboard.press('Enter');
    await item.waitFor({ state: 'hidden', timeout: 10_000 });
    return htmlLang(page);
  };
  await expect.poll(choose, { timeout: 30_000, interval: 250 }).toBe(lang);
}

async function savedLocale(): Promise<string | null> {
  const me = await api<{ data: { locale: string | null } }>('/api/user/auth/me', { token: await staffToken() });
  return me.json.data.locale;
}

const SHOTS = '/work/notes/shots/28';

/** The main screens, each saved as a screenshot for a person to look at. */
async function screens(page: Page, lang: string): Promise<void> {
  const save = async (name: string) => {
    await snap(page, `i18n-${lang}-${name}`);
    if (fs.existsSync('/work/notes')) {
      fs.mkdirSync(SHOTS, { recursive: true });
      fs.copyFileSync(`test-results/screens/i18n-${lang}-${name}.png`, `${SHOTS}/${lang}-${name}.png`);
    }
  };
  await page.goto('/');
  await page.getByTestId('kpi-tripsRequested').waitFor({ timeout: 15_000 });
  await save('dashboard');
  // The bell's list: the titles in the chosen language, from their codes.
  await page.getByTestId('notification-bell').click();
  await page.getByTestId('notification-item').first().waitFor();
  await save('notifications');
  await page.keyboard.press('Escape');
  await page.goto('/trip-management/trips');
  await page.locator('tbody tr').first().waitFor();
  await save('trips');
  await page.locator('tbody tr').first().click();
  await page.waitForURL((url) => /\/trip-management\/trips\/\d+$/.test(url.pathname));
  await settled(page);
  await save('trip');
  await page.goto('/driver-management/unapproved-drivers');
  await page.locator('a[href^="/driver-management/review/"]').first().click();
  await page.getByTestId('driver-review').waitFor();
  await save('driver-review');
  await page.goto('/price-setting');
  await settled(page);
  await save('price-settings');
  await page.goto('/dispatcher');
  await settled(page);
  await save('dispatcher');
}

const { open } = browserPerFile();

/** The admin's saved language back to English (each test starts from it, and so do the files after this one). */
async function resetSavedLocale(): Promise<void> {
  await api('/api/user/auth/locale', { method: 'PUT', body: { locale: 'en' }, token: await staffToken() });
}
beforeEach(resetSavedLocale);
afterAll(resetSavedLocale);

describe('the panel in Swahili and French', () => {
  it('switches to Swahili from the top bar, keeps it over a reload and a new sign-in, and shows no English on the menu and main screens', async () => {
    const page = await open();
    await signIn(page);
    await page.getByTestId('kpi-tripsRequested').waitFor({ timeout: 15_000 });
    const words = englishWords(sw, ...SCREEN_KEYS);
    expect(words.length).toBeGreaterThan(30);
    expect(await englishOnPage(page, words)).not.toEqual([]); // the list does find English

    await chooseLanguage(page, 'Kiswahili', 'sw');
    await page.getByTestId('kpi-tripsRequested').waitFor();
    await settled(page);
    expect(await englishOnPage(page, words)).toEqual([]);
    await expect.poll(savedLocale).toBe('sw');

    await page.reload();
    await page.getByTestId('kpi-tripsRequested').waitFor({ timeout: 15_000 });
    expect(await htmlLang(page)).toBe('sw');
    expect(await page.getByTestId('side-menu').innerText()).toContain(at(sw, 'app.menu.dashboard') as string);
    expect(await englishOnPage(page, words)).toEqual([]);

    await page.goto('/trip-management/trips');
    await page.locator('tbody tr').first().waitFor();
    await settled(page);
    expect(await englishOnPage(page, words)).toEqual([]);
    await page.locator('tbody tr').first().click();
    await page.waitForURL((url) => /\/trip-management\/trips\/\d+$/.test(url.pathname));
    await settled(page);
    expect(await englishOnPage(page, words)).toEqual([]);

    // Another browser (a new device): English until signed in, then the profile's Swahili.
    const elsewhere = await open();
    await signIn(elsewhere);
    await expect.poll(() => htmlLang(elsewhere)).toBe('sw');
    await elsewhere.getByTestId('kpi-tripsRequested').waitFor({ timeout: 15_000 });
    expect(await englishOnPage(elsewhere, words)).toEqual([]);
  });

  it('offers the language menu on the login page', async () => {
    const page = await open();
    await page.goto('/login');
    await chooseLanguage(page, 'Français', 'fr');
    await expect
      .poll(() => page.getByRole('button', { name: at(fr, 'app.auth.login.submit') as string, exact: true }).count())
      .toBe(1);
    await shot(page, 'i18n-fr-login');
  });

  for (const [name, lang] of [
    ['Kiswahili', 'sw'],
    ['Français', 'fr'],
  ] as const) {
    it(`shows the dashboard, trips, a trip, a driver's review, the price settings and the dispatcher in ${name}`, async () => {
      const page = await open();
      await signIn(page);
      await waitForPath(page, '/');
      await chooseLanguage(page, name, lang);
      await screens(page, lang);
      await expect.poll(savedLocale).toBe(lang);
    });
  }
});
