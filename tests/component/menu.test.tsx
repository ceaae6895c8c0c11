import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const menu = async () => within(await screen.findByTestId('side-menu'));

describe('the side menu', () => {
  it('shows the dispatcher role only what its permissions allow', async () => {
    renderApp('/', { session: sessionOf(dispatcherProfile) });
    const nav = await menu();
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Trips',
      'Passengers',
      'Trip Dispatcher',
    ]);
    expect(nav.queryByText('Staff Management')).not.toBeInTheDocument();
    expect(nav.queryByText('Report & Analytics')).not.toBeInTheDocument();
  });

  it('shows every entry and group to the super admin, with the spec paths', async () => {
    renderApp('/', { session: sessionOf(superAdminProfile) });
    const nav = await menu();
    for (const group of ['Staff Management', 'Driver Management', 'Report & Analytics']) {
      expect(nav.getByRole('button', { name: group })).toHaveAttribute('aria-expanded', 'false');
    }
    expect(nav.getByRole('link', { name: 'Payment Gateway' })).toHaveAttribute('href', '/manage-payment-getwas');
    expect(nav.getByRole('link', { name: 'Trip Dispatcher' })).toHaveAttribute('href', '/dispatcher');
    expect(nav.getByRole('link', { name: 'SOS Call Logs' })).toHaveAttribute('href', '/sos-call-logs');
  });

  it('opens groups as accordions, one at a time', async () => {
    const { user } = renderApp('/', { session: sessionOf(superAdminProfile) });
    const nav = await menu();
    await user.click(nav.getByRole('button', { name: 'Staff Management' }));
    expect(nav.getByRole('button', { name: 'Staff Management' })).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('link', { name: 'Staffs' })).toHaveAttribute('href', '/staff-management/staffs');

    await user.click(nav.getByRole('button', { name: 'Report & Analytics' }));
    expect(nav.getByRole('link', { name: 'Revenu Report' })).toHaveAttribute('href', '/reports/revenue');
    expect(nav.getByRole('link', { name: 'Drivers Revenue Request Letter' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Trip Report' })).toHaveAttribute('href', '/reports/trip');
    expect(nav.getByRole('link', { name: 'Revenue by Driver' })).toHaveAttribute('href', '/revenues');
    await waitFor(() => expect(nav.queryByRole('link', { name: 'Staffs' })).not.toBeInTheDocument());
  });

  it('highlights the page shown and opens its group', async () => {
    renderApp('/driver-management/approved-drivers', {
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/user/drivers': listAnswer('drivers') },
    });
    const nav = await menu();
    const approved = await nav.findByRole('link', { name: 'Approved Drivers' });
    expect(approved).toHaveAttribute('aria-current', 'page');
    expect(approved).toHaveClass('Mui-selected');
    expect(nav.getByRole('link', { name: 'Unapproved Drivers' })).not.toHaveAttribute('aria-current');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('searches the leaf entries by the start of their name and opens their groups', async () => {
    const { user } = renderApp('/', { session: sessionOf(superAdminProfile) });
    const nav = await menu();
    await user.type(nav.getByPlaceholderText('Search'), 'ap');
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Approved Drivers']);
    expect(nav.getByRole('button', { name: 'Driver Management' })).toHaveAttribute('aria-expanded', 'true');

    await user.clear(nav.getByPlaceholderText('Search'));
    await user.type(nav.getByPlaceholderText('Search'), 'TRIP');
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Trips',
      'Trip Report',
      'Trip Dispatcher',
    ]);

    // Words anywhere in the name or the group's name.
    await user.clear(nav.getByPlaceholderText('Search'));
    await user.type(nav.getByPlaceholderText('Search'), 'revenue');
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Drivers Revenue Request Letter',
      'Revenue by Driver',
    ]);

    await user.clear(nav.getByPlaceholderText('Search'));
    expect(nav.getAllByRole('link').length).toBeGreaterThan(10);
  });

  it('collapses to icons and opens again', async () => {
    const { user } = renderApp('/', { session: sessionOf(superAdminProfile) });
    const nav = await menu();
    expect(nav.getByPlaceholderText('Search')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(nav.queryByPlaceholderText('Search')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await nav.findByPlaceholderText('Search')).toBeInTheDocument();
  });
});
