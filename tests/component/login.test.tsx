import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../src/session';
import { deferred } from '../unit/support/fetchStub';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signInAnswers = {
  'POST /api/user/auth/login': { json: { data: { accessToken: 'fresh-token' } } },
  'GET /api/user/auth/me': { json: { data: superAdminProfile } },
};

describe('the login page', () => {
  it('shows the title, the heading and the form', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument();
    expect(screen.getByTestId('auth-product-title')).toHaveTextContent('Ride Admin');
    expect(screen.getByLabelText(/Email/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password');
  });

  it('shows and hides the password with a named toggle', async () => {
    const { user } = renderApp('/login');
    const password = await screen.findByLabelText(/^Password/);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows the errors of touched fields only, and of all fields on submit', async () => {
    const { user, api } = renderApp('/login');
    const email = await screen.findByLabelText(/Email/);
    await user.type(email, 'admin@');
    expect(screen.queryByText('Invalid email')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();

    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.to('POST /api/user/auth/login')).toHaveLength(0);
  });

  it('signs in, stores the session and goes to /', async () => {
    const login = deferred();
    const { user, api, location } = renderApp('/login', {
      api: {
        ...signInAnswers,
        'POST /api/user/auth/login': { json: { data: { accessToken: 'fresh-token' } }, until: login.promise },
      },
    });
    await user.type(await screen.findByLabelText(/Email/), 'admin@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Admin@1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled());
    login.resolve();

    await waitFor(() => expect(location()).toBe('/'));
    expect(api.to('POST /api/user/auth/login')[0].body).toEqual({ email: 'admin@example.com', password: 'Admin@1234' });
    expect(api.to('GET /api/user/auth/me')[0].headers.get('Authorization')).toBe('Bearer fresh-token');
    expect(getSession()?.userInfo.fullName).toBe('Ada Admin');
    expect(await screen.findByTestId('dashboard')).toBeInTheDocument();
  });

  it("shows the server's message when the login fails", async () => {
    const { user, location } = renderApp('/login', {
      api: { 'POST /api/user/auth/login': { status: 401, json: { message: 'Invalid email or password' } } },
    });
    await user.type(await screen.findByLabelText(/Email/), 'admin@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(location()).toBe('/login');
    expect(screen.queryByTestId('error-dialog')).not.toBeInTheDocument();
  });

  it('says `Network error` when the server does not answer', async () => {
    const { user } = renderApp('/login', { api: { 'POST /api/user/auth/login': { networkError: true } } });
    await user.type(await screen.findByLabelText(/Email/), 'admin@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Admin@1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
  });

  it('names the demo accounts when the server has them, and fills the form with one', async () => {
    const { user } = renderApp('/login', {
      api: {
        'GET /api/user/auth/demo-accounts': {
          json: {
            data: [
              { email: 'admin@example.com', password: 'Admin@1234', role: 'Super Admin' },
              { email: 'dispatcher@example.com', password: 'Dispatch@1234', role: 'Dispatcher' },
            ],
          },
        },
      },
    });
    const demo = await screen.findByTestId('demo-accounts');
    expect(demo).toHaveTextContent('admin@example.com / Admin@1234');
    expect(demo).toHaveTextContent('dispatcher@example.com / Dispatch@1234');
    await user.click(screen.getByRole('button', { name: /^Dispatcher/ }));
    expect(screen.getByLabelText(/Email/)).toHaveValue('dispatcher@example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Dispatch@1234');
  });

  it('shows no demo accounts when the server is not in demo mode', async () => {
    const { api } = renderApp('/login');
    await waitFor(() => expect(api.to('GET /api/user/auth/demo-accounts')).toHaveLength(1));
    expect(screen.queryByTestId('demo-accounts')).not.toBeInTheDocument();
  });

  it('sends a signed-in visitor to /', async () => {
    const { location } = renderApp('/login', { session: sessionOf(superAdminProfile) });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('replaces any protected page with /login when signed out', async () => {
    const { router, location } = renderApp('/staff-management/staffs');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument();
  });
});
