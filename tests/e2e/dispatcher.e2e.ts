import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, apiData, browserPerFile, shot, signIn, snap, waitForPath, staffToken } from './browser';
import { localWallTime } from '../../src/domain/dateRange';

/**
 * The dispatcher page (issue 16, panel side) in Chromium against the real server: a phone booking
 * for an existing passenger with the keyboard alone, timed, and the trip on the board. Screens are
 * saved under test-results/screens/dispatcher-*.png.
 *
 * Moving drivers, offers answered by the simulator, the nearest list and the socket cut are in
 * dispatcherLive.e2e.ts (with the simulator as a child process).
 */

const { open } = browserPerFile({ keepContexts: true });
/** A person types about this fast; the script types at this pace so the time means something. */
const KEY_DELAY_MS = 60;

const focusedTestId = (page: Page) =>
  page.evaluate(
    () =>
      (
        globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }
      ).document.activeElement?.getAttribute('data-testid') ?? null,
  );
const focusedId = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id ??
      '',
  );

describe('dispatcher', () => {
  let page: Page;
  let passenger: { id: number; firstName: string; lastName: string; phone: string };

  beforeAll(async () => {
    const token = await staffToken();
    const query = new URLSearchParams({
      filter: JSON.stringify({ status: 'active' }),
      sort: JSON.stringify(['tripsCount', 'DESC']),
      range: JSON.stringify([0, 0]),
    });
    [passenger] = await apiData<(typeof passenger)[]>(`user/passengers?${query}`, token);
    page = await open({ width: 1440, height: 900 });
    await signIn(page, DISPATCHER);
  });

  it('books an existing caller with the keyboard alone, and the trip reaches the board', async () => {
    await page.goto('/dispatcher');
    await waitForPath(page, '/dispatcher');
    await page.getByRole('heading', { name: 'New booking' }).waitFor();
    await page.getByTestId('board-waiting').waitFor();
    await page.getByText('F2 phone · ↑↓ choose · Ctrl+Enter book · Esc clear').waitFor();
    // Something else has the focus; F2 brings it to the phone.
    await page.getByTestId('live-map').getByRole('button', { name: 'Zoom in' }).focus();

    const started = Date.now();
    await page.keyboard.press('F2');
    expect(await focusedId(page)).toBe('booking-phone');
    await page.keyboard.type(passenger.phone.slice(-9), { delay: KEY_DELAY_MS });
    // The options are the answer for the whole number (not an earlier one's, which a new answer replaces).
    await page.locator('#booking-phone[aria-busy="false"]').waitFor();
    await page.getByRole('option', { name: new RegExp(`${passenger.firstName} ${passenger.lastName}`) }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByText(new RegExp(`^${passenger.firstName} ${passenger.lastName} · \\d+ trips`)).waitFor();

    await page.keyboard.press('Tab');
    expect(await focusedTestId(page)).toBe('booking-pickup');
    await page.keyboard.type('yaya', { delay: KEY_DELAY_MS });
    await page.locator('[data-testid="booking-pickup"][aria-busy="false"]').waitFor();
    await expect
      .poll(() => page.locator('.MuiAutocomplete-popper [role="option"]').first().innerText())
      .toBe('Yaya Centre, Kilimani');
    await page.keyboard.press('Enter');

    await page.keyboard.press('Tab'); // the pickup's "pick on the map" button
    await page.keyboard.press('Tab');
    expect(await focusedTestId(page)).toBe('booking-dropoff');
    await page.keyboard.type('sarit', { delay: KEY_DELAY_MS });
    await page.locator('[data-testid="booking-dropoff"][aria-busy="false"]').waitFor();
    await expect
      .poll(() => page.locator('.MuiAutocomplete-popper [role="option"]').first().innerText())
      .toBe('Sarit Centre, Westlands');
    await page.keyboard.press('Enter');

    // The fares of every type arrive; then two Tabs (past the drop-off's map button) reach the list.
    const vehicles = page.getByTestId('booking-vehicles');
    await expect.poll(() => vehicles.getByRole('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedTestId(page)).toBe('booking-vehicles');
    // The list starts on the caller's last type (else the most booked); ↓ moves to the next one, wrapping.
    const names = (await vehicles.getByRole('option').allInnerTexts()).map((text) => text.split('\n')[0]);
    const nameOfChosen = async () =>
      (await vehicles.getByRole('option', { selected: true }).innerText()).split('\n')[0];
    const suggested = names.indexOf(await nameOfChosen());
    expect(suggested).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('ArrowDown');
    expect(await nameOfChosen()).toBe(names[(suggested + 1) % names.length]);
    await shot(page, 'dispatcher-booking-filled');

    await page.keyboard.press('Control+Enter');
    const notice = page.getByText(/^Trip #\d+ booked; offers go to the nearest drivers\.$/);
    await notice.waitFor();
    // How long it took is printed, not asserted: on a busy machine the page is slower, not the person
    // (a timed assertion failed here under load; the bound belongs to a benchmark, not a test).
    const seconds = (Date.now() - started) / 1000;
    console.log(`keyboard-only booking for an existing passenger: ${seconds.toFixed(1)} s`);

    const tripId = Number((await notice.innerText()).match(/#(\d+)/)![1]);
    // The form is clear and ready for the next caller; the trip waits for a driver on the board, with its card open.
    expect(await focusedId(page)).toBe('booking-phone');
    await page.getByTestId('board-waiting').getByTestId(`board-trip-${tripId}`).waitFor();
    const card = page.getByTestId('trip-card');
    await card.getByRole('heading', { name: `Trip #${tripId}` }).waitFor();
    await card.getByText('Yaya Centre, Kilimani → Sarit Centre, Westlands').waitFor();
    await card
      .getByText(new RegExp(`${passenger.firstName} ${passenger.lastName}`))
      .first()
      .waitFor();
    await shot(page, 'dispatcher-booked');
  });

  it('refuses a bad discount code as typed, and Esc clears the form', async () => {
    await page.keyboard.press('F2');
    await page.keyboard.type(passenger.phone.slice(-9));
    await page.getByRole('option', { name: new RegExp(`${passenger.firstName} ${passenger.lastName}`) }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByTestId('booking-pickup').fill('junction');
    await page
      .getByRole('option', { name: /The Junction Mall/ })
      .first()
      .click();
    await page.getByTestId('booking-dropoff').fill('wilson');
    await page
      .getByRole('option', { name: /Wilson Airport/ })
      .first()
      .click();
    await page.getByTestId('booking-discount').fill('SAFARI200');
    await page.getByText('This discount code has expired').waitFor();
    await expect.poll(() => page.getByTestId('booking-submit').isDisabled()).toBe(true);
    await shot(page, 'dispatcher-expired-code');
    await page.getByTestId('booking-discount').press('Escape');
    await expect.poll(() => page.getByTestId('booking-pickup').inputValue()).toBe('');
    expect(await page.locator('#booking-phone').inputValue()).toBe('');
  });

  it('books a ride for tomorrow and shows its pickup time on the board, the trips list and the trip page', async () => {
    // Another regular caller (the first one has a trip under way since the first test).
    const token = await staffToken();
    const query = new URLSearchParams({
      filter: JSON.stringify({ status: 'active' }),
      sort: JSON.stringify(['tripsCount', 'DESC']),
      range: JSON.stringify([1, 1]),
    });
    const [caller] = await apiData<(typeof passenger)[]>(`user/passengers?${query}`, token);
    // Tomorrow at 08:30 on the city's clock.
    const tomorrow = localWallTime(new Date(Date.now() + 86_400_000), 'Africa/Nairobi');
    const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})/.exec(tomorrow)!;

    await page.keyboard.press('F2');
    await page.keyboard.type(caller.phone.slice(-9));
    await page.getByRole('option', { name: new RegExp(`${caller.firstName} ${caller.lastName}`) }).click();
    await page.getByTestId('booking-pickup').fill('yaya');
    await page.getByRole('option', { name: 'Yaya Centre, Kilimani' }).first().click();
    await page.getByTestId('booking-dropoff').fill('sarit');
    await page.getByRole('option', { name: 'Sarit Centre, Westlands' }).first().click();
    await expect
      .poll(() => page.getByTestId('booking-vehicles').getByRole('option').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.getByRole('group', { name: 'Pickup time' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(`${day}${month}${year}0830`);
    await page
      .getByText('Booked for later: offers go out shortly before pickup; the fares are at that time.')
      .waitFor();
    // Each vehicle type: the fare at 08:30 tomorrow, no live ETA.
    const vehicles = page.getByTestId('booking-vehicles');
    await vehicles
      .getByText(/^Fare at 08:30/)
      .first()
      .waitFor();
    expect(await vehicles.innerText()).not.toMatch(/Nearest|available/);
    await snap(page, 'dispatcher-booking-later');
    await page.getByTestId('booking-submit').click();
    const notice = page.getByText(/^Trip #\d+ booked for .+; offers start before pickup\.$/);
    await notice.waitFor();
    const tripId = Number((await notice.innerText()).match(/#(\d+)/)![1]);
    const card = page.getByTestId('board-scheduled').getByTestId(`board-trip-${tripId}`);
    expect(await card.getByTestId('board-pickup-at').innerText()).toMatch(
      new RegExp(`^Pickup ${Number(day)} .*08:30$`),
    );

    // Trips → Scheduled: soonest pickup first, each with its pickup time.
    await page.goto('/trip-management/trips');
    await page.getByTestId('trip-tab-scheduled').click();
    const row = page.getByRole('row').filter({ hasText: `#${tripId}` });
    const pickup = row.getByTestId('trip-pickup-at');
    await pickup.waitFor();
    expect(await pickup.innerText()).toMatch(new RegExp(`^pickup ${Number(day)} .*${year}, 08:30$`));
    await snap(page, 'trips-scheduled-pickup');

    await row.getByRole('link', { name: `#${tripId}` }).click();
    await waitForPath(page, `/trip-management/trips/${tripId}`);
    const header = page.getByTestId('trip-show-pickup');
    await header.waitFor();
    expect(await header.innerText()).toMatch(new RegExp(`^Pickup booked for ${Number(day)} .*${year}, 08:30 \\(in `));
    await snap(page, 'trip-show-pickup');
    await page.goto('/dispatcher');
    await waitForPath(page, '/dispatcher');
    await page.getByRole('heading', { name: 'New booking' }).waitFor();
  });

  it("shows the server's refusal under its field: a new caller with a known passenger's number", async () => {
    // The known passenger's number typed, but their suggestion not taken: a new caller to the panel,
    // whom the server refuses (passenger.phone), under the phone, which gets the focus.
    await page.keyboard.press('F2');
    await page.keyboard.type(`0${passenger.phone.slice(-9)}`);
    await page.getByText('New caller: enter the name, the passenger is created with the booking.').waitFor();
    // The booking's own rules first: what is missing, under each field; the first one takes the focus.
    await page.keyboard.press('Control+Enter');
    await page.getByText('Enter the new caller’s first name').waitFor();
    await page.getByText('Choose the pickup').waitFor();
    expect(await page.evaluate(() => globalThis.document.activeElement?.getAttribute('data-booking-field'))).toBe(
      'passenger.firstName',
    );
    await shot(page, 'dispatcher-missing');
    await page.getByRole('textbox', { name: 'First name' }).fill('Wanjiru');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Kamau');
    await page.getByTestId('booking-pickup').fill('yaya');
    await page.getByRole('option', { name: 'Yaya Centre, Kilimani' }).first().click();
    await page.getByTestId('booking-dropoff').fill('sarit');
    await page.getByRole('option', { name: 'Sarit Centre, Westlands' }).first().click();
    await expect
      .poll(() => page.getByTestId('booking-vehicles').getByRole('option').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.getByTestId('booking-submit').click();
    const phone = page.locator('#booking-phone');
    await expect
      .poll(() => phone.evaluate((input) => input.getAttribute('aria-invalid')), { timeout: 10_000 })
      .toBe('true');
    await page.getByText('Another passenger has this phone number').waitFor();
    expect(await focusedId(page)).toBe('booking-phone');
    // Nothing was booked: the other fields keep what was entered.
    expect(await page.getByTestId('booking-pickup').inputValue()).toBe('Yaya Centre, Kilimani');
    await shot(page, 'dispatcher-server-error');
    await page.keyboard.press('Escape');
    await expect.poll(() => phone.inputValue()).toBe('');
  });
});
