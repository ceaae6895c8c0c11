import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiData, baseUrl, browserPerFile, codeFor, fitsWidth, signIn, snap, staffToken } from './browser';

/**
 * Onboarding end to end (issue 12), in the system Chromium against the real server: a reviewer
 * opens the unapproved queue, reviews a new sign-up with the keyboard alone (approves four
 * documents, rejects one with a reason), sees the driver stay unapproved, approves the upload
 * that replaces the rejected one, and finds the driver in the approved list. Screens are saved
 * under test-results/screens/drivers-*.png.
 */

const { open } = browserPerFile({ keepContexts: true });

interface ApiDriver {
  id: number;
  firstName: string;
  lastName: string;
  approvalStatus: string;
  documents: { id: number; kind: string; status: string; fileId: number }[];
}

async function api<T>(path: string, init: { method?: string; body?: unknown; token: string }): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${init.token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('driver onboarding review', () => {
  let page: Page;
  let token: string;
  let driver: ApiDriver;

  beforeAll(async () => {
    page = await open({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    token = await staffToken();
  });

  it('1. the unapproved queue lists the waiting drivers oldest first, with their progress', async () => {
    await page.goto('/driver-management/unapproved-drivers');
    await page.getByText('Unapproved Drivers').first().waitFor();
    await page.getByTestId('document-progress').first().waitFor();
    await snap(page, 'drivers-queue');
    // A new sign-up: nothing approved yet.
    const pending = await api<ApiDriver[]>(
      `/api/user/drivers?filter=${encodeURIComponent('{"approvalStatus":"pending"}')}&range=[0,199]&sort=["createdAt","ASC"]`,
      { token },
    );
    driver = pending.find((d) => d.documents.length === 5 && d.documents.every((doc) => doc.status === 'pending'))!;
    expect(driver).toBeDefined();
    await page.locator('#main-content').getByPlaceholder('Search').fill(driver.lastName);
    // The search applies after a debounce that rewrites the URL: clicking Review before it fired
    // sent the page back to the list (a run under load failed so).
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(driver.lastName));
    const row = page.getByRole('row').filter({ hasText: `${driver.firstName} ${driver.lastName}` });
    await row.getByText('0 of 5 approved').waitFor();
    await row.getByRole('link', { name: 'Review' }).click();
    await page.waitForURL((url) => url.pathname === `/driver-management/review/${driver.id}`);
  });

  it('2. reviews with the keyboard alone: approves four documents and rejects one with a reason', async () => {
    const review = page.getByTestId('driver-review');
    await review.getByRole('img', { name: 'Driving licence' }).waitFor();
    await snap(page, 'drivers-review-start');
    const facts = page.getByTestId('document-facts');
    for (const kind of ['Driving licence', 'Identity document', 'Insurance']) {
      await expect.poll(() => page.getByRole('tab', { selected: true }).innerText()).toContain(kind);
      await page.keyboard.press('a');
      await expect
        .poll(() => page.getByRole('tab', { name: new RegExp(kind) }).innerText(), { timeout: 10_000 })
        .toContain('Approved');
    }
    // The vehicle registration is next: reject it as unreadable, with a note.
    await expect.poll(() => page.getByRole('tab', { selected: true }).innerText()).toContain('Vehicle registration');
    await page.keyboard.press('r');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Reject the vehicle registration').waitFor();
    await expect
      .poll(() => dialog.getByRole('radio', { name: 'Unreadable' }).evaluate((e) => e.matches(':focus')))
      .toBe(true);
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.type('The plate number is cut off; photograph the whole card.');
    await snap(page, 'drivers-review-reject');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByRole('tab', { name: /Vehicle registration/ }).innerText(), { timeout: 10_000 })
      .toContain('Rejected');
    // The photo is left: approve it.
    await expect.poll(() => page.getByRole('tab', { selected: true }).innerText()).toContain('Photo');
    await page.keyboard.press('a');
    await expect
      .poll(() => page.getByRole('tab', { name: /Photo/ }).innerText(), { timeout: 10_000 })
      .toContain('Approved');
    await page.getByRole('tab', { name: /Vehicle registration/ }).click();
    await facts.getByText(/Rejected: Unreadable/).waitFor();
    await snap(page, 'drivers-review-after');
  });

  it('3. the driver stays unapproved while a document is rejected', async () => {
    await expect.poll(() => page.getByTestId('approval-status').innerText()).toBe('Rejected');
    await page.getByText('4 of 5 approved').waitFor();
    // The review's decisions go out as one SMS once its window (2 s here, a minute by default) is over.
    const outbox = async () => (await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as { text: string }[];
    await expect
      .poll(
        async () =>
          (await outbox()).some((m) => m.text.includes('vehicle registration was rejected: it cannot be read')),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
  });

  it('4. approving the re-uploaded document makes the driver approved', async () => {
    const rejected = driver.documents.find((d) => d.kind === 'vehicle_registration')!;
    // The driver uploads a new one from the app.
    await api(`/api/user/drivers/${driver.id}/upload-document`, {
      method: 'POST',
      token,
      body: { kind: 'vehicle_registration', fileId: rejected.fileId, number: 'KDA 123X' },
    });
    await page.reload();
    await page.getByRole('tab', { selected: true }).filter({ hasText: 'Vehicle registration' }).waitFor();
    await page.getByRole('img', { name: 'Vehicle registration' }).waitFor();
    await page.keyboard.press('a');
    await page.getByTestId('now-approved').waitFor();
    await expect.poll(() => page.getByTestId('approval-status').innerText()).toBe('Approved');
    await snap(page, 'drivers-review-approved');
  });

  it('5. the driver appears in the approved list, their online state live', async () => {
    await page.goto('/driver-management/approved-drivers');
    await page.locator('#main-content').getByPlaceholder('Search').fill(driver.lastName);
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(driver.lastName));
    const row = page.getByRole('row').filter({ hasText: `${driver.firstName} ${driver.lastName}` });
    await row.waitFor();
    await row.getByText('Offline', { exact: true }).waitFor();
    await snap(page, 'drivers-approved-list');

    // The driver opens the app and goes online: the list shows it without a reload, then offline again.
    const { phone } = await api<{ phone: string }>(`/api/user/drivers/${driver.id}`, { token });
    await apiData('trip/apps/driver/request-code', undefined, { phone });
    const signedIn = await apiData<{ data: { accessToken: string } }>('trip/apps/driver/sign-in', undefined, {
      phone,
      otp: await codeFor(phone),
    });
    const app = signedIn.data.accessToken;
    await apiData('trip/apps/driver/online', app, {});
    await row.getByText('Online', { exact: true }).waitFor();
    await snap(page, 'drivers-approved-online');
    await apiData('trip/apps/driver/offline', app, {});
    await row.getByText('Offline', { exact: true }).waitFor();
  });

  it('6. tops up their wallet and sees the transaction', async () => {
    await page.goto(`/driver-management/transactions/${driver.id}`);
    const balance = page.getByTestId('wallet-balance');
    await balance.waitFor();
    const before = await balance.innerText();
    await page.getByRole('button', { name: 'Top up credit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirm top-up' }).click();
    await dialog.getByText('Amount is required').waitFor();
    await dialog.getByText('Say why the credit is added').waitFor();
    await dialog.getByLabel(/^Amount/).fill('0');
    await dialog.getByRole('button', { name: 'Confirm top-up' }).click();
    await dialog.getByText('Amount must be more than 0').waitFor();
    await dialog.getByLabel(/^Amount/).fill('1500');
    await dialog.getByLabel(/^Note/).fill('M-Pesa QK7H2 first float');
    // Polled one-shot reads, not locator.waitFor: run after staff.e2e.ts, waitFor timed out here
    // (CI of 6b6e423 and locally) while a screenshot at the same moment showed the balance.
    await expect
      .poll(() => dialog.getByTestId('new-balance').innerText())
      .toMatch(/^New balance after the top-up: KES\s1,500\.00$/);
    await snap(page, 'drivers-wallet-topup');
    await dialog.getByRole('button', { name: 'Confirm top-up' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => balance.innerText()).not.toBe(before);
    expect(await balance.innerText()).toMatch(/1,500\.00$/);
    const row = page.getByRole('row').filter({ hasText: 'M-Pesa QK7H2 first float' });
    await row.getByText('Credit top-up').waitFor();
    await row.getByText('Amara Okafor').waitFor();
    await snap(page, 'drivers-wallet');
  });

  it("7. the driver's page shows the documents' history and every decision on the driver's history", async () => {
    await page.goto(`/driver-management/drivers/${driver.id}`);
    await page.getByTestId('driver-page').waitFor();
    await snap(page, 'drivers-page');
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByText('Unreadable — The plate number is cut off; photograph the whole card.').waitFor();
    await snap(page, 'drivers-page-documents');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('Reject document', { exact: true }).first().waitFor();
    expect(await page.getByText('Approve document', { exact: true }).count()).toBe(5);
    // Who, when and why: the rejection's reason and note, and the status it left the driver in.
    const rejection = page.getByRole('row').filter({ hasText: 'Reject document' });
    await rejection
      .getByText(
        'Vehicle registration rejected: Unreadable — The plate number is cut off; photograph the whole card. Driver status: Rejected.',
      )
      .waitFor();
    await rejection.getByText('Amara Okafor').waitFor();
    await snap(page, 'drivers-page-history');
    await page.getByRole('tab', { name: 'Wallet' }).click();
    await page.getByTestId('driver-page-wallet').getByText('M-Pesa QK7H2 first float').waitFor();
    await snap(page, 'drivers-page-wallet');
  });

  it('8. the queue and the review screen fit an 800 px window', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    // Without step 1's search, which kept the queue on the now approved driver.
    await page.goto(
      `/driver-management/unapproved-drivers?filter=${encodeURIComponent('{"approvalStatus":"pending"}')}`,
    );
    await page.getByTestId('document-progress').first().waitFor();
    await snap(page, 'drivers-queue-narrow');
    expect(await fitsWidth(page)).toBe(true);
    // The Review button is on screen, not scrolled off the table's right edge.
    const button = await page.getByRole('link', { name: 'Review' }).first().boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(800);
    await page.goto(`/driver-management/review/${driver.id}`);
    await page.getByRole('img', { name: 'Driving licence' }).waitFor();
    await snap(page, 'drivers-review-narrow');
    expect(await fitsWidth(page)).toBe(true);
  });

  it('9. creates a driver with the licence uploaded now and lands on the review, the driver pending', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/driver-management/create');
    const form = page.locator('#main-content');
    await form.getByLabel('First name').waitFor();
    await snap(page, 'drivers-create');
    const phone = `+2547${String(Date.now()).slice(-8)}`;
    await form.getByLabel('First name').fill('Nyokabi');
    await form.getByLabel('Last name').fill('Wairimu-Kariuki');
    await form.getByLabel('Phone').fill(phone);
    await form.getByLabel('Licence number').fill('DL-E2E-1');
    await form.getByLabel('Vehicle plate').fill('KDQ 901Z');
    // A real PNG (1×1): the server decides the type from the bytes.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    await form.getByLabel('Driving licence').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: png });
    await form.getByText('licence.png').waitFor();
    await snap(page, 'drivers-create-filled');
    await form.getByTestId('document-photo').scrollIntoViewIfNeeded();
    await snap(page, 'drivers-create-documents');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/driver-management/review/'), { timeout: 15_000 });
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    const created = await api<ApiDriver>(`/api/user/drivers/${id}`, { token });
    expect(created).toMatchObject({ firstName: 'Nyokabi', approvalStatus: 'pending' });
    expect(created.documents.map((d) => [d.kind, d.status])).toEqual([['licence', 'pending']]);
    await page.getByRole('img', { name: 'Driving licence' }).waitFor();
    await snap(page, 'drivers-create-review');
  });
});
