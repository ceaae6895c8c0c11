import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../src/domain/payouts';
import { ADMIN, api, apiData, browserPerFile, listPath, signIn, snap, staffToken } from './browser';

/**
 * Driver payouts (issue 32) end to end: the admin prepares last week's batch and may not approve
 * it; a Finance colleague approves it in another session; the M-Pesa and bank files add up to the
 * batch's total; marking it paid writes each driver's payout to the wallet ledger, amount for amount.
 * Screens: test-results/screens/payouts-*.png.
 */

const { open } = browserPerFile({ keepContexts: true });
const SEED_STAFF_PASSWORD = 'Staff@1234';

interface Batch {
  id: number;
  status: string;
  total: number;
  lineCount: number;
  lines: { driverId: number; amount: number; transactionId: number | null }[];
}

describe('a payout batch approved by two staff members, exported and reconciled', () => {
  let admin: Page;
  let finance: Page;
  let token: string;
  let batchPath: string;

  beforeAll(async () => {
    token = await staffToken();
    const [role] = await apiData<{ id: number }[]>(listPath('user/roles', { filter: { q: 'Finance' } }), token);
    const [staff] = await apiData<{ email: string }[]>(
      listPath('user/staffs', { filter: { roleId: role.id, status: 'active' } }),
      token,
    );
    admin = await open({ width: 1440, height: 900 });
    await signIn(admin, ADMIN);
    finance = await open({ width: 1440, height: 900 });
    await signIn(finance, { email: staff.email, password: SEED_STAFF_PASSWORD });
  });

  it('the admin prepares last week’s batch and is told a colleague must approve it', async () => {
    await admin.goto('/payout-batches');
    await admin.getByRole('button', { name: 'Prepare a week' }).first().click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('Prepare the payout batch of a week').waitFor();
    await snap(admin, 'payouts-prepare');
    await dialog.getByRole('button', { name: 'Prepare', exact: true }).click();
    await admin.getByTestId('payout-lines').waitFor();
    batchPath = new URL(admin.url()).pathname;
    expect(batchPath).toMatch(/^\/payout-batches\/\d+$/);
    await admin.getByText('You prepared this batch: another staff member approves it (four eyes).').waitFor();
    expect(await admin.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await snap(admin, 'payouts-prepared');
    // Every term of a row is on screen and the row adds up (issue 44): fares − commission = earnings, and
    // earnings − cash collected + opening + top-ups + adjustments + paid out = closing; the totals row sums the column.
    const table = admin.getByTestId('payout-lines');
    expect((await table.locator('thead th').allInnerTexts()).slice(1, 12)).toEqual([
      'Trips',
      'Fares',
      'Commission',
      'Earnings',
      'Cash collected',
      'Opening balance',
      'Top-ups',
      'Adjustments',
      'Paid out in the week',
      'Closing balance',
      'To pay',
    ]);
    const cents = (text: string) => toCents(text.replace(/,/g, '').replace('−', '-'));
    const amountsOf = (selector: string) =>
      table
        .locator(selector)
        .evaluateAll((rows) =>
          rows.map((r) => [...r.querySelectorAll('td')].slice(2, 12).map((td) => td.textContent ?? '')),
        );
    const rows = (await amountsOf('tbody tr')).map((r) => r.map(cents));
    expect(rows.length).toBeGreaterThan(0);
    for (const [gross, commission, earnings, cash, opening, topups, adjustments, payouts, closing] of rows) {
      expect(gross + commission).toBe(earnings);
      expect(earnings + cash + opening + topups + adjustments + payouts).toBe(closing);
    }
    const [totals] = (await amountsOf('tfoot tr')).map((r) => r.map(cents));
    totals.forEach((total, column) => expect(total).toBe(rows.reduce((sum, r) => sum + r[column], 0)));
  });

  it('a Finance colleague approves it', async () => {
    await finance.goto(batchPath);
    await finance.getByTestId('payout-lines').waitFor();
    await finance.getByRole('button', { name: 'Approve' }).click();
    await finance.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await finance.getByRole('button', { name: 'Export M-Pesa file' }).waitFor();
    await snap(finance, 'payouts-approved');
  });

  it('exports the M-Pesa and the bank files, marks it paid and every line is in its driver’s ledger', async () => {
    const id = Number(batchPath.split('/').pop());
    const batch = (await apiData<Batch>(`trip/payout-batches/${id}`, token)) as Batch;
    expect(batch.status).toBe('approved');
    await admin.reload();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export M-Pesa file' }).click(),
    ]);
    const rows = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('MSISDN,Amount,Name,Reference');
    const [bankDownload] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export bank file' }).click(),
    ]);
    expect(bankDownload.suggestedFilename()).toMatch(/-bank\.csv$/);
    const bankRows = fs
      .readFileSync((await bankDownload.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(bankRows[0]).toBe(
      'Beneficiary Name,Account Number,Bank Code,Branch Code,Amount,Currency,Reference,Narrative',
    );
    // Each driver paid is in one file or the other; together they are the batch total, to the cent.
    expect(rows.length - 1 + bankRows.length - 1).toBe(batch.lineCount);
    const sum =
      rows.slice(1).reduce((s, r) => s + toCents(r.split(',')[1]), 0) +
      bankRows.slice(1).reduce((s, r) => s + toCents(r.split(',')[4]), 0);
    expect(sum).toBe(toCents(batch.total));
    await admin.getByTestId('payment-files').scrollIntoViewIfNeeded();
    await snap(admin, 'payouts-files');

    // Four eyes: the admin prepared the batch, so a colleague marks it paid.
    expect(await admin.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    await admin.getByText('You prepared this batch: another staff member marks it paid (four eyes).').waitFor();
    await finance.reload();
    await finance.getByRole('button', { name: 'Mark paid' }).click();
    const dialog = finance.getByRole('dialog');
    await dialog.getByLabel('Payment reference').fill('MPESA-B2C-5521');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await finance.getByText('MPESA-B2C-5521').first().waitFor();
    await snap(finance, 'payouts-paid');

    const paid = (await apiData<Batch>(`trip/payout-batches/${id}`, token)) as Batch;
    expect(paid.status).toBe('paid');
    const entries = await apiData<{ id: number; driverId: number; amount: number }[]>(
      listPath('trip/driver-transactions', { filter: { kind: 'payout', q: 'MPESA-B2C-5521' }, range: [0, 499] }),
      token,
    );
    const byId = new Map(entries.map((e) => [e.id, e]));
    for (const line of paid.lines.filter((l) => l.amount > 0)) {
      const entry = byId.get(line.transactionId!);
      expect(entry?.driverId).toBe(line.driverId);
      expect(toCents(entry!.amount)).toBe(-toCents(line.amount));
    }
    expect(entries).toHaveLength(batch.lineCount);

    // The driver's wallet names the entry by what it is: a payout, beside the trips' earnings or commission.
    const paidLine = paid.lines.find((l) => l.amount > 0)!;
    await finance.goto(`/driver-management/transactions/${paidLine.driverId}`);
    const entryRow = finance.locator('tr', { has: finance.getByText('MPESA-B2C-5521') });
    await entryRow.getByTestId('status-chip').filter({ hasText: 'Payout' }).waitFor();
    await snap(finance, 'payouts-wallet');
  });
});

