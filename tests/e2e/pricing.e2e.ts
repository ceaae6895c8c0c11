import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, baseUrl, browserPerFile, fitsWidth, signIn, snap, waitForPath, staffToken } from './browser';

/**
 * Pricing end to end (issue 13), in the system Chromium against the real server: a vehicle
 * type's per-km rate is edited with the fare preview showing the difference before saving; the
 * price-settings page raises Economy's Friday-evening surge, the calculator shows the new total
 * before saving, the summary names the change, and afterwards the API quotes with it while a
 * trip quoted before keeps its fare. Screens go to test-results/screens/pricing-*.png.
 */

const NARROW = { width: 800, height: 900 };
const FRIDAY_1800_NAIROBI = '2026-11-27T15:00:00.000Z';
const PICKUP = { lat: -1.2864, lng: 36.8172 };
const DROPOFF = { lat: -1.3192, lng: 36.9278 };

const { open } = browserPerFile({ keepContexts: true });

let token: string;
async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/trip/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
/** After two frames: the layout has followed a window resize (media queries, React). */
const nextFrames = (page: Page) =>
  page.evaluate(() => {
    const { requestAnimationFrame: frame } = globalThis as unknown as {
      requestAnimationFrame: (cb: () => void) => void;
    };
    return new Promise<void>((resolve) => frame(() => frame(resolve)));
  });
