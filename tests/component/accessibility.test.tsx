import { Checkbox } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { render, within } from '@testing-library/react';
import { watchDocumentTitle } from '../../src/layout/documentTitle';
import { theme } from '../../src/theme';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

/**
 * What the theme and the kit give every screen (issue 27): a row-select box named on its input, a
 * row that takes focus and opens its record on Enter, a bell whose name holds its visible count,
 * a menu whose links sit in list items, and a tooltip that describes rather than renames.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);

const staff = (id: number, firstName: string, lastName: string) => ({
  id,
  firstName,
  lastName,
  fullName: `${firstName} ${lastName}`,
  email: `${firstName.toLowerCase()}@example.com`,
  phone: '+254700000000',
  sex: 'female',
  photo: null,
  roleId: 2,
  roleName: 'Dispatcher',
  status: 'active',
  emailVerifiedAt: '2025-01-02T00:00:00Z',
  lastLoginAt: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

const api = {
  'GET /api/user/staffs': listAnswer('staffs', [staff(7, 'Grace', 'Hopper'), staff(8, 'Alan', 'Turing')]),
  'GET /api/user/staffs/7': { json: staff(7, 'Grace', 'Hopper') },
  'GET /api/user/roles': listAnswer('roles', []),
};

describe('the accessible theme and kit', () => {
  it('names each row-select box on its input and nowhere else', async () => {
    renderApp('/staff-management/staffs', { session: admin, api });
    await screen.findByText('Grace Hopper');
    const boxes = screen.getAllByRole('checkbox', { name: 'Select this row' });
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(box.tagName).toBe('INPUT');
      expect(box.closest('.RaDataTable-checkbox')).not.toHaveAttribute('aria-label');
    }
    expect(screen.getByRole('checkbox', { name: 'Select all' }).tagName).toBe('INPUT');
  });

  it('opens a record from its focused row with Enter', async () => {
    const { user, location } = renderApp('/staff-management/staffs', { session: admin, api });
    const row = (await screen.findByText('Grace Hopper')).closest('tr')!;
    expect(row).toHaveAttribute('tabindex', '0');
    row.focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(location()).toBe('/staff-management/staffs/7'));
  });

  it('keeps the menu links inside list items and the bell named by what it shows', async () => {
    renderApp('/staff-management/staffs', { session: admin, api });
    const menu = await screen.findByTestId('side-menu');
    const links = within(menu).getAllByRole('link');
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(link.parentElement?.tagName).toBe('LI');
    // The bell's code loads apart from the top bar's (NotificationBellSlot), so it may come after the menu.
    const bell = await screen.findByTestId('notification-bell');
    expect(bell).toHaveAccessibleName('Notifications');
    // The hidden "0" badge is not read as part of the button.
    for (const badge of bell.querySelectorAll('.MuiBadge-badge')) expect(badge).toHaveAttribute('aria-hidden', 'true');
  });

  it('gives a "some selected" box the native indeterminate state that its aria-checked="mixed" claims', () => {
    render(
      <ThemeProvider theme={createTheme(theme)}>
        <Checkbox indeterminate slotProps={{ input: { 'aria-label': 'Select every permission' } }} />
        <Checkbox aria-label="Select this row" />
      </ThemeProvider>,
    );
    const some = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select every permission' });
    expect(some).toHaveAttribute('aria-checked', 'mixed');
    expect(some.indeterminate).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Select this row' }).tagName).toBe('INPUT');
  });
});

describe('the page title and heading', () => {
  it('titles the tab after the page and makes the top bar title the level-1 heading of a page without one', async () => {
    // src/main.tsx starts it for the real page.
    const stop = watchDocumentTitle(document, 'Ride Admin');
    try {
      renderApp('/staff-management/staffs', { session: admin, api });
      await screen.findByText('Grace Hopper');
      await vi.waitFor(() => expect(document.title).toBe('Staffs · Ride Admin'));
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    } finally {
      stop();
    }
  });
});

describe('the dark theme', () => {
  it('is switched from the profile menu and remembered', async () => {
    const { user, unmount } = renderApp('/staff-management/staffs', { session: admin, api });
    await screen.findByText('Grace Hopper');
    const pageColour = () => getComputedStyle(document.body).backgroundColor;
    const light = pageColour();
    await user.click(screen.getByTestId('profile-button'));
    const item = await screen.findByRole('menuitemcheckbox', { name: 'Dark theme' });
    expect(item).toHaveAttribute('aria-checked', 'false');
    await user.click(item);
    await vi.waitFor(() => expect(pageColour()).not.toBe(light));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'true');
    expect(localStorage.getItem('RaStore.theme')).toBe('"dark"');
    unmount();
  });
});
