import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DISPATCHER,
  api,
  apiData,
  browserPerFile,
  closeNewSosAlarms,
  fitsWidth,
  listPath,
  signIn,
  snap,
  staffToken,
} from './browser';

/**
 * A phone, or 400 % zoom: 320 CSS pixels (WCAG 1.4.10 Reflow, issue 45). Nothing scrolls sideways,
 * every page keeps its level-1 heading, the language is changed from the profile menu, the SOS
 * banner is read in full, the dispatcher books a ride, and a trip page's actions and the dashboard's
 * period buttons wrap inside the window. Screens are saved under
 * test-results/screens/narrow-*.png, with the same screens at 1440 px beside them.
 */

const { open } = browserPerFile();
const PHONE = { width: 320, height: 800 };
const DESKTOP = { width: 1440, height: 900 };

/** The page's level-1 headings that a screen reader finds (hidden ones are not counted). */
const levelOneHeadings = (page: Page) => page.getByRole('heading', { level: 1 });

/** Is the element's text all in view, neither cut nor scrolled inside it? */
const notCut = (locator: Locator) =>
  locator.evaluate(
    (element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight,
  );

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
    expect(await notCut(levelOneHeadings(page))).toBe(true);
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
    expect(await notCut(levelOneHeadings(page))).toBe(true);
    await snap(page, 'narrow-trips-sw');

    // A long title (the revenue letter's, here in Swahili) wraps and is read in full at this width.
    await page.goto('/reports/driver-revenue-letter');
    const longTitle = page.locator('#react-admin-title');
    await expect.poll(() => longTitle.innerText()).toMatch(/\S/);
    expect(await notCut(longTitle)).toBe(true);
    await page.goto('/trip-management/trips');
    await page.locator('tbody tr').first().waitFor();

    // And back, from the same menu, now in Swahili, with the keyboard: the language menu takes the
    // focus on the language in use.
    await page.getByTestId('profile-button').focus();
    await page.keyboard.press('Enter');
    const entry = page.getByRole('menuitem', { name: /^Lugha\s*Kiswahili$/ });
    await entry.waitFor();
    await entry.focus();
    await page.keyboard.press('Enter');
    const swahili = page.getByRole('menu', { name: 'Lugha' }).getByRole('menuitemradio', { name: 'Kiswahili' });
    await expect.poll(() => swahili.evaluate((item) => item === item.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.locator('html[lang="en"]').waitFor();
    await expect.poll(() => levelOneHeadings(page).allInnerTexts()).toEqual(['Trips']);

    // A record page has its own heading: still one.
    await page.locator('tbody tr').first().getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: /^Trip #\d+$/ }).waitFor();
    expect(await levelOneHeadings(page).count()).toBe(1);
    await snap(page, 'narrow-trip');
  });

  it('reads the SOS banner in full, its link named without the ticking age', async () => {
    const token = await staffToken();
    await closeNewSosAlarms(token);
    const [trip] = await apiData<{ id: number }[]>(
      listPath('trip/trips', { filter: { status: 'in_progress' }, sort: ['id', 'ASC'], range: [0, 0] }),
      token,
    );
    try {
      await apiData('trip/sos/report', undefined, { tripId: trip.id, caller: 'driver', lat: -1.2864, lng: 36.8172 });
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await open(viewport);
        await signIn(page);
        const row = page.getByTestId('sos-banner-alarm').first();
        await row.waitFor();
        const link = row.getByRole('link', { name: new RegExp(`^SOS from driver .+, trip #${trip.id}$`) });
        await link.waitFor();
        expect(await row.innerText()).toMatch(new RegExp(`SOS from driver .+, trip #${trip.id}, \\d+:\\d\\d ago`));
        // Wrapped, not cut: the whole line and the button are in view.
        const line = link.locator('..');
        expect(await notCut(line)).toBe(true);
        expect(await insideWidth(page, line)).toBe(true);
        expect(await insideWidth(page, row.getByRole('button', { name: 'Acknowledge' }))).toBe(true);
        expect(await fitsWidth(page)).toBe(true);
        await snap(page, `${viewport === PHONE ? 'narrow' : 'wide'}-sos-banner`);

        // On the dispatcher, over the main area; on a phone first, above the booking.
        await page.goto('/dispatcher');
        const booking = page.getByRole('heading', { name: 'New booking' });
        await booking.waitFor();
        const banner = (await page.getByTestId('sos-banner').boundingBox())!;
        const side = (await page.getByTestId('dispatcher-side').boundingBox())!;
        if (viewport === PHONE) expect(banner.y + banner.height).toBeLessThanOrEqual(side.y);
        else expect(banner.x).toBeGreaterThanOrEqual(side.x + side.width);
        expect(await fitsWidth(page)).toBe(true);
        await snap(page, `${viewport === PHONE ? 'narrow' : 'wide'}-dispatcher-sos`);
      }
    } finally {
      await closeNewSosAlarms(token);
    }
  });

  it('stacks the dispatcher: nothing scrolls sideways, the board is readable, and a ride is booked', async () => {
    const token = await staffToken();
    const [passenger] = await apiData<{ phone: string; firstName: string; lastName: string }[]>(
      // Not the first one: dispatcher.e2e.ts books for that one.
      listPath('user/passengers', { filter: { status: 'active' }, sort: ['tripsCount', 'DESC'], range: [3, 3] }),
      token,
    );
    const page = await open(PHONE);
    await signIn(page, DISPATCHER);
    await page.goto('/dispatcher');
    await page.getByRole('heading', { name: 'New booking' }).waitFor();
    await page.getByTestId('board-waiting').waitFor();
    expect(await levelOneHeadings(page).allInnerTexts()).toEqual(['Trip Dispatcher']);
    expect(await fitsWidth(page)).toBe(true);
    // The map has the window's width, and every column of the board its heading in full.
    expect((await page.getByTestId('live-map').boundingBox())!.width).toBeGreaterThanOrEqual(300);
    for (const column of await page.locator('[data-testid^="board-"][aria-label]').all()) {
      const heading = column.locator('> span, > p').first();
      expect(await notCut(heading)).toBe(true);
      expect(await insideWidth(page, column)).toBe(true);
    }
    await snap(page, 'narrow-dispatcher');
    await page.getByTestId('live-map').scrollIntoViewIfNeeded();
    await snap(page, 'narrow-dispatcher-map');

    await page.locator('#booking-phone').fill(passenger.phone.slice(-9));
    await page.getByRole('option', { name: new RegExp(`${passenger.firstName} ${passenger.lastName}`) }).click();
    await page.getByTestId('booking-pickup').fill('yaya');
    await page.getByRole('option', { name: 'Yaya Centre, Kilimani' }).first().click();
    await page.getByTestId('booking-dropoff').fill('sarit');
    await page.getByRole('option', { name: 'Sarit Centre, Westlands' }).first().click();
    await expect
      .poll(() => page.getByTestId('booking-vehicles').getByRole('option').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await fitsWidth(page)).toBe(true);
    await page.getByTestId('booking-submit').click();
    const notice = page.getByText(/^Trip #\d+ booked; offers go to the nearest drivers\.$/);
    await notice.waitFor();
    const tripId = Number((await notice.innerText()).match(/#(\d+)/)![1]);
    const card = page.getByTestId('board-waiting').getByTestId(`board-trip-${tripId}`);
    await card.waitFor();
    expect(await insideWidth(page, card)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'narrow-dispatcher-booked');

    const wide = await open(DESKTOP);
    await signIn(wide, DISPATCHER);
    await wide.goto('/dispatcher');
    await wide.getByTestId(`board-trip-${tripId}`).waitFor();
    await snap(wide, 'wide-dispatcher');
  });

  it("wraps a trip page's actions and the dashboard's period buttons inside the window", async () => {
    const token = await staffToken();
    // A trip under way that can still be cancelled: its page shows two or three actions.
    const [trip] = await apiData<{ id: number }[]>(
      listPath('trip/trips', { filter: { status: ['accepted', 'arrived'] }, sort: ['id', 'ASC'], range: [0, 0] }),
      token,
    );
    for (const viewport of [PHONE, DESKTOP]) {
      const name = viewport === PHONE ? 'narrow' : 'wide';
      const page = await open(viewport);
      await signIn(page);
      await page.goto(`/trip-management/trips/${trip.id}`);
      const actions = page.getByTestId('trip-actions');
      await actions.getByRole('button', { name: 'Cancel trip' }).waitFor();
      await actions.getByRole('button', { name: 'Open an issue' }).waitFor();
      const buttons = await actions.getByRole('button').all();
      for (const button of buttons) expect(await insideWidth(page, button)).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      if (viewport === DESKTOP) {
        // As before on a wide screen: the actions on the heading's line, at its right.
        const heading = (await levelOneHeadings(page).boundingBox())!;
        for (const button of buttons) {
          const box = (await button.boundingBox())!;
          expect(box.x).toBeGreaterThan(heading.x + heading.width);
          expect(Math.abs(box.y + box.height / 2 - (heading.y + heading.height / 2))).toBeLessThan(heading.height / 2);
        }
      }
      await snap(page, `${name}-trip-actions`);

      await page.goto('/');
      const period = page.getByRole('group', { name: 'Period' });
      await period.getByRole('button', { name: 'Today' }).waitFor();
      const ranges = await period.getByRole('button').all();
      expect(ranges.length).toBe(5);
      for (const range of ranges) {
        expect(await insideWidth(page, range)).toBe(true);
        expect(await notCut(range)).toBe(true);
      }
      expect(await insideWidth(page, period)).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      // Still one choice among the wrapped buttons: another period is pressed.
      await period.getByRole('button', { name: 'This month' }).click();
      await expect
        .poll(() => period.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed'))
        .toBe('true');
      await snap(page, `${name}-dashboard`);
    }
  });
});