/** Does the list's table fit its card, without a sideways scroll? */
const tableFits = (page: Page) =>
  page
    .locator('.RaDataTable-tableWrapper')
    .evaluate((el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth <= el.clientWidth);

describe('pricing', () => {
  let page: Page;
  let economyId: number;

  beforeAll(async () => {
    token = await staffToken();
    const types = await api<{ id: number; name: string }[]>('GET', 'vehicle-types?filter={"name":"Economy"}');
    economyId = types[0].id;
    page = await open();
    await signIn(page, ADMIN);
  });

  it('1. edits Economy’s per-km rate, seeing the sample fares change before saving', async () => {
    await page.goto('/vehicle-management/vehicles');
    await page.getByText('Economy', { exact: true }).waitFor();
    await snap(page, 'pricing-vehicle-types');
    expect(await tableFits(page)).toBe(true);
    await page.getByText('Economy', { exact: true }).click();
    await waitForPath(page, `/vehicle-management/vehicles/${economyId}`);
    await page.getByTestId('vehicle-type-summary').waitFor();
    await snap(page, 'pricing-vehicle-type-show');

    await page.getByRole('link', { name: 'Edit' }).click();
    await waitForPath(page, `/vehicle-management/vehicles/${economyId}/edit`);
    const perKm = page.getByLabel('Per km');
    await perKm.waitFor();
    const rate = Number(await perKm.inputValue());
    await perKm.fill(String(rate + 5));
    const airport = page.getByTestId('sample-fare-airport');
    // 25 km × 5 more.
    await expect
      .poll(async () => plain(await airport.getByTestId('fare-change').textContent()))
      .toMatch(/^\+KES 125\.00/);
    await snap(page, 'pricing-vehicle-type-edit-preview');

    await page.getByRole('button', { name: 'Save' }).click();
    // A fare change is confirmed, each old → new amount shown, and the toast says what was saved.
    const confirm = page.getByRole('dialog', { name: 'Save these price changes?' });
    await confirm.waitFor();
    await snap(page, 'pricing-vehicle-type-confirm');
    await confirm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Economy fares updated').waitFor();
    await waitForPath(page, `/vehicle-management/vehicles/${economyId}`);
    const saved = await api<{ pricePerKm: number }>('GET', `vehicle-types/${economyId}`);
    expect(saved.pricePerKm).toBe(rate + 5);

    await page.setViewportSize(NARROW);
    await page.goto('/vehicle-management/vehicles');
    await page.getByText('Economy', { exact: true }).waitFor();
    await snap(page, 'pricing-vehicle-types-narrow');
    expect(await tableFits(page)).toBe(true);
    // From a narrow laptop to a wide screen, the list never scrolls sideways.
    const overflowing: number[] = [];
    for (const width of [900, 1024, 1100, 1200, 1280, 1366, 1440, 1536, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await nextFrames(page);
      if (!(await tableFits(page))) overflowing.push(width);
      if (width === 1024) await snap(page, 'pricing-vehicle-types-1024');
    }
    expect(overflowing).toEqual([]);
    await page.setViewportSize(NARROW);
    await page.goto(`/vehicle-management/vehicles/${economyId}/edit`);
    await page.getByTestId('fare-preview').waitFor();
    await snap(page, 'pricing-vehicle-type-edit-narrow');
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 850 });
  });

  it('2. raises Economy’s Friday-evening surge on the price-settings page: calculator, summary, save', async () => {
    // A trip quoted now, before the change.
    const passengers = await (
      await fetch(`${baseUrl()}/api/user/passengers?filter={"status":"active"}&range=[0,49]`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    let quoted: { id: number; fareTotal: number; surgeMultiplier: number } | undefined;
    for (const p of passengers as { id: number }[]) {
      try {
        quoted = await api('POST', 'trips', {
          passengerId: p.id,
          vehicleTypeId: economyId,
          pickupAddress: 'Kenyatta Avenue',
          pickupLat: PICKUP.lat,
          pickupLng: PICKUP.lng,
          dropoffAddress: 'JKIA',
          dropoffLat: DROPOFF.lat,
          dropoffLng: DROPOFF.lng,
        });
        break;
      } catch {
        /* this passenger has a trip under way; the next one */
      }
    }
    expect(quoted).toBeDefined();
    const before = await api<{ data: { surgeMultiplier: number; total: number } }>('POST', 'fare-estimate', {
      vehicleTypeId: economyId,
      pickup: PICKUP,
      dropoff: DROPOFF,
      at: FRIDAY_1800_NAIROBI,
    });
    expect(before.data.surgeMultiplier).toBe(1.5);

    await page.goto('/price-setting');
    await page.getByTestId('surge-grid').waitFor();
    await snap(page, 'pricing-settings-page');
    const economy = page.getByTestId('overrides-Economy');
    await economy.getByRole('button', { name: 'Give Economy its own windows' }).click();
    await economy.getByRole('button', { name: 'Add window' }).click();
    const dialog = page.getByRole('dialog');
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu'])
      await dialog.getByRole('button', { name: day, exact: true }).click();
    await dialog.getByLabel('Multiplier').fill('1.8');
    await dialog.getByLabel('Label').fill('Friday evening peak');
    await snap(page, 'pricing-surge-dialog');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The calculator (Economy, 12 km, 30 min, Friday 18:00) shows both totals before saving.
    const total = page.getByTestId('calc-total');
    const nowTotal = plain(await total.getByTestId('calc-now').textContent());
    await expect.poll(async () => plain(await total.getByTestId('calc-edited').textContent())).not.toBe(nowTotal);
    await page.getByRole('combobox', { name: 'Show surge for' }).click();
    await page.getByRole('option', { name: 'Economy', exact: true }).click();
    expect(await page.getByTestId('surge-cell-5-18').getAttribute('data-multiplier')).toBe('1.8');
    await page.getByTestId('fare-calculator').scrollIntoViewIfNeeded();
    await snap(page, 'pricing-settings-calculator');

    await page.getByRole('button', { name: 'Review and save' }).click();
    const summary = page.getByTestId('change-summary');
    await expect
      .poll(async () => plain(await summary.textContent()))
      .toContain('Economy, Fri 17:00–20:00: ×1.5 → ×1.8');
    // The change in money, before saving: the commute on Friday at 17:00.
    const effects = page.getByTestId('change-effects');
    expect(plain(await effects.textContent())).toContain('Fri 17:00 (×1.5 → ×1.8)');
    await snap(page, 'pricing-settings-summary');
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Price settings saved/).waitFor();
    await expect.poll(() => page.getByTestId('unsaved-bar').count()).toBe(0);

    const after = await api<{ data: { surgeMultiplier: number; total: number } }>('POST', 'fare-estimate', {
      vehicleTypeId: economyId,
      pickup: PICKUP,
      dropoff: DROPOFF,
      at: FRIDAY_1800_NAIROBI,
    });
    expect(after.data.surgeMultiplier).toBe(1.8);
    expect(after.data.total).toBeGreaterThan(before.data.total);
    const trip = await api<{ fareTotal: number; surgeMultiplier: number }>('GET', `trips/${quoted!.id}`);
    expect(trip.fareTotal).toBe(quoted!.fareTotal);
    expect(trip.surgeMultiplier).toBe(quoted!.surgeMultiplier);

    await page.setViewportSize(NARROW);
    await page.getByTestId('surge-grid').scrollIntoViewIfNeeded();
    await snap(page, 'pricing-settings-narrow');
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 850 });
  });

  it('3. creates a discount starting next month and sees it as scheduled', async () => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    await page.goto('/discounts/create');
    await page.getByLabel('Code').fill(code.toLowerCase());
    await page.getByLabel('Name').fill('Next month launch');
    await page.getByLabel('Value').fill('15');
    await page.getByLabel('Maximum discount').fill('300');
    const start = new Date(Date.now() + 30 * 86_400_000);
    const end = new Date(Date.now() + 60 * 86_400_000);
    // The date fields take day, month, year, hours and minutes from the keyboard, section by section.
    const typeDateTime = async (label: string, d: Date) => {
      const [, year, month, day, hours, minutes] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(d.toISOString())!;
      await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
      await page.keyboard.type(`${day}${month}${year}${hours}${minutes}`);
    };
    await typeDateTime('Valid from', start);
    await typeDateTime('Valid to', end);
    await page.getByLabel('Usage limit').fill('500');
    const preview = page.getByTestId('discount-preview');
    await expect
      .poll(async () => plain(await preview.getByTestId('sample-fare-commute').textContent()))
      .toContain('−KES');
    await snap(page, 'pricing-discount-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('discount-summary').waitFor();
    expect(plain(await page.getByTestId('discount-summary').textContent())).toContain(code);
    expect(await page.getByTestId('discount-summary').getByTestId('status-chip').textContent()).toBe('Scheduled');
    await snap(page, 'pricing-discount-show');

    await page.goto('/discounts');
    const row = page.locator('tr', { hasText: code });
    await row.waitFor();
    expect(await row.getByTestId('status-chip').textContent()).toBe('Scheduled');
    await snap(page, 'pricing-discounts');
  });

  it('4. lists the payment gateways with their mode and whether configured, and edits one without seeing its secrets', async () => {
    await page.goto('/manage-payment-getwas');
    const stripe = page.locator('tr', { hasText: 'Stripe cards' });
    await stripe.waitFor();
    expect(await stripe.getByTestId('configured').textContent()).toBe('Configured');
    await snap(page, 'pricing-gateways');
    await stripe.click();
    await page.getByTestId('gateway-summary').waitFor();
    await snap(page, 'pricing-gateway-show');
    const stripeId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('link', { name: 'Edit' }).click();
    const secret = page.getByTestId('secret-secretKey');
    await secret.waitFor();
    expect(plain(await secret.textContent())).toMatch(/•••• \S{4}/);
    expect(await page.content()).not.toContain('sk_test_');
    await snap(page, 'pricing-gateway-edit');

    // Going live asks first; once confirmed, the switch is in the audit log.
    await page.getByRole('combobox', { name: /Mode/ }).click();
    await page.getByRole('option', { name: 'Live' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Switch Stripe cards to live?').waitFor();
    await snap(page, 'pricing-gateway-live-confirm');
    await confirm.getByRole('button', { name: 'Switch to live' }).click();
    await page.getByTestId('gateway-summary').waitFor();
    expect((await api<{ mode: string }>('GET', `payment-gateways/${stripeId}`)).mode).toBe('live');
    const audit = (await (
      await fetch(
        `${baseUrl()}/api/user/audit-logs?filter=${encodeURIComponent(
          JSON.stringify({ resource: 'payment-gateways', recordId: String(stripeId) }),
        )}&sort=["id","DESC"]&range=[0,0]`,
        { headers: { authorization: `Bearer ${token}` } },
      )
    ).json()) as Record<string, unknown>[];
    expect(audit[0]).toMatchObject({ action: 'update', before: { mode: 'test' }, after: { mode: 'live' } });
    expect(JSON.stringify(audit)).not.toContain('sk_test_');
  });
});
