import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, baseUrl, browserPerFile, signIn, snap, staffToken } from './browser';

/**
 * Bulk actions (issue 32): five drivers selected in the drivers list are suspended with one
 * reason; the dialog says how each went and offers Undo, which reactivates the same five.
 * Screens: test-results/screens/bulk-*.png.
 */

const { open } = browserPerFile({ keepContexts: true });

interface ApiDriver {
  id: number;
  suspendedAt: string | null;
  suspensionReason: string | null;
}

describe('bulk suspension with one reason, then undo', () => {
  let page: Page;
  let token: string;

  beforeAll(async () => {
    page = await open({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    token = await staffToken();
  });

  const driver = async (id: number) => {
    const res = await fetch(`${baseUrl()}/api/user/drivers/${id}`, { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as ApiDriver;
  };
  const suspendedFor = async (reason: string) => {
    const filter = encodeURIComponent(JSON.stringify({ approvalStatus: 'suspended' }));
    const res = await fetch(`${baseUrl()}/api/user/drivers?filter=${filter}&range=[0,499]`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as ApiDriver[]).filter((d) => d.suspensionReason === reason).map((d) => d.id);
  };

  it('suspends five selected drivers with one reason and undoes it within 10 seconds', async () => {
    await page.goto('/driver-management/approved-drivers');
    const rows = page.locator('tbody tr');
    await rows.nth(4).waitFor();
    for (let i = 0; i < 5; i++) await rows.nth(i).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Suspend: 5 selected records').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Apply to 5 records' }).click();
    await dialog.getByText('Give a reason').waitFor();
    await dialog.getByLabel('Reason').fill('Insurance papers audit');
    await snap(page, 'bulk-suspend-dialog');
    await dialog.getByRole('button', { name: 'Apply to 5 records' }).click();
    await dialog.getByText('5 suspended, 0 refused').waitFor();
    await snap(page, 'bulk-suspend-result');
    const ids = await suspendedFor('Insurance papers audit');
    expect(ids).toHaveLength(5);

    await dialog.getByRole('button', { name: /^Undo \(\d+ s\)$/ }).click();
    await dialog.getByText('Undone: 5 reactivated, 0 refused').waitFor();
    await snap(page, 'bulk-suspend-undone');
    for (const id of ids) expect((await driver(id)).suspendedAt).toBeNull();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });
});