/**
 * Issue 44: the bank returns one payment of the batch paid above. A Finance colleague imports the
 * results file, sees what it will do before confirming, and the failed line's amount is back in its
 * driver's wallet with a note naming the batch and the reason. Screens: payouts-results-*.png (en, sw).
 */
describe('a results file with one failed line', () => {
  it('previews, imports, marks the line failed and puts its amount back in the driver’s wallet', async () => {
    const token = await staffToken();
    const [role] = await apiData<{ id: number }[]>(listPath('user/roles', { filter: { q: 'Finance' } }), token);
    const [staff] = await apiData<{ email: string }[]>(
      listPath('user/staffs', { filter: { roleId: role.id, status: 'active' } }),
      token,
    );
    const account = { email: staff.email, password: SEED_STAFF_PASSWORD };
    const financeToken = await staffToken(account);
    const saveLocale = (locale: string) =>
      api('/api/user/auth/locale', { method: 'PUT', token: financeToken, body: { locale } });
    const [batch] = await apiData<Batch[]>(listPath('trip/payout-batches', { filter: { status: 'paid' } }), token);
    const full = await apiData<Batch & { periodStart: string }>(`trip/payout-batches/${batch.id}`, token);
    const toPay = full.lines.filter((l) => l.amount > 0);
    const failed = toPay[0];
    const reason = 'Receiver not registered for M-Pesa';
    const csv = [
      'Line,Amount,Status,Reference,Reason',
      ...toPay.map((l) =>
        l === failed
          ? `PAYOUT-${full.id}-${l.driverId},${l.amount.toFixed(2)},failed,,${reason}`
          : `PAYOUT-${full.id}-${l.driverId},${l.amount.toFixed(2)},paid,MPESA-B2C-5521,`,
      ),
    ].join('\r\n');
    const file = { name: 'mpesa-results.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };

    const page = await open({ width: 1440, height: 900 });
    await signIn(page, account);
    const choose = async () => {
      await page.goto(`/payout-batches/${full.id}`);
      await page.getByTestId('payout-lines').waitFor();
      await page.getByTestId('results-import').click();
      await page.getByTestId('results-file').setInputFiles(file);
      return page.getByTestId('results-preview');
    };
    const preview = await choose();
    await preview.waitFor();
    await snap(page, 'payouts-results-preview-en');
    const said = await preview.innerText();
    expect(said).toMatch(/Failed: 1 line, KES\s[\d,.]+, back to the driver’s wallet for the next batch/);
    expect(said).toContain(`${reason}`);
    expect(said).toContain(`Already settled so, nothing changes: ${toPay.length - 1} lines`);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // The same in Swahili, imported from there.
    expect((await saveLocale('sw')).status).toBe(200);
    try {
      await page.reload();
      const swPreview = await choose();
      await swPreview.waitFor();
      await snap(page, 'payouts-results-preview-sw');
      expect(await swPreview.innerText()).toMatch(/Hayakufanikiwa: mstari 1,/);
      await page.getByRole('dialog').getByRole('button', { name: 'Leta', exact: true }).click();
      await page.getByTestId('line-failed').waitFor();
      await snap(page, 'payouts-results-settled-sw');
    } finally {
      expect((await saveLocale('en')).status).toBe(200);
    }
    await page.reload();
    const failedRow = page.getByTestId('payout-lines').locator('tr', { has: page.getByTestId('line-failed') });
    await failedRow.getByText(`Failed, back in the wallet: ${reason}`).waitFor();
    expect(await page.getByTestId('line-failed').count()).toBe(1);
    await snap(page, 'payouts-results-settled-en');

    // The driver's wallet: the payout went out and came back, with the batch and the reason.
    await page.goto(`/driver-management/transactions/${failed.driverId}`);
    const entry = page.locator('tr', {
      has: page.getByText(new RegExp(`^Payout batch #${full.id} \\(week of [^)]+\\) failed and returned: ${reason}$`)),
    });
    await entry.getByTestId('status-chip').filter({ hasText: 'Payout' }).waitFor();
    await snap(page, 'payouts-results-wallet');
  });
});
