import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  baseUrl,
  codeFor,
  fitsWidth,
  menuEntries,
  pathOf,
  signIn,
  snap,
  browserPerFile,
  waitForPath,
} from './browser';

/**
 * Staff and access management end to end (issue 6), in the system Chromium
 * against the real server: a Super Admin makes a role holding only view-Trip
 * and view-DispatcherPage, invites a staff member with it, the person finishes
 * the invitation and sees exactly the permitted menu, and deactivating them
 * sends their open session back to /login. Every screen is photographed under
 * test-results/screens/staff-*.png, also in an 800 px window.
 */

const NARROW = { width: 800, height: 900 };
const stamp = Date.now().toString(36);
const ROLE = `Trip watcher ${stamp}`;
const PERSON = {
  firstName: 'Wanjiru',
  lastName: 'Kamau',
  email: `wanjiru.${stamp}@example.com`,
  password: 'Watch@2468',
};

// The story runs on across tests in the same pages.
const { open } = browserPerFile({ keepContexts: true });

/** Picks an option of a react-admin SelectInput by the input's label. */
async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('staff and access management', () => {
  let admin: Page;
  let personPage: Page;
  let roleId: string;
  let staffId: string;

  beforeAll(async () => {
    admin = await open();
    await signIn(admin, ADMIN);
  });

  it('1. a Super Admin creates a role holding only view-Trip and view-DispatcherPage', async () => {
    await admin.goto('/staff-management/roles');
    await admin.getByText('Super Admin', { exact: true }).waitFor();
    await snap(admin, 'staff-roles-list');

    await admin.getByRole('link', { name: 'Create' }).click();
    await waitForPath(admin, '/staff-management/roles/create');
    const matrix = admin.getByTestId('permission-matrix');
    await matrix.waitFor();
    await matrix.getByRole('checkbox', { name: 'view-Trip' }).check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Name is required').waitFor();
    await snap(admin, 'staff-role-create-invalid');

    await admin.getByRole('textbox', { name: /^Name/ }).fill(ROLE);
    await admin.getByLabel('Description').fill('Follows trips on the list and the dispatcher map');
    // Select-all on a row and a column, then narrow down to the two permissions.
    await matrix.getByRole('checkbox', { name: 'Select all Trips permissions' }).check();
    expect(await matrix.getByRole('checkbox', { name: 'delete-Trip' }).isChecked()).toBe(true);
    await matrix.getByRole('checkbox', { name: 'Select all Trips permissions' }).uncheck();
    await matrix.getByRole('checkbox', { name: 'view-Trip' }).check();
    await matrix.getByRole('checkbox', { name: 'view-DispatcherPage' }).check();
    await snap(admin, 'staff-role-create-matrix');

    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/\/staff-management\/roles\/\d+$/);
    roleId = pathOf(admin).split('/').pop()!;
    await admin.getByText('2 permissions').waitFor();
    await snap(admin, 'staff-role-show');

    const saved = (await (
      await fetch(`${baseUrl()}/api/user/roles/${roleId}`, {
        headers: { authorization: `Bearer ${await tokenOf(admin)}` },
      })
    ).json()) as { permissions: string[] };
    expect(saved.permissions.sort()).toEqual(['view-DispatcherPage', 'view-Trip']);

    await admin.getByRole('link', { name: 'Edit' }).click();
    await waitForPath(admin, `/staff-management/roles/${roleId}/edit`);
    await admin.getByTestId('permission-matrix').waitFor();
    await snap(admin, 'staff-role-edit');
  });

  it('2. creates a staff member with that role, who finishes the invitation with the mailed code', async () => {
    await admin.goto('/staff-management/staffs');
    await admin.locator('tbody tr').first().waitFor();
    await snap(admin, 'staff-list');

    await admin.getByRole('link', { name: 'Create' }).click();
    await waitForPath(admin, '/staff-management/create');
    await admin.getByRole('button', { name: 'Save' }).waitFor();
    await admin.getByRole('textbox', { name: /^Email/ }).fill('not-an-email');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('First name is required').waitFor();
    await admin.getByText('Invalid email').waitFor();
    await snap(admin, 'staff-create-invalid');

    await admin.getByLabel('First name').fill(PERSON.firstName);
    await admin.getByLabel('Last name').fill(PERSON.lastName);
    await admin.getByRole('textbox', { name: /^Email/ }).fill(PERSON.email);
    await admin.getByLabel('Phone').fill('+254 712 000 111');
    await choose(admin, /Role/, ROLE);
    await choose(admin, /Sex/, 'Female');
    await snap(admin, 'staff-create-filled');
    await admin.getByRole('button', { name: 'Save' }).click();

    await admin.waitForURL(/\/staff-management\/staffs\/\d+$/);
    staffId = pathOf(admin).split('/').pop()!;
    await admin.getByText(`A verification code was emailed to ${PERSON.email}`).waitFor();
    await admin.getByText('Invitation pending').waitFor();
    // The Super Admin's own page lists what they just did.
    await admin.goto('/staff-management/staffs/1');
    await admin
      .getByTestId('staff-recent-actions')
      .getByText(`${PERSON.firstName} ${PERSON.lastName}`)
      .first()
      .waitFor();
    await snap(admin, 'staff-show-audit-trail');

    // The invited person, in their own browser.
    personPage = await open();
    await personPage.goto(`/verify-email?email=${encodeURIComponent(PERSON.email)}&setPassword=true`);
    await personPage.getByLabel('Digit 1 of 6').waitFor();
    await snap(personPage, 'staff-invite-verify-email');
    await personPage.getByLabel('Digit 1 of 6').fill(await codeFor(PERSON.email));
    await waitForPath(personPage, '/password-entry');
    await personPage.getByLabel('Password', { exact: true }).fill(PERSON.password);
    await personPage.getByLabel('Confirm password', { exact: true }).fill(PERSON.password);
    await snap(personPage, 'staff-invite-password-entry');
    await personPage.getByRole('button', { name: 'Create Password' }).click();
    await waitForPath(personPage, '/');
    await personPage.getByTestId('side-menu').waitFor();
  });

  it('3. signs in as that person, who sees exactly the permitted menu, and a role change after a reload', async () => {
    expect(await menuEntries(personPage)).toEqual(['Dashboard', 'Trips', 'Trip Dispatcher']);

    // And again through the login form, with the password they chose.
    const fresh = await open();
    await signIn(fresh, { email: PERSON.email, password: PERSON.password });
    await fresh.getByTestId('side-menu').waitFor();
    expect(await menuEntries(fresh)).toEqual(['Dashboard', 'Trips', 'Trip Dispatcher']);
    expect(await fresh.getByTestId('profile-role').innerText()).toBe(ROLE);
    await snap(fresh, 'staff-invited-person-menu');

    // A screen the role may not see is denied, not a crash; the server says 403 regardless.
    await fresh.goto('/staff-management/staffs');
    await fresh.getByText('Access denied').waitFor();
    await snap(fresh, 'staff-access-denied');
    const refused = await fetch(`${baseUrl()}/api/user/staffs`, {
      headers: { authorization: `Bearer ${await tokenOf(fresh)}` },
    });
    expect(refused.status).toBe(403);

    // A change to the role reaches its holders on their next request, and their menu after a reload, without signing in again.
    await admin.goto(`/staff-management/roles/${roleId}/edit`);
    await admin.getByTestId('permission-matrix').getByRole('checkbox', { name: 'view-Passenger' }).check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await waitForPath(admin, `/staff-management/roles/${roleId}`);
    const passengers = await fetch(`${baseUrl()}/api/user/passengers?range=[0,0]`, {
      headers: { authorization: `Bearer ${await tokenOf(fresh)}` },
    });
    expect(passengers.status).toBe(200);
    await fresh.reload();
    await expect.poll(() => menuEntries(fresh)).toEqual(['Dashboard', 'Trips', 'Passengers', 'Trip Dispatcher']);
    await snap(fresh, 'staff-role-change-after-reload');
    await admin.goto(`/staff-management/roles/${roleId}/edit`);
    await admin.getByTestId('permission-matrix').getByRole('checkbox', { name: 'view-Passenger' }).uncheck();
    await admin.getByRole('button', { name: 'Save' }).click();
    await waitForPath(admin, `/staff-management/roles/${roleId}`);
    await fresh.reload();
    await expect.poll(() => menuEntries(fresh)).toEqual(['Dashboard', 'Trips', 'Trip Dispatcher']);

    // Their own profile is theirs to edit, whatever the role.
    await fresh.goto(`/staff-management/profile/${staffId}`);
    await fresh.getByTestId('own-profile').waitFor();
    await snap(fresh, 'staff-profile-own');
    await fresh.context().close();
  });

  it('4. deactivating that person sends their open session back to /login', async () => {
    await admin.goto('/staff-management/staffs');
    const search = admin.locator('#main-content').getByPlaceholder('Search');
    await search.fill(PERSON.email);
    const row = admin.getByRole('row').filter({ hasText: PERSON.email });
    await row.waitFor();
    await expect.poll(() => admin.getByRole('row').count()).toBe(2);
    await row.getByRole('checkbox').check();
    await admin.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('signed out at once').waitFor();
    await snap(admin, 'staff-bulk-deactivate-confirm');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await row.getByText('Inactive').waitFor();
    await snap(admin, 'staff-list-after-deactivate');

    // No click needed: the server drops the person's socket and the panel signs them out.
    await waitForPath(personPage, '/login', 20_000);
    await personPage.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await snap(personPage, 'staff-deactivated-back-to-login');
  });

  it('shows the permissions grouped, the audit log, the edit form and the profile', async () => {
    await admin.goto('/role-management/permissions');
    await admin.getByTestId('permission-group-Trip').waitFor();
    expect(await admin.getByTestId('permission-group-Trip').innerText()).toContain(ROLE);
    await snap(admin, 'staff-permissions-grouped');

    await admin.goto('/staff-management/audit-logs');
    await admin.getByRole('row').filter({ hasText: 'Staff' }).first().waitFor();
    await choose(admin, 'Resource', 'Roles');
    await admin.waitForURL(/%22resource%22%3A%22roles%22|"resource":"roles"/);
    const rows = admin.locator('tbody tr');
    // Only the role entries remain: the new role's creation, named after it.
    await expect.poll(() => rows.filter({ hasText: ROLE }).count()).toBeGreaterThan(0);
    await expect.poll(() => rows.filter({ hasText: `${PERSON.firstName} ${PERSON.lastName}` }).count()).toBe(0);
    await rows.filter({ hasText: ROLE }).first().click();
    await admin.getByTestId('audit-changes').waitFor();
    await snap(admin, 'staff-audit-log');

    await admin.goto(`/staff-management/staffs/${staffId}/edit`);
    await admin.getByLabel('First name').waitFor();
    await snap(admin, 'staff-edit');

    await admin.goto('/staff-management/profile/1');
    await admin.getByTestId('change-password').waitFor();
    await admin.getByLabel('New password').fill('short');
    await admin.getByLabel('Current password').click();
    await snap(admin, 'staff-profile-password-rules');

    await admin.goto(`/staff-management/profile/${staffId}`);
    await admin.getByTestId('staff-summary').waitFor();
    await snap(admin, 'staff-profile-other-read-only');
  });

  it('fits an 800 px window', async () => {
    const narrow = await open(NARROW);
    await signIn(narrow, ADMIN);
    const screens: [string, string, () => Promise<void>][] = [
      ['/staff-management/staffs', 'staff-narrow-list', () => narrow.getByText(PERSON.email).waitFor()],
      [`/staff-management/staffs/${staffId}`, 'staff-narrow-show', () => narrow.getByTestId('staff-summary').waitFor()],
      ['/staff-management/create', 'staff-narrow-create', () => narrow.getByLabel('First name').waitFor()],
      [
        `/staff-management/roles/${roleId}/edit`,
        'staff-narrow-role-matrix',
        () => narrow.getByTestId('permission-matrix').waitFor(),
      ],
      [
        '/staff-management/permissions',
        'staff-narrow-permissions',
        () => narrow.getByTestId('permission-group-Staff').waitFor(),
      ],
      ['/staff-management/audit-logs', 'staff-narrow-audit-log', () => narrow.getByRole('row').nth(1).waitFor()],
      ['/staff-management/profile/1', 'staff-narrow-profile', () => narrow.getByTestId('own-profile').waitFor()],
    ];
    for (const [path, name, ready] of screens) {
      await narrow.goto(path);
      await ready();
      await snap(narrow, name);
      expect({ path, fits: await fitsWidth(narrow) }).toEqual({ path, fits: true });
    }
  });
});

async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem(
      'session',
    ),
  );
  if (!raw) throw new Error('no stored session');
  return (JSON.parse(raw) as { accessToken: string }).accessToken;
}
