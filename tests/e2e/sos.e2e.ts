import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  browserPerFile,
  closeNewSosAlarms,
  fitsWidth,
  listPath,
  shot,
  signIn,
  snap,
  staffToken,
} from './browser';

/**
 * SOS end to end with two signed-in members of staff (two browser contexts): an alarm raised
 * through the public API reaches both as the red banner with the sound hook fired; one
 * acknowledges from the banner; it leaves both screens; the alarm's page shows the map and the
 * time to acknowledge, and the board its figures.
 */

const { open } = browserPerFile();

const SUPPORT_PASSWORD = 'Staff@1234';

const list = listPath;

/** How many times the page asked for the SOS sound (the test hook on <html data-sos-sounds>). */
const sounds = (page: Page) =>
  page.evaluate(() =>
    Number(
      (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }).document
        .documentElement.dataset.sosSounds ?? 0,
    ),
  );

/** Signs in and waits for the realtime socket (the banner and the sound depend on it). */
async function signInLive(account: { email: string; password: string }): Promise<Page> {
  const page = await open();
  const socket = page.waitForEvent('websocket', {
    predicate: (ws) => ws.url().includes('/socket.io/'),
    timeout: 20_000,
  });
  await signIn(page, account);
  await socket;
  // The server has put the socket in the staff member's rooms (its `subscribed` event).
  await page.locator('[data-testid="notification-bell"][data-live="true"]').waitFor();
  return page;
}

