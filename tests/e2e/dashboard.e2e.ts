import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../server/support/parseCsv';
import { pdfText } from '../server/support/pdfText';
import { ADMIN, DISPATCHER, browserPerFile, settled, shot, signIn, snap } from './browser';

/**
 * The dashboard and the reports in Chromium against the real server and its demo data: the KPI
 * cards with their comparison, live figures and charts for a Super Admin; a dispatcher's
 * dashboard without money; the revenue report for last month, its CSV and its PDF, whose totals
 * are the screen's; the totals by year; a driver's revenue letter issued and downloaded.
 */

/** Text with every run of white space (non-breaking ones too) as one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const { open } = browserPerFile();

describe('the dashboard', () => {
  it('shows a Super Admin every card with ▲/▼ against yesterday, live figures and the charts (and logs the time from signing in to the cards)', async () => {
    const page = await open();
    const started = Date.now();
    // signIn, in steps: the login page, the form, then from the click on Login to the cards.
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const signedIn = Date.now() - started;
    await page.getByTestId('kpi-grossFares').waitFor({ timeout: 15_000 });
    const cardsAfter = Date.now() - started;
    const fromClick = Date.now() - clicked;
    // Where the time goes: the login page and the sign-in itself, then what the dashboard waited for.
    const requests = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\/api\/|\.js$/.test(e.name))
        .map(
          (e) =>
            `${new URL(e.name).pathname.replace(/^.*\/assets\//, 'assets/')} ${Math.round(e.startTime)}–${Math.round((e as unknown as { responseEnd: number }).responseEnd)}`,
        ),
    );
    console.log(
      `[dashboard e2e] sign in to cards: ${fromClick} ms from the click on Login; ${cardsAfter} ms from opening /login (login page + sign-in ${signedIn} ms, dashboard ${cardsAfter - signedIn} ms); requests: ${requests.join('; ')}`,
    );
    for (const key of [
      'tripsRequested',
      'tripsCompleted',
      'cancellationRate',
      'commission',
      'averageFare',
      'openIssues',
      'sosUnacknowledged',
    ])
      expect(await page.getByTestId(`kpi-${key}`).count(), key).toBe(1);
    expect(await page.getByTestId('kpi-tripsRequested').innerText()).toMatch(/[▲▼■]/);
    expect(await page.getByTestId('kpi-tripsRequested').innerText()).toMatch(/vs /);
    await expect.poll(() => page.getByTestId('live-tripsWaiting').innerText()).toMatch(/\d/);
    await expect
      .poll(() => page.locator('[data-testid="chart-daily"] svg').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('[data-testid="chart-heatmap"] [role="cell"]').count(), { timeout: 20_000 })
      .toBe(7 * 24);
    await expect.poll(() => page.locator('[data-testid="chart-vehicle-types"] svg').count()).toBeGreaterThan(0);
    await snap(page, 'dashboard-admin');
    await page.setViewportSize({ width: 1366, height: 1800 });
    await shot(page, 'dashboard-admin-full');
    // Another period: the cards compare with the 7 days before.
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(() => page.getByTestId('kpi-tripsRequested').innerText()).toMatch(/vs \d+ \w+ – \d+ \w+/);
  });

  it('shows a dispatcher the trip cards and no revenue', async () => {
    const page = await open();
    await signIn(page, DISPATCHER);
    await expect.poll(() => page.getByTestId('kpi-tripsRequested').count(), { timeout: 15_000 }).toBe(1);
    for (const key of ['grossFares', 'commission', 'averageFare'])
      expect(await page.getByTestId(`kpi-${key}`).count(), key).toBe(0);
    await expect
      .poll(() => page.locator('[data-testid="chart-daily"] svg').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await page.getByTestId('chart-daily').innerText()).not.toContain('Gross fares');
    await settled(page);
    await snap(page, 'dashboard-dispatcher');
  });
});

describe('the revenue report', () => {
  it('shows last month with totals, and exports a CSV whose totals are the screen’s', async () => {
    const page = await open();
    await signIn(page);
    await page.goto('/reports/revenue');
    const totals = page.getByTestId('report-totals');
    await expect.poll(() => totals.count(), { timeout: 20_000 }).toBe(1);
    const screenTotals = (await totals.locator('td').allInnerTexts()).map((s) => s.trim());
    expect(screenTotals[0]).toBe('Total');
    await snap(page, 'report-revenue');
    const download = page.waitForEvent('download');
    await page.getByTestId('revenue-table').getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = fs.readFileSync(file, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Period,Trips,Gross fares,Discounts,Net fares,Commission,Cancellation fees,Driver earnings');
    const last = lines.at(-1)!.split(',');
    expect(last[0]).toBe('Total');
    // The screen shows "KES 1,234.50"; the file has 1234.5.
    const plain = (text: string) => Number(text.replace(/[^\d.-]/g, ''));
    for (let i = 1; i < last.length; i++) expect(Number(last[i]), lines[0].split(',')[i]).toBe(plain(screenTotals[i]));
    // The PDF of the same table holds the same totals.
    const pdfDownload = page.waitForEvent('download');
    await page.getByTestId('revenue-pdf').click();
    const pdf = await (await pdfDownload).path();
    const bytes = fs.readFileSync(pdf);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = pdfText(bytes);
    expect(text).toContain('Revenue report');
    for (const total of screenTotals.slice(1)) expect(flat(text), total).toContain(flat(total));
    // Totals by year, under the report.
    const years = page.getByTestId('totals-by-year-table');
    await expect.poll(() => years.locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await years.locator('thead').innerText()).toContain('Passengers by year end');
    await page.getByTestId('totals-by-year').scrollIntoViewIfNeeded();
    await snap(page, 'report-totals-by-year');
    await page.getByRole('tab', { name: 'By payment method' }).click();
    await expect.poll(() => page.getByTestId('revenue-table').innerText()).toContain('Cash');
    await shot(page, 'report-revenue-by-payment');
  });

  it('lists drivers’ revenue and the trip report', async () => {
    const page = await open();
    await signIn(page);
    await page.goto('/revenues');
    await expect.poll(() => page.getByTestId('report-totals').count(), { timeout: 20_000 }).toBe(1);
    await snap(page, 'report-driver-revenue');
    // 25 drivers a page, the totals over all of them; the CSV holds every driver and the same totals.
    const drivers = page.getByTestId('driver-revenue-table');
    const driverTotals = (await page.getByTestId('report-totals').locator('td').allInnerTexts()).map((s) => s.trim());
    const count = Number(driverTotals[0].replace(/\D/g, ''));
    expect(await drivers.locator('tbody tr').count()).toBe(Math.min(25, count));
    if (count > 25) {
      expect(await page.getByTestId('driver-revenue-table-pages').innerText()).toContain(`1–25 of ${count}`);
      const first = await drivers.locator('tbody tr').first().innerText();
      await page.getByRole('button', { name: 'Go to next page' }).click();
      await expect.poll(() => drivers.locator('tbody tr').first().innerText()).not.toBe(first);
      await shot(page, 'report-driver-revenue-page-2');
    }
    const driversCsv = page.waitForEvent('download');
    await drivers.getByRole('button', { name: 'Export CSV' }).click();
    const driverLines = parseCsv(fs.readFileSync(await (await driversCsv).path(), 'utf8').replace(/^\uFEFF/, ''));
    expect(driverLines.length).toBe(1 + count + 1);
    const csvTotals = driverLines.at(-1)!;
    expect(csvTotals[0]).toBe(driverTotals[0]);
    const money = (text: string) => Number(text.replace(/[^\d.-]/g, ''));
    expect(Number(csvTotals[6])).toBe(money(driverTotals[6])); // net earnings
    await page.goto('/reports/trip');
    await expect.poll(() => page.getByTestId('status-counts').count(), { timeout: 20_000 }).toBe(1);
    await snap(page, 'report-trips');
    // The CSV of the comparison and the PDF of the report hold the same figures.
    const comparison = page.getByTestId('trip-comparison');
    const csvDownload = page.waitForEvent('download');
    await comparison.getByRole('button', { name: 'Export CSV' }).click();
    const csv = parseCsv(fs.readFileSync(await (await csvDownload).path(), 'utf8').replace(/^\uFEFF/, ''));
    expect(csv[0]).toEqual(['', 'This period', 'Previous period', '']);
    expect(csv[1][0]).toBe('Requested');
    const pdfDownload = page.waitForEvent('download');
    await page.getByTestId('trip-pdf').click();
    const file = await pdfDownload;
    expect(file.suggestedFilename()).toMatch(/^trips-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = fs.readFileSync(await file.path());
    fs.writeFileSync('test-results/screens/report-trips.pdf', bytes);
    const lines = pdfText(bytes).text.split('\n');
    expect(lines).toContain('Trip report');
    // Each row of the CSV (label, this period, previous period) is a row of the PDF's table.
    for (const [label, current, previous] of csv.slice(1).filter((r) => r.length === 4)) {
      const at = lines.lastIndexOf(label);
      expect(at, label).toBeGreaterThan(-1);
      expect(lines.slice(at + 1, at + 3), label).toEqual([current, previous]);
    }
  });
});

describe('the drivers’ revenue request letter', () => {
  it('issues a letter for a driver and three months, shows its figures and downloads the PDF with the same totals', async () => {
    const page = await open();
    await signIn(page);
    // The driver who earned most last month, from the drivers' revenue report.
    await page.goto('/revenues');
    const top = page.getByTestId('driver-revenue-table').locator('tbody tr').first().locator('td').first();
    await expect.poll(() => top.count(), { timeout: 20_000 }).toBe(1);
    const name = (await top.innerText()).trim();
    await page.goto('/reports/driver-revenue-letter');
    const driver = page.getByRole('combobox', { name: 'Driver' });
    await driver.click();
    await driver.fill(name.split(' ')[0]);
    const option = page.getByRole('option', { name: new RegExp(name) }).first();
    await expect.poll(() => option.count(), { timeout: 15_000 }).toBe(1);
    await option.click();
    // The month fields show and take MM/YYYY, typed section by section (src/kit/pickers/WallClockField.tsx).
    const to = await page.getByRole('group', { name: 'Last month' }).locator('input[aria-hidden="true"]').inputValue();
    const [m, y] = to.split('/').map(Number);
    const from = new Date(Date.UTC(y, m - 3, 1));
    await page.getByRole('group', { name: 'First month' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(`${String(from.getUTCMonth() + 1).padStart(2, '0')}${from.getUTCFullYear()}`);
    await page.getByTestId('issue-letter').click();
    const issued = page.getByTestId('letter-issued');
    await expect.poll(() => issued.count(), { timeout: 20_000 }).toBe(1);
    const reference = /DRL-\d{4}-\d{6}/.exec(await issued.innerText())![0];
    const rows = page.getByTestId('letter-months').locator('tbody tr');
    expect(await rows.count()).toBe(4); // three months and the total
    const total = (await rows.last().locator('td').allInnerTexts()).map((s) => s.trim());
    expect(total[0]).toBe('Total');
    expect(Number(total[1].replace(/\D/g, ''))).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('driver-letters').innerText(), { timeout: 15_000 }).toContain(reference);
    await snap(page, 'report-driver-letter');
    const download = page.waitForEvent('download');
    await page.getByTestId('letter-pdf').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${reference}.pdf`);
    const { text } = pdfText(fs.readFileSync(await file.path()));
    for (const needle of ['To whom it may concern,', reference, 'Yours faithfully,', ...total.slice(2)])
      expect(flat(text), needle).toContain(flat(needle));
  });
});
