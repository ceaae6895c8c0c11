import fs from 'node:fs';
import type { ElementHandle, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, countByImpact, type AxeFinding } from './axe';
import { ADMIN, DISPATCHER, browserPerFile, pathOf, quiet, signIn } from './browser';
import { menuPaths } from './menuPaths';

/**
 * WCAG 2.1 AA, checked by axe-core on every page state the side menu leads to, as the admin and as a
 * dispatcher, in the light and the dark theme: each menu page, the first record each list opens, its
 * edit form, each list's create form, the profile page, the 404 page and the signed-out screens. Any
 * critical or serious finding fails, listed by page and rule; the counts are also written to
 * test-results/a11y/<role>-<theme>.json for docs/accessibility.md.
 */

const { open } = browserPerFile();

type Scheme = 'light' | 'dark';

interface StateReport {
  state: string;
  findings: AxeFinding[];
}

/** The menu's pages, and the trip report: in the route table but reached from the revenue report. */
async function pagesToAudit(page: Page): Promise<string[]> {
  const paths = await menuPaths(page);
  return paths.includes('/reports/revenue') ? [...paths, '/reports/trip'] : paths;
}

/**
 * Whether the element left the document. A page opened from another is shown only once its code has
 * loaded; meanwhile react-router keeps the old page, so a changed address alone does not mean the new page.
 */
const detached = (element: ElementHandle) =>
  element.evaluate((el) => !(el as unknown as { isConnected: boolean }).isConnected);

/** A link's path, if the page shows one matching the selector. */
async function hrefOf(page: Page, selector: string): Promise<string | undefined> {
  const link = page.locator(selector).first();
  return (await link.count()) > 0 ? ((await link.getAttribute('href')) ?? undefined) : undefined;
}

/** Audits the page as a reader meets it: once quiet (browser.ts: no loading screen, progress bar or API request, a calm document, no animation). */
async function audit(page: Page, state: string, reports: StateReport[]): Promise<void> {
  await quiet(page);
  reports.push({ state, findings: await axeFindings(page) });
}

/** Visits a list, then the first record a row opens and its edit form, and the list's create form. */
async function auditList(page: Page, path: string, reports: StateReport[], seen: Set<string>): Promise<void> {
  await page.goto(path);
  await audit(page, path, reports);
  const create = await hrefOf(page, 'main a[href$="/create"]');
  const row = page.locator('main tbody tr.RaDataTable-clickableRow').first();
  if ((await row.count()) > 0) {
    const clicked = await row.elementHandle();
    await row.click();
    // A row opens its record's page (once shown, the list is gone), or expands in place (the audit log).
    await expect
      .poll(async () => (await detached(clicked!)) || (await page.locator('main tr[id$="-expand"]').count()) > 0)
      .toBe(true);
    const opened = pathOf(page);
    if (opened !== path && !seen.has(opened)) {
      seen.add(opened);
      await audit(page, `${path} → ${opened}`, reports);
      const edit = await hrefOf(page, 'main a[href$="/edit"]');
      if (edit && !seen.has(edit)) {
        seen.add(edit);
        await page.goto(edit);
        await audit(page, edit, reports);
      }
    }
  }
  if (create && !seen.has(create)) {
    seen.add(create);
    await page.goto(create);
    await audit(page, create, reports);
  }
}

function record(role: string, scheme: Scheme, reports: StateReport[]): void {
  fs.mkdirSync('test-results/a11y', { recursive: true });
  const totals = countByImpact(reports.flatMap((r) => r.findings));
  fs.writeFileSync(
    `test-results/a11y/${role}-${scheme}.json`,
    JSON.stringify({ role, scheme, states: reports.length, ...totals, reports }, null, 2),
  );
}

/** One line per failing rule and page, for the failure message. */
const digest = (reports: StateReport[]) =>
  reports.flatMap(({ state, findings }) =>
    findings.map((f) => `${state}: ${f.rule} (${f.impact}) ×${f.targets.length}: ${f.targets[0]} — ${f.summary}`),
  );

const ROLES = [
  { role: 'admin', account: ADMIN },
  { role: 'dispatcher', account: DISPATCHER },
];

describe.each<Scheme>(['light', 'dark'])('axe-core, WCAG 2.1 A and AA, %s theme', (scheme) => {
  it.each(ROLES)(
    'no critical or serious finding on any page as $role',
    async ({ role, account }) => {
      const page = await open({ width: 1440, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const reports: StateReport[] = [];
      if (role === 'admin') {
        for (const path of ['/login', '/forgot-password']) {
          await page.goto(path);
          await audit(page, path, reports);
        }
      }
      await signIn(page, account);
      const seen = new Set<string>();
      for (const path of await pagesToAudit(page)) {
        if (seen.has(path)) continue;
        seen.add(path);
        await auditList(page, path, reports, seen);
      }
      await page.goto('/no-such-page');
      await audit(page, '404', reports);
      // The profile menu, and the language menu its Language entry opens.
      await page.getByTestId('profile-button').click();
      await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
      await audit(page, 'profile menu', reports);
      await page.getByRole('menuitem', { name: /^Language/ }).click();
      await page.getByRole('menu', { name: 'Language' }).waitFor();
      await audit(page, 'language menu', reports);
      await page.keyboard.press('Escape');
      await page.getByRole('menu', { name: 'Language' }).waitFor({ state: 'detached' });
      const notFound = await page.getByTestId('not-found').elementHandle();
      await page.getByTestId('profile-button').click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await expect.poll(() => detached(notFound!)).toBe(true);
      await audit(page, 'profile', reports);

      record(role, scheme, reports);
      expect(reports.length).toBeGreaterThan(role === 'admin' ? 30 : 8);
      expect(digest(reports)).toEqual([]);
    },
    900_000,
  );
});
