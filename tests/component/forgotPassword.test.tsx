import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, type RecordedRequest } from '../unit/support/fetchStub';
import { renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const EMAIL = 'ada@example.com';

const verifyAnswer = ({ body }: RecordedRequest) =>
  (body as { otp: string }).otp === '246810'
    ? { json: { data: null } }
    : { status: 400, json: { message: 'Incorrect verification code' } };

describe('the forgot-password page', () => {
  it('validates the email like the login form', async () => {
    const { user, api } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'nope');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(api.to('POST /api/user/auth/forgot_password')).toHaveLength(0);
  });

  it("shows the server's message when sending fails", async () => {
    const { user } = renderApp('/forgot-password', {
      api: {
        'POST /api/user/auth/forgot_password': {
          status: 429,
          json: { message: 'Too many requests, retry in a minute' },
        },
      },
    });
    await user.type(await screen.findByLabelText(/Email/), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, retry in a minute');
  });

  it('sends the email, then checks the code with the server and goes to /reset-password', async () => {
    const check = deferred();
    const { user, api, location } = renderApp('/forgot-password', {
      api: {
        'POST /api/user/auth/forgot_password': { json: { data: null, message: 'Code sent' } },
        'POST /api/user/auth/verify_email': async (request) => {
          await check.promise;
          return verifyAnswer(request);
        },
      },
    });
    await user.type(await screen.findByLabelText(/Email/), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText(`Enter the 6-digit code sent to ${EMAIL}.`)).toBeInTheDocument();
    expect(api.to('POST /api/user/auth/forgot_password')[0].body).toEqual({ email: EMAIL });

    await user.type(screen.getByLabelText('Digit 1 of 6'), '246810');
    expect(await screen.findByText('Checking...')).toBeInTheDocument();
    check.resolve();

    await waitFor(() => expect(location()).toBe('/reset-password?email=ada%40example.com&otp=246810'));
    expect(api.to('POST /api/user/auth/verify_email')[0].body).toEqual({ email: EMAIL, otp: '246810', getToken: 0 });
  });

  it('says `Incorrect verification code` for a wrong code, and empties the boxes', async () => {
    const { user, location } = renderApp('/forgot-password', {
      api: {
        'POST /api/user/auth/forgot_password': { json: { data: null } },
        'POST /api/user/auth/verify_email': verifyAnswer,
      },
    });
    await user.type(await screen.findByLabelText(/Email/), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await user.type(await screen.findByLabelText('Digit 1 of 6'), '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect verification code');
    expect(screen.getByLabelText('Digit 6 of 6')).toHaveValue('');
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveFocus();
    expect(location()).toBe('/forgot-password');
  });

  it('resends the code and says so', async () => {
    const { user, api } = renderApp('/forgot-password', {
      api: {
        'POST /api/user/auth/forgot_password': { json: { data: null } },
        'POST /api/user/auth/staffs/resend_otp': { json: { data: null } },
      },
    });
    await user.type(await screen.findByLabelText(/Email/), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await user.click(await screen.findByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByText(`Verification code sent to ${EMAIL} successfully`)).toBeInTheDocument();
    expect(api.to('POST /api/user/auth/staffs/resend_otp')[0].body).toEqual({ email: EMAIL });
  });

  it('spreads a pasted code over the boxes', async () => {
    const { user } = renderApp('/forgot-password', {
      api: {
        'POST /api/user/auth/forgot_password': { json: { data: null } },
        'POST /api/user/auth/verify_email': verifyAnswer,
      },
    });
    await user.type(await screen.findByLabelText(/Email/), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await user.click(await screen.findByLabelText('Digit 1 of 6'));
    await user.paste('12');
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveValue('1');
    expect(screen.getByLabelText('Digit 2 of 6')).toHaveValue('2');
    expect(screen.getByLabelText('Digit 3 of 6')).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(screen.getByLabelText('Digit 2 of 6')).toHaveValue('');
  });
});
