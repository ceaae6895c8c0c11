import { render, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { LoadingScreen } from '../../src/layout/LoadingScreen';
import { getSession } from '../../src/session';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile, 'admin-token');

describe('the top bar', () => {
  it('shows the product title, the name and the role, and the photo fetched with the bearer token', async () => {
    // jsdom has no object URLs.
    const createObjectURL = vi.fn(() => 'blob:photo-42');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    try {
      const { api, unmount } = renderApp('/', {
        session: admin,
        api: { 'GET /api/user/files/42': { blob: new Blob(['img'], { type: 'image/png' }) } },
      });

      const bar = within(await screen.findByTestId('top-bar'));
      expect(bar.getByTestId('product-title')).toHaveTextContent('Ride Admin');
      expect(bar.getByTestId('profile-name')).toHaveTextContent('Ada Admin');
      expect(bar.getByTestId('profile-role')).toHaveTextContent('Super Admin');
      await waitFor(() => expect(bar.getByRole('img', { name: 'Ada Admin' })).toHaveAttribute('src', 'blob:photo-42'));
      expect(api.to('GET /api/user/files/42')[0].headers.get('Authorization')).toBe('Bearer admin-token');

      unmount();
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:photo-42');
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('shows a default icon without a photo', async () => {
    const { api } = renderApp('/', { session: sessionOf(dispatcherProfile) });
    const bar = within(await screen.findByTestId('top-bar'));
    expect(within(bar.getByTestId('profile-photo')).getByTestId('PersonIcon')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.startsWith('/api/user/files'))).toHaveLength(0);
  });

  it('opens Profile at the own staff page', async () => {
    const { user, location } = renderApp('/', { session: admin });
    await user.click(await screen.findByTestId('profile-button'));
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(location()).toBe('/staff-management/profile/1'));
    expect(await within(await screen.findByTestId('own-profile')).findByDisplayValue('Ada')).toBeInTheDocument();
  });

  it('logs out with the bearer token and returns to /login', async () => {
    const { user, api, location } = renderApp('/', {
      session: admin,
      api: { 'POST /api/user/auth/logout': { json: { data: null } } },
    });
    await user.click(await screen.findByTestId('profile-button'));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(api.to('POST /api/user/auth/logout')[0].headers.get('Authorization')).toBe('Bearer admin-token');
    expect(getSession()).toBeNull();
  });

  it('stays signed in when the server refuses the logout, and shows why', async () => {
    const { user, location } = renderApp('/', {
      session: admin,
      api: { 'POST /api/user/auth/logout': { status: 500, json: { message: 'Session store unavailable' } } },
    });
    await user.click(await screen.findByTestId('profile-button'));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByTestId('error-dialog-message')).toHaveTextContent('Session store unavailable');
    expect(location()).toBe('/');
    expect(getSession()).not.toBeNull();
  });
});

describe('failed requests', () => {
  it('open a dialog with the server message, dismissed with DISMISS, and no repeated toast', async () => {
    const { user } = renderApp('/staff-management/staffs', {
      session: admin,
      api: {
        'GET /api/user/staffs': { status: 500, json: { message: 'Database is down' } },
        'GET /api/user/roles': listAnswer('roles'),
      },
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Database is down');
    expect(screen.getAllByText('Database is down')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'DISMISS' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('name a missing permission and keep the session', async () => {
    renderApp('/staff-management/staffs', {
      session: admin,
      api: {
        'GET /api/user/staffs': { status: 403, json: { message: 'Missing permission view-Staff' } },
        'GET /api/user/roles': listAnswer('roles'),
      },
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('Missing permission view-Staff');
    expect(getSession()).not.toBeNull();
  });

  it('are not even made for a screen the role may not open', async () => {
    const { api } = renderApp('/staff-management/staffs', { session: sessionOf(dispatcherProfile) });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(api.to('GET /api/user/staffs')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each(['Login Timeout', 'UnAuthenticated'])('end the session silently on 401 %s', async (message) => {
    const { location } = renderApp('/staff-management/staffs', {
      session: admin,
      api: { 'GET /api/user/staffs': { status: 401, json: { message } }, 'GET /api/user/roles': listAnswer('roles') },
    });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(getSession()).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });
});

describe('pages', () => {
  it('show 404 for unknown paths, with a way home', async () => {
    const { user, location } = renderApp('/no/such/page', { session: admin });
    const page = await screen.findByTestId('not-found');
    expect(page).toHaveTextContent('404');
    expect(page).toHaveTextContent('Page Not Found!');
    expect(page).toHaveTextContent('Sorry, the page you requested could not be found, please go back to the homepage');
    await user.click(within(page).getByRole('link', { name: 'GO HOME' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('show the dispatcher in its own layout, without the menu; a picked trip links to its page', async () => {
    const { user } = renderApp('/dispatcher', {
      session: sessionOf(dispatcherProfile),
      api: {
        'GET /api/trip/trips': listAnswer('trips', [
          { id: 7, status: 'in_progress', requestedAt: new Date().toISOString(), pickupAddress: 'Sarit Centre' },
        ]),
        'GET /api/trip/trips/7': {
          json: { id: 7, status: 'in_progress', pickupAddress: 'Sarit Centre', dropoffAddress: 'KICC' },
        },
      },
    });
    const side = await screen.findByTestId('dispatcher-side');
    expect(await within(side).findByRole('heading', { name: 'New booking' })).toBeInTheDocument();
    const main = screen.getByTestId('dispatcher-main');
    await user.click(await within(main).findByTestId('board-trip-7'));
    expect(await within(main).findByRole('link', { name: 'Open trip #7' })).toHaveAttribute(
      'href',
      '/trip-management/trips/7',
    );
    expect(await within(main).findByText('Sarit Centre → KICC')).toBeInTheDocument();
    // jsdom has no WebGL: the map says so rather than staying blank.
    expect(await within(main).findByText('This browser cannot draw maps (WebGL is off).')).toBeInTheDocument();
    expect(within(screen.getByTestId('top-bar')).getByTestId('product-title')).toBeInTheDocument();
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /menu/i })).not.toBeInTheDocument();
  });

  it('show LOADING... while loading', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <LoadingScreen />
      </AdminContext>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('LOADING...');
  });
});
