import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberVerifiedCode, verifiedCodeFor } from '../../src/auth/verifiedCodeStore';
import { getSession } from '../../src/session';
import { deferred } from '../unit/support/fetchStub';
import { superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const EMAIL = 'ada@example.com';
const GOOD = 'Good@Pass1';
const meAnswer = { json: { data: superAdminProfile } };

describe('the reset-password page', () => {
  const path = `/reset-password?email=${encodeURIComponent(EMAIL)}&otp=246810`;

  it('applies the password rules', async () => {
    const { user, api } = renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('confirm password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^New password/), 'short');
    expect(await screen.findByText('must be at least 8 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), GOOD);
    await user.type(screen.getByLabelText(/^Confirm password/), 'Other@Pass1');
    expect(await screen.findByText('Password not match')).toBeInTheDocument();
    expect(api.to('POST /api/user/auth/reset_password')).toHaveLength(0);
  });

  it('has show/hide toggles on both fields', async () => {
    const { user } = renderApp(path);
    const toggles = await screen.findAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[1]);
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('type', 'password');
  });

  it('resets, stores the session of the returned token and goes to /', async () => {
    const { user, api, location } = renderApp(path, {
      api: {
        'POST /api/user/auth/reset_password': { json: { data: { accessToken: 'reset-token' } } },
        'GET /api/user/auth/me': meAnswer,
      },
    });
    await user.type(await screen.findByLabelText(/^New password/), GOOD);
    await user.type(screen.getByLabelText(/^Confirm password/), GOOD);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(location()).toBe('/'));
    expect(api.to('POST /api/user/auth/reset_password')[0].body).toEqual({
      password: GOOD,
      email: EMAIL,
      otp: '246810',
    });
    expect(api.to('GET /api/user/auth/me')[0].headers.get('Authorization')).toBe('Bearer reset-token');
    expect(getSession()?.accessToken).toBe('reset-token');
  });

  it("shows the server's message when the reset is refused", async () => {
    const { user } = renderApp(path, {
      api: { 'POST /api/user/auth/reset_password': { status: 400, json: { message: 'Verification code expired' } } },
    });
    await user.type(await screen.findByLabelText(/^New password/), GOOD);
    await user.type(screen.getByLabelText(/^Confirm password/), GOOD);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Verification code expired');
  });

  it('says the link is incomplete without the code', async () => {
    renderApp(`/reset-password?email=${EMAIL}`);
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
  });
});

describe('the password-entry page', () => {
  const path = `/password-entry?email=${encodeURIComponent(EMAIL)}`;

  it('asks for a password and ticks each rule as it is met', async () => {
    const { user } = renderApp(path, { prepare: () => rememberVerifiedCode(EMAIL, '135790') });
    expect(await screen.findByText('Please create password for your account here.')).toBeInTheDocument();
    const rules = screen.getByTestId('password-rules');
    expect(within(rules).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByTestId('password-rule-lower')).toHaveAttribute('data-met', 'false');

    await user.type(screen.getByLabelText(/^Password/), 'abc');
    expect(screen.getByTestId('password-rule-lower')).toHaveAttribute('data-met', 'true');
    expect(screen.getByTestId('password-rule-upper')).toHaveAttribute('data-met', 'false');
    expect(screen.getByTestId('password-rule-min')).toHaveAttribute('data-met', 'false');
    await user.type(screen.getByLabelText(/^Password/), 'D@1234');
    for (const rule of ['min', 'max', 'lower', 'upper', 'number', 'special']) {
      expect(screen.getByTestId(`password-rule-${rule}`)).toHaveAttribute('data-met', 'true');
    }
  });

  it('says `Password is required` on an empty submit', async () => {
    const { user } = renderApp(path, { prepare: () => rememberVerifiedCode(EMAIL, '135790') });
    await user.click(await screen.findByRole('button', { name: 'Create Password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
  });

  it('sends the password with the code verified before, then signs in and goes to /', async () => {
    const { user, api, location } = renderApp(path, {
      api: {
        'POST /api/user/auth/set_password': { json: { data: { accessToken: 'set-token' } } },
        'GET /api/user/auth/me': meAnswer,
      },
      prepare: () => rememberVerifiedCode(EMAIL, '135790'),
    });
    await user.type(await screen.findByLabelText(/^Password/), GOOD);
    await user.type(screen.getByLabelText(/^Confirm password/), GOOD);
    await user.click(screen.getByRole('button', { name: 'Create Password' }));

    await waitFor(() => expect(location()).toBe('/'));
    expect(api.to('POST /api/user/auth/set_password')[0].body).toEqual({ password: GOOD, email: EMAIL, otp: '135790' });
    expect(getSession()?.accessToken).toBe('set-token');
    expect(verifiedCodeFor(EMAIL)).toBeUndefined();
  });

  it('asks to verify the email first when no code was verified', async () => {
    renderApp(path);
    expect(await screen.findByText('Verify your email before creating a password.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify Email' })).toHaveAttribute(
      'href',
      '/verify-email?email=ada%40example.com&setPassword=true',
    );
    expect(screen.getByRole('button', { name: 'Create Password' })).toBeDisabled();
  });
});

describe('the verify-email page', () => {
  it('shows `Checking...` while verifying, then goes to password entry keeping the code in memory', async () => {
    const check = deferred();
    const { user, api, location } = renderApp(`/verify-email?email=${encodeURIComponent(EMAIL)}&setPassword=true`, {
      api: { 'POST /api/user/auth/verify_email': { json: { data: null }, until: check.promise } },
    });
    await user.type(await screen.findByLabelText('Digit 1 of 6'), '975310');
    expect(await screen.findByText('Checking...')).toBeInTheDocument();
    expect(screen.getByLabelText('Digit 1 of 6')).toBeDisabled();
    check.resolve();

    await waitFor(() => expect(location()).toBe('/password-entry?email=ada%40example.com'));
    expect(api.to('POST /api/user/auth/verify_email')[0].body).toEqual({ email: EMAIL, otp: '975310', getToken: 0 });
    expect(verifiedCodeFor(EMAIL)).toBe('975310');
    expect(await screen.findByText('Please create password for your account here.')).toBeInTheDocument();
  });

  it('signs in and goes to / with setPassword=false and a token', async () => {
    const { user, api, location } = renderApp(`/verify-email?email=${encodeURIComponent(EMAIL)}&setPassword=false`, {
      api: {
        'POST /api/user/auth/verify_email': { json: { data: { accessToken: 'verified-token' } } },
        'GET /api/user/auth/me': meAnswer,
      },
    });
    await user.type(await screen.findByLabelText('Digit 1 of 6'), '975310');
    await waitFor(() => expect(location()).toBe('/'));
    expect(api.to('POST /api/user/auth/verify_email')[0].body).toEqual({ email: EMAIL, otp: '975310', getToken: 1 });
    expect(getSession()?.accessToken).toBe('verified-token');
  });

  it('goes to password entry when setPassword=false but no token comes back', async () => {
    const { user, location } = renderApp(`/verify-email?email=${encodeURIComponent(EMAIL)}&setPassword=false`, {
      api: { 'POST /api/user/auth/verify_email': { json: { data: {} } } },
    });
    await user.type(await screen.findByLabelText('Digit 1 of 6'), '975310');
    await waitFor(() => expect(location()).toBe('/password-entry?email=ada%40example.com'));
    expect(getSession()).toBeNull();
  });

  it("shows the server's message for a wrong code", async () => {
    const { user } = renderApp(`/verify-email?email=${encodeURIComponent(EMAIL)}&setPassword=true`, {
      api: { 'POST /api/user/auth/verify_email': { status: 400, json: { message: 'Incorrect verification code' } } },
    });
    await user.type(await screen.findByLabelText('Digit 1 of 6'), '000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect verification code');
  });
});
