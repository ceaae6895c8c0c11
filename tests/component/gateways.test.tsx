import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);

const stripe = {
  id: 2,
  name: 'Stripe cards',
  provider: 'stripe',
  mode: 'test',
  enabled: true,
  publicSettings: { publishableKey: 'pk_test_abc', currency: 'kes' },
  secretSettings: { secretKey: '••••9f2a', webhookSecret: '••••77aa' },
  missingSettings: [],
  configured: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const pesapal = {
  ...stripe,
  id: 4,
  name: 'Pesapal',
  provider: 'pesapal',
  mode: 'live',
  enabled: false,
  publicSettings: { ipnUrl: 'https://x.example/ipn' },
  secretSettings: { consumerKey: '••••1111' },
  missingSettings: ['consumerSecret'],
  configured: false,
};

describe('the payment-gateway list', () => {
  it('shows live in a warning colour and whether each gateway is configured', async () => {
    renderApp('/manage-payment-getwas', {
      session: admin,
      api: {
        'GET /api/trip/payment-gateways': listAnswer('payment-gateways', [
          pesapal,
          stripe,
          { ...stripe, id: 1, name: 'M-Pesa (Daraja)', provider: 'mpesa' },
        ]),
      },
    });
    const live = (await screen.findAllByText('Pesapal'))[0].closest('tr')!;
    expect(within(live).getByTestId('status-chip')).toHaveAttribute('data-color', 'warning');
    expect(within(live).getByTestId('configured')).toHaveTextContent('Missing settings');
    // The provider's mark in its colour: letters only ("M-Pesa" reads MP, not "M-").
    expect(within(live).getByLabelText('Pesapal')).toHaveTextContent(/^Pe$/);
    expect(within(screen.getByText('M-Pesa (Daraja)').closest('tr')!).getByLabelText('M-Pesa')).toHaveTextContent(
      /^MP$/,
    );
    const test = screen.getByText('Stripe cards').closest('tr')!;
    expect(within(test).getByTestId('status-chip')).toHaveTextContent('Test');
    expect(within(test).getByTestId('configured')).toHaveTextContent('Configured');
    expect(within(test).getByRole('switch', { name: 'Enable Stripe cards' })).toBeChecked();
  });
});

describe('editing a gateway', () => {
  it('keeps untouched secrets, replaces and clears on purpose, and asks before going live', async () => {
    const { user, api } = renderApp('/manage-payment-getwas/2/edit', {
      session: admin,
      api: {
        'GET /api/trip/payment-gateways/2': { json: stripe },
        'PUT /api/trip/payment-gateways/2': (request) => ({ json: { ...stripe, ...(request.body as object) } }),
      },
    });
    const secretKey = await screen.findByTestId('secret-secretKey');
    expect(secretKey).toHaveTextContent('Secret key (required)');
    expect(secretKey).toHaveTextContent('•••• 9f2a');
    // Settings are named by the provider's keys, in words.
    expect(screen.getByLabelText(/Publishable key/)).toHaveValue('pk_test_abc');
    expect(document.body.textContent).not.toContain('sk_');
    await user.click(within(secretKey).getByRole('button', { name: 'Replace' }));
    await user.type(within(secretKey).getByLabelText('New secret key'), 'sk_live_new_1234');
    const webhook = screen.getByTestId('secret-webhookSecret');
    await user.click(within(webhook).getByRole('button', { name: 'Clear' }));
    expect(webhook).toHaveTextContent('Will be cleared when you save');

    await user.click(screen.getByRole('combobox', { name: /Mode/ }));
    await user.click(await screen.findByRole('option', { name: 'Live' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Switch Stripe cards to live?');
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Switch to live' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(api.requests.find((r) => r.method === 'PUT')!.body).toEqual({
      name: 'Stripe cards',
      mode: 'live',
      enabled: true,
      publicSettings: { publishableKey: 'pk_test_abc', currency: 'kes' },
      secretSettings: { secretKey: 'sk_live_new_1234', webhookSecret: null },
    });
  });
});

describe('a bad value in the gateway form', () => {
  it('is refused under its input, and nothing is sent', async () => {
    const { user, api } = renderApp('/manage-payment-getwas/2/edit', {
      session: admin,
      api: { 'GET /api/trip/payment-gateways/2': { json: stripe } },
    });
    const name = await screen.findByLabelText(/Name/);
    await user.clear(name);
    await user.type(name, 'x'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be at most 60 characters')).toBeInTheDocument();
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});