describe('SOS', () => {
  it('reaches two staff as a banner with the sound; one acknowledges; it leaves both; the page shows the map and the time', async () => {
    const admin = await staffToken();
    // The sound is counted: an alarm another file left new would add its escalation's.
    await closeNewSosAlarms(admin);
    const roles = await api<{ id: number; name: string }[]>(list('/api/user/roles', { range: [0, 99] }), {
      token: admin,
    });
    const supportRole = roles.json.find((r) => r.name === 'Support Agent')!;
    const agents = await api<{ email: string; firstName: string; lastName: string }[]>(
      // The first seeded agent (other e2e files create staff of their own, with other passwords).
      list('/api/user/staffs', {
        filter: { roleId: supportRole.id, status: 'active' },
        sort: ['id', 'ASC'],
        range: [0, 0],
      }),
      { token: admin },
    );
    const agent = agents.json[0];
    const agentName = `${agent.firstName} ${agent.lastName}`;

    const first = await signInLive(ADMIN);
    const second = await signInLive({ email: agent.email, password: SUPPORT_PASSWORD });
    // The second watches the board.
    await second.goto('/sos-call-logs');
    await second.getByTestId('sos-ack-stats').waitFor();
    await second.locator('tbody tr').first().waitFor();
    const soundsBefore = [await sounds(first), await sounds(second)];

    // A driver's SOS on a trip under way.
    const trips = await api<{ id: number }[]>(
      list('/api/trip/trips', { filter: { status: 'in_progress' }, sort: ['id', 'ASC'], range: [0, 0] }),
      { token: admin },
    );
    const trip = trips.json[0];
    const raised = Date.now();
    const report = await api<{ data: { id: number } }>('/api/trip/sos/report', {
      method: 'POST',
      body: { tripId: trip.id, caller: 'driver', lat: -1.2864, lng: 36.8172 },
    });
    expect(report.status).toBe(201);
    const id = report.json.data.id;

    // Both see it in the banner within 2 s, ticking, and both pages asked for the sound.
    for (const page of [first, second]) {
      const row = page.getByTestId('sos-banner-alarm').and(page.locator(`[data-id="${id}"]`));
      await row.waitFor({ state: 'visible', timeout: 2_000 });
      expect(await row.textContent()).toMatch(new RegExp(`SOS from driver .+, trip #${trip.id}, 0:0\\d ago`));
      // Reported without an app token (this server allows it: SOS_PUBLIC_REPORTS): marked unverified.
      expect(await row.getByTestId('sos-banner-unverified').textContent()).toBe('Unverified');
    }
    expect(Date.now() - raised).toBeLessThan(3_000);
    // The board has it on top, new.
    const top = second.locator('tbody tr').first();
    await expect.poll(() => top.textContent(), { timeout: 2_000 }).toContain(`Trip #${trip.id}`);
    expect(await top.textContent()).toContain('New');
    await expect.poll(() => sounds(first)).toBe(soundsBefore[0] + 1);
    await expect.poll(() => sounds(second)).toBe(soundsBefore[1] + 1);
    // The age ticks.
    const firstRow = first.locator(`[data-testid="sos-banner-alarm"][data-id="${id}"]`);
    const before = await firstRow.textContent();
    await expect.poll(() => firstRow.textContent(), { timeout: 3_000 }).not.toBe(before);
    await shot(first, 'sos-banner-admin');
    await shot(second, 'sos-banner-agent-board');

    // The second acknowledges from the banner; the alarm leaves both screens at once.
    const secondRow = second.locator(`[data-testid="sos-banner-alarm"][data-id="${id}"]`);
    await secondRow.getByRole('button', { name: 'Acknowledge' }).click();
    await secondRow.waitFor({ state: 'detached', timeout: 3_000 });
    await firstRow.waitFor({ state: 'detached', timeout: 3_000 });
    await expect.poll(() => top.textContent(), { timeout: 3_000 }).toContain('Acknowledged');
    expect(await top.textContent()).toContain(agentName);

    // The alarm's page: the map with the caller's position, and the time to acknowledge.
    await first.goto(`/sos-call-logs/${id}`);
    const show = first.getByTestId('sos-show');
    await show.waitFor();
    await show.getByTestId('route-map').waitFor();
    await show
      .getByTestId('route-map')
      .getByRole('img', { name: /^SOS: / })
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => show.getByTestId('sos-ack-time').textContent()).toMatch(/^\d+ s$/);
    const timeline = show.getByTestId('sos-timeline');
    await expect.poll(() => timeline.textContent()).toContain(`Acknowledged by ${agentName} after`);
    expect(await show.locator('a[href^="tel:"]').count()).toBeGreaterThanOrEqual(2);
    await show.getByTestId('sos-contacts').getByText('999').first().waitFor();
    await snap(first, 'sos-alarm-page');

    // Acknowledging again (a stale screen) is refused with who has it.
    const again = await api<{ message: string }>(`/api/trip/sos-call-logs/${id}/acknowledge`, {
      method: 'POST',
      body: {},
      token: admin,
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(`Already acknowledged by ${agentName}`);

    // Resolve from the page, with the required note.
    await show.getByRole('button', { name: 'Resolve' }).click();
    const dialog = first.getByRole('dialog', { name: 'Resolve the alarm' });
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await dialog.getByText('Say how the alarm was resolved').waitFor();
    await dialog.getByLabel('Note').fill('Called the driver: a passenger was unwell, taken to hospital.');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => timeline.textContent()).toContain('Resolved by Amara Okafor');

    // The board: the alarm on top of the day's list with its figures in the header.
    await first.goto('/sos-call-logs');
    const stats = first.getByTestId('sos-ack-stats');
    await expect.poll(() => stats.textContent(), { timeout: 10_000 }).toMatch(/Median\s*\d/);
    await first.getByText(`Trip #${trip.id}`).first().waitFor();
    await snap(first, 'sos-board');

    // A phone-sized window: the banner and the alarm's page still fit, without a sideways scroll. The
    // banner needs an alarm still new: a passenger's on another trip (the seed's own is closed 10
    // minutes after it was raised, as a simulated one).
    const others = await api<{ id: number }[]>(
      list('/api/trip/trips', { filter: { status: 'in_progress' }, sort: ['id', 'ASC'], range: [1, 1] }),
      { token: admin },
    );
    const another = await api('/api/trip/sos/report', {
      method: 'POST',
      body: { tripId: others.json[0].id, caller: 'passenger', lat: -1.2864, lng: 36.8172 },
    });
    expect(another.status).toBe(201);
    const narrow = await open({ width: 390, height: 844 });
    await signIn(narrow);
    await narrow.getByTestId('sos-banner').waitFor();
    await narrow.goto(`/sos-call-logs/${id}`);
    await narrow.getByTestId('sos-show').waitFor();
    await narrow.getByTestId('sos-ack-time').waitFor();
    expect(await fitsWidth(narrow)).toBe(true);
    await snap(narrow, 'sos-alarm-page-narrow');
    await closeNewSosAlarms(admin);
  });
});
