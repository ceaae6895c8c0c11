import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, api, browserPerFile, signIn, staffToken } from './browser';

/**
 * Issue 45, languages: a staff member working in Swahili exports the trips list from the panel and
 * gets the panel's Swahili words in the file (headers and statuses), from the real server's export.
 */

const { open } = browserPerFile();

const saveLocale = async (locale: string) =>
  api('/api/user/auth/locale', { method: 'PUT', token: await staffToken(ADMIN), body: { locale } });

afterAll(() => saveLocale('en'));

describe('the trips export in Swahili', () => {
  it('downloads a CSV with Swahili headers and status labels', async () => {
    expect((await saveLocale('sw')).status).toBe(200);
    const page = await open({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto('/trip-management/trips');
    // The list's own Export (the bulk toolbar, hidden until rows are ticked, has one too).
    const exportButton = page.getByRole('button', { name: 'Hamisha', exact: true }).first();
    await exportButton.waitFor({ timeout: 20_000 });
    await expect.poll(() => exportButton.isEnabled(), { timeout: 20_000 }).toBe(true);
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await exportButton.click();
    const file = await download;
    const [header, ...rows] = fs
      .readFileSync((await file.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const names = header.split(',');
    expect(names[0]).toBe('Safari');
    expect(names).toContain('Hali');
    expect(names).toContain('Nauli (KES)');
    const status = names.indexOf('Hali');
    const labels = new Set(rows.map((row) => row.split(',')[status]));
    expect([...labels].some((label) => ['Imekamilika', 'Imeghairiwa na abiria', 'Inaendelea'].includes(label))).toBe(
      true,
    );
    for (const code of ['completed', 'in_progress', 'cancelled_by_passenger']) expect(labels).not.toContain(code);
  });
});
