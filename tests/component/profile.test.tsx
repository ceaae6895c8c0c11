import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../src/session';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const dispatcher = sessionOf(dispatcherProfile);

describe('the own profile', () => {
  it('saves the names for any role, and the top bar follows', async () => {
    const { user, api } = renderApp('/staff-management/profile/2', {
      session: dispatcher,
      api: {
        'PUT /api/user/auth/profile': ({ body }) => ({
          json: { data: { ...dispatcherProfile, ...(body as object) }, message: 'Profile saved' },
        }),
      },
    });
    const details = within(await screen.findByTestId('own-profile'));
    expect(details.getByText('dispatcher@example.com')).toBeInTheDocument();
    await user.clear(details.getByLabelText(/^First name/));
    await user.type(details.getByLabelText(/^First name/), 'Daniel');
    await user.click(details.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.to('PUT /api/user/auth/profile')).toHaveLength(1));
    expect(api.to('PUT /api/user/auth/profile')[0].body).toEqual({
      firstName: 'Daniel',
      lastName: 'Dispatch',
      photo: null,
    });
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('profile-name')).toHaveTextContent('Daniel Dispatch'));
    expect(getSession()?.userInfo.fullName).toBe('Daniel Dispatch');
    // Without view-Staff the staff records are never asked for.
    expect(api.requests.filter((request) => request.path.startsWith('/api/user/staffs'))).toHaveLength(0);
  });

  it('asks for names', async () => {
    const { user, api } = renderApp('/staff-management/profile/2', { session: dispatcher });
    const details = within(await screen.findByTestId('own-profile'));
    await user.clear(details.getByLabelText(/^Last name/));
    await user.click(details.getByRole('button', { name: 'Save' }));
    expect(await details.findByText('Last name is required')).toBeInTheDocument();
    expect(api.to('PUT /api/user/auth/profile')).toHaveLength(0);
  });

  it('changes the password by giving the current one, under the password rules', async () => {
    const { user, api } = renderApp('/staff-management/profile/2', {
      session: dispatcher,
      api: {
        'POST /api/user/auth/change_password': ({ body }) =>
          (body as { currentPassword: string }).currentPassword === 'Dispatch@1234'
            ? { json: { data: null, message: 'Password changed' } }
            : {
                status: 400,
                json: {
                  message: 'The current password is not correct',
                  errors: { currentPassword: 'The current password is not correct' },
                },
              },
      },
    });
    const card = within(await screen.findByTestId('change-password'));
    const submit = card.getByRole('button', { name: 'Change password' });
    await user.click(submit);
    expect(await card.findByText('Current password is required')).toBeInTheDocument();
    expect(card.getByText('New password is required')).toBeInTheDocument();

    await user.type(card.getByLabelText(/^New password/), 'short');
    await user.tab();
    expect(await card.findByText('must be at least 8 characters')).toBeInTheDocument();
    expect(card.getByTestId('password-rule-lower')).toHaveAttribute('data-met', 'true');
    expect(card.getByTestId('password-rule-upper')).toHaveAttribute('data-met', 'false');

    await user.type(card.getByLabelText(/^Current password/), 'Wrong@1234');
    await user.clear(card.getByLabelText(/^New password/));
    await user.type(card.getByLabelText(/^New password/), 'Better@5678');
    await user.type(card.getByLabelText(/^Confirm password/), 'Better@5678');
    await user.click(submit);
    expect(await card.findByText('The current password is not correct')).toBeInTheDocument();
    expect(screen.queryByTestId('error-dialog-message')).not.toBeInTheDocument();

    await user.clear(card.getByLabelText(/^Current password/));
    await user.type(card.getByLabelText(/^Current password/), 'Dispatch@1234');
    await user.click(submit);
    await waitFor(() => expect(api.to('POST /api/user/auth/change_password')).toHaveLength(2));
    expect(api.to('POST /api/user/auth/change_password')[1].body).toEqual({
      currentPassword: 'Dispatch@1234',
      password: 'Better@5678',
    });
    expect(await screen.findByText('Password changed. Your other sessions have ended.')).toBeInTheDocument();
    await waitFor(() => expect(card.getByLabelText(/^Current password/)).toHaveValue(''));
  });
});

describe("another staff member's profile", () => {
  it('is read-only', async () => {
    renderApp('/staff-management/profile/2', {
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/user/staffs/2': {
          json: {
            ...dispatcherProfile,
            fullName: 'Dan Dispatch',
            roleId: 2,
            roleName: 'Dispatcher',
            emailVerifiedAt: '2025-01-01T00:00:00Z',
            createdAt: '2025-01-01T00:00:00Z',
          },
        },
      },
    });
    const summary = within(await screen.findByTestId('staff-summary'));
    expect(summary.getByText('Dan Dispatch')).toBeInTheDocument();
    expect(summary.getByText('Dispatcher')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('change-password')).not.toBeInTheDocument();
  });

  it('is denied to a role without view-Staff', async () => {
    const { api } = renderApp('/staff-management/profile/1', { session: dispatcher });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(api.to('GET /api/user/staffs/1')).toHaveLength(0);
  });
});
