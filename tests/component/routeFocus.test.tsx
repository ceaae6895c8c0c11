import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchDocumentTitle } from '../../src/layout/documentTitle';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

/**
 * Focus and structure (issue 45): a page change puts focus on the new page's heading and says which
 * page opened, never while the user types; a skip link leads past the top bar and the menu; an
 * edit form is titled apart from its record's page, and the sign-in page's tab is named.
 */

const admin = sessionOf(superAdminProfile);

const grace = {
  id: 7,
  firstName: 'Grace',
  lastName: 'Hopper',
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
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
};

const api = {
  'GET /api/user/staffs': listAnswer('staffs', [grace]),
  'GET /api/user/staffs/7': { json: grace },
  'GET /api/user/roles': listAnswer('roles', [{ id: 2, name: 'Dispatcher' }]),
  'GET /api/user/audit-logs': listAnswer('audit-logs', []),
};

// src/main.tsx starts it for the real page: it makes the top bar's title the page's heading.
let stopTitles: () => void;
beforeEach(() => {
  stopTitles = watchDocumentTitle(document, 'Ride Admin');
});
afterEach(() => stopTitles());

const level1 = () => screen.getByRole('heading', { level: 1 });

describe('focus after a page change', () => {
  it('goes to the opened record’s heading, which a polite live region names', async () => {
    const { user, location } = renderApp('/staff-management/staffs', { session: admin, api });
    const row = (await screen.findByText('Grace Hopper')).closest('tr')!;
    // The list itself was the first page: nothing was moved there.
    expect(document.activeElement).toBe(document.body);
    row.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/staff-management/staffs/7'));
    await waitFor(() => expect(document.activeElement).toBe(level1()));
    await waitFor(() => expect(level1()).toHaveTextContent('Grace Hopper'));
    expect(level1()).toHaveAttribute('tabindex', '-1');
    const announcement = screen.getByTestId('route-announcement');
    expect(announcement).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(announcement.textContent).toMatch(/^Page opened: .*Grace Hopper$/));
  });

  it('goes to the record’s heading after its form is saved, not to the page’s body', async () => {
    const { user, location } = renderApp('/staff-management/staffs/7/edit', {
      session: admin,
      api: { ...api, 'PUT /api/user/staffs/7': ({ body }) => ({ json: { ...grace, ...(body as object) } }) },
    });
    await waitFor(() => expect(level1()).toHaveTextContent(/^Edit .*Grace Hopper$/));
    const firstName = await screen.findByLabelText(/First name/);
    await user.type(firstName, 'e');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/staff-management/staffs/7'));
    await waitFor(() => expect(document.activeElement).toBe(level1()));
    await waitFor(() => expect(level1()).not.toHaveTextContent(/^Edit/));
  });

  it('stays in the list’s search field while typing changes the address', async () => {
    const { user, location } = renderApp('/staff-management/staffs', { session: admin, api });
    await screen.findByText('Grace Hopper');
    const search = within(document.getElementById('main-content')!).getByPlaceholderText('Search');
    await user.click(search);
    await user.type(search, 'Gra');
    await waitFor(() => expect(location()).toContain('Gra'));
    expect(document.activeElement).toBe(search);
    expect(screen.getByTestId('route-announcement')).toHaveTextContent(/^$/);
  });
});

describe('the skip link', () => {
  it('is the first Tab stop and moves focus past the top bar and the menu to the page’s content', async () => {
    const { user } = renderApp('/staff-management/staffs', { session: admin, api });
    await screen.findByText('Grace Hopper');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    const content = document.getElementById('main-content')!;
    expect(document.activeElement).toBe(content);
    // The next Tab is in the content, not on the top bar's or the menu's first control.
    await user.tab();
    expect(content.contains(document.activeElement)).toBe(true);
    expect(within(screen.getByTestId('side-menu')).queryByRole('link', { name: 'Staffs' })).not.toBe(
      document.activeElement,
    );
  });
});

describe('page titles', () => {
  it('names a record’s edit form apart from the record’s page', async () => {
    const { router } = renderApp('/staff-management/staffs/7', { session: admin, api });
    await screen.findAllByText('Grace Hopper');
    await waitFor(() => expect(level1()).toHaveTextContent('Grace Hopper'));
    const show = level1().textContent;
    await waitFor(() => expect(document.title).toBe(`${show} · Ride Admin`));
    expect(document.title).not.toMatch(/^Edit/);
    await router.navigate('/staff-management/staffs/7/edit');
    await waitFor(() => expect(document.title).toMatch(/^Edit/));
    await waitFor(() => expect(level1()).toHaveTextContent(/^Edit .*Grace Hopper$/));
    await waitFor(() => expect(document.title).toMatch(/^Edit .*Grace Hopper · Ride Admin$/));
  });

  it('names the sign-in page’s tab "Sign in" while its heading stays the spec’s "login"', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'login' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in · Ride Admin'));
  });
});
