import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { shownDate, typeDate } from './support/dateFields';
import { listAnswer, renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);
const plain = (s: string) => s.replace(/\s/g, ' ');

const discount = (id: number, code: string, state: string, extra: object = {}) => ({
  id,
  code,
  name: `${code} offer`,
  kind: 'percent',
  value: 15,
  maxDiscount: 300,
  minFare: null,
  validFrom: '2030-03-01T00:00:00.000Z',
  validTo: '2030-03-31T21:00:00.000Z',
  usageLimit: 200,
  perPassengerLimit: 2,
  timesUsed: 50,
  active: true,
  state,
  discountedTotal: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...extra,
});
const ECONOMY = {
  id: 3,
  name: 'Economy',
  baseFare: 100,
  pricePerKm: 35,
  pricePerMinute: 4,
  minimumFare: 200,
  cancellationFee: 0,
  commissionPercent: null,
  active: true,
};

describe('the discount list', () => {
  it('shows what each code takes off, its usage and its state as a coloured chip', async () => {
    renderApp('/discounts', {
      session: admin,
      api: {
        'GET /api/trip/discounts': listAnswer('discounts', [
          discount(1, 'SPRING15', 'scheduled'),
          discount(2, 'KARIBU', 'active', { kind: 'fixed', value: 100, maxDiscount: null, usageLimit: null }),
          discount(3, 'SHULE20', 'used_up', { timesUsed: 200 }),
        ]),
      },
    });
    const spring = (await screen.findByText('SPRING15')).closest('tr')!;
    expect(plain(spring.textContent!)).toContain('15 % up to KES 300.00');
    const chip = (row: HTMLElement) => within(row).getByTestId('status-chip');
    expect(chip(spring)).toHaveTextContent('Scheduled');
    expect(chip(spring)).toHaveAttribute('data-color', 'info');
    const karibu = screen.getByText('KARIBU').closest('tr')!;
    expect(plain(karibu.textContent!)).toContain('KES 100.00 off');
    expect(chip(karibu)).toHaveTextContent('Running');
    expect(chip(karibu)).toHaveAttribute('data-color', 'success');
    expect(chip(screen.getByText('SHULE20').closest('tr')!)).toHaveAttribute('data-color', 'warning');
  });
});

describe('the discount form', () => {
  it('upper-cases the code, previews the savings on the sample trips, and refuses a percent of 150', async () => {
    const { user, api } = renderApp('/discounts/create', {
      session: admin,
      api: { 'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [ECONOMY]) },
    });
    await user.type(await screen.findByLabelText(/Code/), 'spring15');
    expect(screen.getByLabelText(/Code/)).toHaveValue('SPRING15');
    await user.type(screen.getByLabelText(/Name/), 'Spring');
    const value = screen.getByLabelText(/Value/);
    await user.type(value, '15');
    // 15 % of 245, 640 and 1,155.
    const preview = await screen.findByTestId('discount-preview');
    await waitFor(() =>
      expect(plain(within(preview).getByTestId('sample-fare-airport').textContent!)).toContain('−KES 173.25'),
    );
    expect(plain(within(preview).getByTestId('sample-fare-hop').textContent!)).toContain('−KES 36.75');
    await user.clear(value);
    await user.type(value, '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A percentage must be from 1 to 100')).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('takes the validity window on the Nairobi clock, whatever the browser’s zone', async () => {
    const { user, api } = renderApp('/discounts/create', {
      session: admin,
      api: {
        'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [ECONOMY]),
        'POST /api/trip/discounts': (request) => ({
          status: 201,
          json: { ...discount(9, 'MARCH', 'scheduled'), ...(request.body as object), id: 9 },
        }),
        'GET /api/trip/discounts/9': { json: discount(9, 'MARCH', 'scheduled') },
      },
    });
    await user.type(await screen.findByLabelText(/Code/), 'march');
    await user.type(screen.getByLabelText(/Name/), 'March');
    await user.type(screen.getByLabelText(/Value/), '10');
    await typeDate(user, 'Valid from', '010320300800');
    await typeDate(user, 'Valid to', '310320302359');
    expect(shownDate('Valid to')).toBe('31/03/2030, 23:59');
    expect(screen.getAllByText('Nairobi time')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(api.requests.find((r) => r.method === 'POST')!.body).toMatchObject({
      code: 'MARCH',
      validFrom: '2030-03-01T05:00:00.000Z',
      validTo: '2030-03-31T20:59:00.000Z',
    });
  });
});

describe('deleting a discount', () => {
  const showPage = (used: boolean) =>
    renderApp('/discounts/5', {
      session: admin,
      api: {
        'GET /api/trip/discounts/5': { json: discount(5, 'KARIBU', 'active', { timesUsed: used ? 12 : 0 }) },
        'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [ECONOMY]),
        'GET /api/trip/trips': listAnswer('trips', []),
        'DELETE /api/trip/discounts/5': used
          ? {
              status: 409,
              json: { message: 'This discount was used on 12 trips, so it stays on record. Deactivate it instead.' },
            }
          : { json: { data: discount(5, 'KARIBU', 'active') } },
        'GET /api/trip/discounts': listAnswer('discounts', []),
      },
    });

  it('asks first, and deletes an unused one only once confirmed', async () => {
    const { user, api } = showPage(false);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('shows the refusal for a code that trips used, saying to deactivate it', async () => {
    const { user } = showPage(true);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('error-dialog-message')).toHaveTextContent(
      'This discount was used on 12 trips, so it stays on record. Deactivate it instead.',
    );
  });
});

describe('a discount’s page', () => {
  it('lists the trips that used it, each linked, and the total it took off', async () => {
    const { api } = renderApp('/discounts/5', {
      session: admin,
      api: {
        'GET /api/trip/discounts/5': {
          json: discount(5, 'KARIBU', 'active', { timesUsed: 2, discountedTotal: 137.5 }),
        },
        'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [ECONOMY]),
        'GET /api/trip/trips': listAnswer('trips', [
          {
            id: 812,
            requestedAt: '2026-11-20T15:00:00Z',
            status: 'completed',
            passengerName: 'Wanjiru K.',
            fareDiscount: 87.5,
            fareTotal: 495.5,
          },
          {
            id: 790,
            requestedAt: '2026-11-19T06:30:00Z',
            status: 'completed',
            passengerName: 'Otieno M.',
            fareDiscount: 50,
            fareTotal: 310,
          },
        ]),
      },
    });
    const trips = await screen.findByTestId('discount-trips');
    expect(await within(trips).findByRole('link', { name: '#812' })).toHaveAttribute(
      'href',
      '/trip-management/trips/812',
    );
    expect(plain(trips.textContent!)).toContain('Wanjiru K.');
    expect(plain(trips.textContent!)).toContain('KES 87.50');
    expect(plain(screen.getByTestId('discount-summary').textContent!)).toContain('KES 137.50');
    const asked = api.requests.find((r) => r.path.startsWith('/api/trip/trips'))!;
    expect(decodeURIComponent(asked.url)).toContain('"discountId":5');
  });
});
