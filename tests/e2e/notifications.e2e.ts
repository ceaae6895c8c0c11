import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, browserPerFile, closeNewSosAlarms, signIn, snap, staffToken, type PageGlobals } from './browser';

/**
 * Notifications end to end: the bell's count, a driver registering through
 * the public API reaching a signed-in admin as a toast over Socket.IO, the
 * list marking all as seen, infinite scroll to its end, and an SOS toast.
 */

const { open } = browserPerFile();

interface NotificationPageBody {
  data: { notifications: { id: number; title: string }[]; unseenCount: number };
  meta: { totalPages: number };
}

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);

/** The access token of the page's stored session. */
const pageToken = (page: Page) =>
  page.evaluate(
    () =>
      (
        JSON.parse((globalThis as unknown as PageGlobals).localStorage.getItem('session') ?? '{}') as {
          accessToken?: string;
        }
      ).accessToken,
  );

/**
 * Signs in as the admin, waiting for the bell to show the server's unseen
 * count and for the realtime socket to be up (it upgrades to a WebSocket
 * once connected). Returns that count.
 */
async function signInWithBell(): Promise<{ page: Page; unseen: number }> {
  const page = await open();
  const socket = page.waitForEvent('websocket', {
    predicate: (ws) => ws.url().includes('/socket.io/'),
    timeout: 20_000,
  });
  await signIn(page);
  // Asked of the API directly: the panel may abort and repeat its own first request while the layout mounts.
  const server = await api<NotificationPageBody>('/api/user/notifications?page=1&perPage=10', {
    token: await pageToken(page),
  });
  expect(server.status).toBe(200);
  const unseen = server.json.data.unseenCount;
  await socket;
  const bell = page.getByTestId('notification-bell');
  await expect.poll(() => bell.getAttribute('data-count')).toBe(String(unseen));
  // The server has put the socket in the staff member's rooms (its `subscribed` event).
  await page.locator('[data-testid="notification-bell"][data-live="true"]').waitFor();
  return { page, unseen };
}

describe('notifications', () => {
  it('toast a driver registration within 2 s, count it on the bell, and list it', async () => {
    const { page, unseen } = await signInWithBell();
    const bell = page.getByTestId('notification-bell');
    if (unseen > 0) await expect.poll(() => bell.getAttribute('aria-label')).toBe(`Notifications, ${unseen} unseen`);

    const stamp = unique();
    const driver = { firstName: 'Wanjiru', lastName: `Kamau${stamp}`, phone: `+2547${stamp.slice(-8)}` };
    const registered = Date.now();
    const answer = await api<{ data: { id: number } }>('/api/user/drivers/register', { method: 'POST', body: driver });
    expect(answer.status).toBe(201);

    const title = `New driver registration: ${driver.firstName} ${driver.lastName}`;
    const toast = page.getByTestId('notification-toast').filter({ hasText: title });
    await toast.waitFor({ state: 'visible', timeout: 2_000 });
    expect(Date.now() - registered).toBeLessThan(2_000);
    expect(await toast.getAttribute('data-severity')).toBe('success');
    await expect.poll(() => bell.getAttribute('data-count'), { timeout: 5_000 }).toBe(String(unseen + 1));
    await expect
      .poll(() => bell.locator('.MuiBadge-badge').textContent())
      .toBe(unseen + 1 > 99 ? '99+' : String(unseen + 1));
    await snap(page, 'notifications-toast');

    // Opening the bell lists it first, and marks everything as seen.
    const marked = page.waitForResponse((response) => response.url().endsWith('/api/user/notifications/markAllAsSeen'));
    await bell.click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await dialog.waitFor();
    expect((await marked).status()).toBe(200);
    await expect.poll(() => bell.getAttribute('data-count')).toBe('0');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    const items = dialog.getByTestId('notification-item');
    await expect.poll(() => items.first().textContent()).toContain(title);
    expect(await items.first().textContent()).toMatch(/now|seconds? ago/);
    await snap(page, 'notifications-menu');

    // Infinite scroll to the end.
    const list = dialog.getByTestId('notification-list');
    const end = dialog.getByText('Hay! You have seen it all', { exact: true });
    for (let round = 0; round < 100 && !(await end.isVisible()); round += 1) {
      const before = await items.count();
      await list.evaluate((element) => {
        element.scrollTop = element.scrollHeight;
      });
      await expect
        .poll(async () => (await items.count()) > before || (await end.isVisible()), { timeout: 5_000 })
        .toBe(true);
    }
    await end.scrollIntoViewIfNeeded();
    expect(await end.isVisible()).toBe(true);
    const token = await pageToken(page);
    const server = await api<NotificationPageBody & { meta: { total: number } }>(
      '/api/user/notifications?page=1&perPage=10',
      { token },
    );
    expect(await items.count()).toBe(server.json.meta.total);
    await snap(page, 'notifications-end');

    // The item opens the driver's review page.
    await list.evaluate((element) => {
      element.scrollTop = 0;
    });
    await items.first().click();
    await page.waitForURL((url) => url.pathname === `/driver-management/review/${answer.json.data.id}`);
    await page.getByText(driver.lastName).first().waitFor();
    expect(await page.getByTestId('not-found').count()).toBe(0);
  });

  it('toast an SOS in red, opening its call log', async () => {
    const token = await staffToken();
    // The toasts are counted: an alarm another file left new could be escalated meanwhile, with a toast.
    await closeNewSosAlarms(token);
    const { page } = await signInWithBell();
    const filter = encodeURIComponent(JSON.stringify({ status: 'in_progress' }));
    const trips = await api<{ id: number }[]>(`/api/trip/trips?filter=${filter}&range=${encodeURIComponent('[0,0]')}`, {
      token,
    });
    expect(trips.status).toBe(200);
    const trip = trips.json[0];
    expect(trip).toBeDefined();

    // A registration first: the SOS toast stacks above it.
    const stamp = unique();
    const registered = await api('/api/user/drivers/register', {
      method: 'POST',
      body: { firstName: 'Otieno', lastName: `Achieng${stamp}`, phone: `+2547${stamp.slice(-8)}` },
    });
    expect(registered.status).toBe(201);
    await page
      .getByTestId('notification-toast')
      .filter({ hasText: `Achieng${stamp}` })
      .waitFor({ timeout: 2_000 });

    const report = await api<{ data: { id: number } }>('/api/trip/sos/report', {
      method: 'POST',
      body: { tripId: trip.id, caller: 'passenger', lat: -1.2864, lng: 36.8172 },
    });
    expect(report.status).toBe(201);
    const toast = page.getByTestId('notification-toast').filter({ hasText: `on trip #${trip.id}` });
    await toast.waitFor({ state: 'visible', timeout: 2_000 });
    expect(await toast.getAttribute('data-severity')).toBe('error');
    const stacked = page.getByTestId('notification-toast');
    expect(await stacked.count()).toBe(2);
    expect(await stacked.first().getAttribute('data-severity')).toBe('error');
    await snap(page, 'notifications-sos-toast');

    await toast.getByRole('button', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname === `/sos-call-logs/${report.json.data.id}`);
    expect(await page.getByTestId('not-found').count()).toBe(0);
    await page.locator('#main-content').getByText(String(trip.id)).first().waitFor();
    await closeNewSosAlarms(token);
  });
});
