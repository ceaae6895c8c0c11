import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DISPATCHER, browserPerFile, fitsWidth, pathOf, signIn, snap, waitForPath } from './browser';

/**
 * Passengers end to end (issue 11, step 5), in the system Chromium against the
 * real server: the list with its statistics and filters, a passenger's page,
 * blocking them with a reason through the dialog (the reason is required),
 * the status chip and the reason changing on the page and in the list, and a
 * dispatcher creating a phone-in passenger. Screens are saved under
 * test-results/screens/passengers-*.png, also in an 800 px window.
 */

const NARROW = { width: 800, height: 900 };
const { open } = browserPerFile({ keepContexts: true });

async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('passengers', () => {
  let admin: Page;
  let passengerPath: string;
  let passengerName: string;
  let passengerPhone: string;

  beforeAll(async () => {
    admin = await open();
    await signIn(admin, ADMIN);
  });

  it('lists passengers with trips completed, rating, last trip and status, sortable and filterable', async () => {
    await admin.goto('/passenger-management/passengers');
    const rows = admin.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(25);
    for (const header of ['Name', 'Phone', 'Trips completed', 'Rating', 'Last trip', 'Status'])
      await expect(admin.getByRole('columnheader', { name: header }).count()).resolves.toBeGreaterThan(0);
    await snap(admin, 'passengers-list');

    // Most trips completed first: the header sorts by the maintained counter.
    await admin.getByRole('columnheader', { name: 'Trips completed' }).getByRole('button').click();
    await admin.getByRole('columnheader', { name: 'Trips completed' }).getByRole('button').click();
    await expect.poll(() => admin.url()).toContain('completedTrips');
    await expect
      .poll(async () => Number((await rows.first().locator('td.column-completedTrips').innerText()).trim()))
      .toBeGreaterThan(0);

    await choose(admin, 'Status', 'Blocked');
    await expect.poll(() => admin.url()).toContain('blocked');
    await expect.poll(() => admin.getByTestId('status-chip').filter({ hasText: 'Active' }).count()).toBe(0);
    await expect.poll(() => admin.getByTestId('status-chip').filter({ hasText: 'Blocked' }).count()).toBeGreaterThan(0);
    await snap(admin, 'passengers-list-blocked');
  });

  it('opens an active passenger with trips: profile, statistics, trip history, reviews, issues', async () => {
    await admin.goto(
      '/passenger-management/passengers?filter=' +
        encodeURIComponent('{"status":"active"}') +
        '&sort=completedTrips&order=DESC',
    );
    const first = admin.locator('tbody tr').first();
    await first.waitFor();
    await first.click();
    await admin.getByTestId('passenger-summary').waitFor();
    passengerPath = pathOf(admin);
    expect(passengerPath).toMatch(/^\/passenger-management\/passengers\/\d+$/);
    passengerName = (await admin.getByTestId('passenger-summary').locator('h2').innerText()).trim();
    passengerPhone = (await admin.getByTestId('passenger-summary').locator('a[href^="tel:"]').innerText()).trim();
    await admin.getByTestId('passenger-statistics').waitFor();
    await expect
      .poll(() => admin.getByTestId('trip-history').locator('tbody tr').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await admin.getByTestId('reviews-received').waitFor();
    await admin.getByTestId('issues-raised').waitFor();
    await snap(admin, 'passengers-detail');
  });

  it('5. blocks the passenger with a reason and sees the status change', async () => {
    const summary = admin.getByTestId('passenger-summary');
    await expect(summary.getByTestId('status-chip').innerText()).resolves.toBe('Active');
    await admin.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: `Block ${passengerName}` });
    await dialog.waitFor();
    // The reason is required, with the server's own message.
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await dialog.getByText('Give the reason').waitFor();
    await snap(admin, 'passengers-block-dialog');
    await dialog.getByLabel('Reason').fill('Abusive to drivers on three trips');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => summary.getByTestId('status-chip').innerText()).toBe('Blocked');
    await expect
      .poll(() => admin.getByTestId('blocked-reason').innerText())
      .toMatch(/Blocked .* by Amara Okafor: Abusive to drivers on three trips/);
    await admin.getByRole('button', { name: 'Unblock', exact: true }).waitFor();
    // The audit trail on the page says who blocked them and why.
    await admin.getByTestId('passenger-history').getByText('Abusive to drivers on three trips').waitFor();
    await admin.getByTestId('reviews-given').scrollIntoViewIfNeeded();
    await snap(admin, 'passengers-reviews-issues');
    await admin.getByTestId('passenger-history').scrollIntoViewIfNeeded();
    await snap(admin, 'passengers-history');
    await snap(admin, 'passengers-blocked');

    // The list shows them blocked too.
    await admin.goto(
      '/passenger-management/passengers?filter=' +
        encodeURIComponent(JSON.stringify({ status: 'blocked', q: passengerPhone })),
    );
    await admin.getByText(passengerName, { exact: true }).first().waitFor();
    await snap(admin, 'passengers-list-after-block');
  });

  it('fits an 800 px window', async () => {
    const narrow = await open(NARROW);
    await signIn(narrow, ADMIN);
    await narrow.goto(passengerPath);
    await narrow.getByTestId('passenger-summary').waitFor();
    await expect
      .poll(() => narrow.getByTestId('trip-history').locator('tbody tr').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await snap(narrow, 'passengers-detail-narrow');
    expect(await fitsWidth(narrow)).toBe(true);
    await narrow.goto('/passenger-management/passengers');
    await expect.poll(() => narrow.locator('tbody tr').count(), { timeout: 15_000 }).toBe(25);
    await snap(narrow, 'passengers-list-narrow');
    expect(await fitsWidth(narrow)).toBe(true);
  });

  it('a dispatcher creates a phone-in passenger; a duplicate phone shows under the field', async () => {
    const dispatcher = await open();
    await signIn(dispatcher, DISPATCHER);
    await dispatcher.goto('/passenger-management/passengers');
    await dispatcher.locator('tbody tr').first().waitFor();
    // No update-Passenger: no Block on a passenger's page.
    await dispatcher.getByRole('link', { name: 'Create' }).click();
    await waitForPath(dispatcher, '/passenger-management/passengers/create');
    const phone = `+2547${String(Date.now()).slice(-8)}`;
    await dispatcher.getByLabel('First name').fill('Achieng');
    await dispatcher.getByLabel('Last name').fill('Odhiambo');
    await dispatcher.getByLabel('Phone').fill('0712');
    await dispatcher.getByRole('button', { name: 'Save' }).click();
    await dispatcher.getByText('Enter a phone number, such as 0712 345 678 or +254 712 345 678').waitFor();
    await dispatcher.getByLabel('Phone').fill(phone);
    await dispatcher.getByRole('button', { name: 'Save' }).click();
    await dispatcher.getByTestId('passenger-summary').waitFor();
    await expect(dispatcher.getByTestId('passenger-summary').locator('h2').innerText()).resolves.toBe(
      'Achieng Odhiambo',
    );
    expect(await dispatcher.getByRole('button', { name: 'Block', exact: true }).count()).toBe(0);
    await snap(dispatcher, 'passengers-created-by-dispatcher');

    await dispatcher.goto('/passenger-management/passengers/create');
    await dispatcher.getByLabel('First name').fill('Second');
    await dispatcher.getByLabel('Last name').fill('Copy');
    await dispatcher.getByLabel('Phone').fill(phone);
    await dispatcher.getByRole('button', { name: 'Save' }).click();
    await dispatcher.getByText('Another passenger has this phone number').waitFor();
    await snap(dispatcher, 'passengers-duplicate-phone');
  });
});
