import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, baseUrl, browserPerFile, signIn, snap, staffToken } from './browser';

/**
 * Bulk actions (issues 32 and 44): three drivers selected in the drivers list are suspended with one
 * reason; the dialog names them, says how each went and offers Undo, which reinstates the same
 * three: no text reaches them (the suspension's texts were held for the undo window and the undo
 * cancelled them), and the audit log shows each undo linked to its suspension.
 * Screens: test-results/screens/bulk-*.png.
 */

const { open } = browserPerFile({ keepContexts: true });

interface ApiDriver {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  suspendedAt: string | null;
  suspensionReason: string | null;
}
interface HeldText {
  id: number;
  auditLogId: number;
  phone: string;
  text: string;
  state: 'held' | 'sent' | 'cancelled';
}

const REASON = 'Test: document audit pending';

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
  const held = async () => (await (await fetch(`${baseUrl()}/api/dev/held-messages`)).json()) as HeldText[];
  /** The texts to these phones in the development outbox (newest first). */
  const textsTo = async (phones: string[]) =>
    ((await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as { to: string; text: string }[]).filter((m) =>
      phones.includes(m.to),
    );

  it('suspends three selected drivers with one reason and undoes it: no text sent, the audit showing the undo', async () => {
    const heldBefore = Math.max(0, ...(await held()).map((m) => m.id));
    const heldTo = async (phones: string[]) =>
      (await held()).filter((m) => m.id > heldBefore && phones.includes(m.phone));
    await page.goto('/driver-management/approved-drivers');
    const rows = page.locator('tbody tr');
    await rows.nth(2).waitFor();
    for (let i = 0; i < 3; i++) await rows.nth(i).getByRole('checkbox').check();
    await page.getByText('3 items selected').waitFor();
    const names = (await Promise.all([0, 1, 2].map((i) => rows.nth(i).locator('td').nth(1).innerText()))).map((text) =>
      text.split('\n')[0].trim(),
    );
    await page.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Suspend: 3 selected records').count()).toBe(1);
    const selected = dialog.getByRole('list', { name: 'Selected' }).getByRole('listitem');
    await expect.poll(() => selected.allInnerTexts()).toEqual(names);
    await dialog.getByRole('button', { name: 'Apply to 3 records' }).click();
    await dialog.getByText('Give a reason').waitFor();
    await dialog.getByLabel('Reason').fill(REASON);
    await snap(page, 'bulk-suspend-dialog');
    await dialog.getByRole('button', { name: 'Apply to 3 records' }).click();
    await dialog.getByText('3 suspended, 0 refused').waitFor();
    await snap(page, 'bulk-suspend-result');
    const ids = await suspendedFor(REASON);
    expect(ids).toHaveLength(3);
    const phones = await Promise.all(ids.map(async (id) => (await driver(id)).phone));
    // The bar no longer counts them as selected.
    await expect.poll(() => page.getByText('3 items selected').count()).toBe(0);
    // Their suspension texts wait for the undo window; none has gone out.
    await expect.poll(async () => (await heldTo(phones)).map((m) => m.state)).toEqual(['held', 'held', 'held']);
    expect(await textsTo(phones)).toEqual([]);

    await dialog.getByRole('button', { name: /^Undo \(\d+ s\)$/ }).click();
    await dialog.getByText('Undone: 3 reinstated, 0 refused').waitFor();
    await snap(page, 'bulk-suspend-undone');
    for (const id of ids) expect((await driver(id)).suspendedAt).toBeNull();
    const undone = await heldTo(phones);
    expect(undone.map((m) => [m.state, m.text])).toEqual(
      Array(3).fill(['cancelled', `Ride Admin: your driver account is suspended. Reason: ${REASON}`]),
    );
    expect(await textsTo(phones)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The audit log: each undo is the undo of its suspension, with a link to it.
    const filter = encodeURIComponent(JSON.stringify({ action: 'undo', resource: 'drivers' }));
    await page.goto(`/staff-management/audit-logs?filter=${filter}`);
    const suspension = Math.max(...undone.map((m) => m.auditLogId));
    const link = page.getByRole('link', { name: `Undo of Suspend, entry #${suspension}` });
    await link.waitFor();
    await expect.poll(() => page.locator('tbody tr', { hasText: 'Reinstate' }).count()).toBe(0);
    await snap(page, 'bulk-audit-undo');
    await link.click();
    await snap(page, 'bulk-audit-original');
    const original = page.locator('tbody tr', { hasText: 'Suspend' });
    await expect.poll(() => original.count()).toBe(1);
    await page.getByText('1-1 of 1').waitFor();
  });
});
