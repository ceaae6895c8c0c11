import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeFare } from '../../src/domain/fare';
import { formatMoney } from '../../src/kit/format';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';
import { windowWidth } from './support/windowWidth';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);

const economy = {
  id: 3,
  name: 'Economy',
  description: 'Everyday hatchbacks and sedans for up to four.',
  icon: null,
  seats: 4,
  baseFare: 100,
  pricePerKm: 35,
  pricePerMinute: 4,
  minimumFare: 200,
  cancellationFee: 100,
  commissionPercent: null,
  active: true,
  driverCount: 130,
  approvedDrivers: 120,
  tripsLast7Days: 4321,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};
const comfort = { ...economy, id: 4, name: 'Comfort', baseFare: 150, commissionPercent: 15, active: false };

/** As toHaveTextContent reads it: the non-breaking space after the currency becomes a plain one. */
const money = (n: number) => formatMoney(n)!.replace(/\s/g, ' ');

const row = (key: string) => screen.getByTestId(`sample-fare-${key}`);

describe('the vehicle-type list', () => {
  it('shows rates in money, the commission, the state and the counts', async () => {
    windowWidth(1920);
    renderApp('/vehicle-management/vehicles', {
      session: admin,
      api: { 'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [economy, comfort]) },
    });
    const economyRow = (await screen.findByText('Economy')).closest('tr')!;
    // The base fare and the cancellation fee.
    expect(within(economyRow).getAllByText('KES 100.00')).toHaveLength(2);
    expect(within(economyRow).getByText('KES 35.00')).toBeInTheDocument();
    expect(within(economyRow).getByText('Default')).toBeInTheDocument();
    expect(within(economyRow).getByText('Active')).toBeInTheDocument();
    expect(within(economyRow).getByText('4321')).toBeInTheDocument();
    const comfortRow = screen.getByText('Comfort').closest('tr')!;
    expect(within(comfortRow).getByText('15 %')).toBeInTheDocument();
    expect(within(comfortRow).getByText('Inactive')).toBeInTheDocument();
  });
});

describe('the vehicle-type list on a 1366 px laptop', () => {
  it('still shows the cancellation fee and the commission, with the state beside the name', async () => {
    windowWidth(1366); // a laptop: MUI's breakpoints match up to lg (1200), not xl (1536)
    renderApp('/vehicle-management/vehicles', {
      session: admin,
      api: {
        'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [
          { ...economy, cancellationFee: 75 },
          { ...comfort, commissionPercent: 12.5 },
        ]),
      },
    });
    const economyRow = (await screen.findByText('Economy')).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: /Cancellation fee/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Commission/ })).toBeInTheDocument();
    expect(within(economyRow).getByText(money(75))).toBeInTheDocument();
    expect(within(economyRow).getByText('Default')).toBeInTheDocument();
    expect(within(economyRow).getByTestId('active-chip')).toHaveTextContent('Active');
    const comfortRow = screen.getByText('Comfort').closest('tr')!;
    expect(within(comfortRow).getByText('12.5 %')).toBeInTheDocument();
    expect(within(comfortRow).getByTestId('active-chip')).toHaveTextContent('Inactive');
  });
});

describe('the vehicle-type list at 800 px', () => {
  it('keeps the name with its state and every fare rate, per km and per minute in one column', async () => {
    windowWidth(800); // below MUI's md (900): the menu still takes 260 px
    renderApp('/vehicle-management/vehicles', {
      session: admin,
      api: { 'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [economy, comfort]) },
    });
    const economyRow = (await screen.findByText('Economy')).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/\s/g, ' '));
    expect(headers).toEqual(['Name', 'Base fare', 'Per km · per min']);
    expect(within(economyRow).getByTestId('active-chip')).toHaveTextContent('Active');
    expect(economyRow).toHaveTextContent(`${money(100)}${money(35)} / km${money(4)} / min`);
    const comfortRow = screen.getByText('Comfort').closest('tr')!;
    expect(within(comfortRow).getByTestId('active-chip')).toHaveTextContent('Inactive');
    expect(comfortRow).toHaveTextContent(money(150));
  });
});

describe('the vehicle-type list between 1024 and 1280 px', () => {
  it('adds the minimum fare and the counts, the fees only from 1280 px', async () => {
    windowWidth(1024);
    renderApp('/vehicle-management/vehicles', {
      session: admin,
      api: { 'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [economy]) },
    });
    await screen.findByText('Economy');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/\s/g, ' '));
    expect(headers).toEqual([
      'Name',
      'Base fare',
      'Per km · per min',
      'Minimum fare',
      'Approved drivers',
      'Trips, last 7 days',
    ]);
  });
});

describe('the vehicle-type form', () => {
  it('prices the sample trips with computeFare as the rates are typed, next to the saved ones', async () => {
    const { user, api } = renderApp('/vehicle-management/vehicles/3/edit', {
      session: admin,
      api: {
        'GET /api/trip/vehicle-types/3': { json: economy },
        'PUT /api/trip/vehicle-types/3': (request) => ({ json: { ...economy, ...(request.body as object) } }),
      },
    });
    const perKm = await screen.findByLabelText(/Per km/);
    expect(within(row('airport')).getByTestId('fare-saved')).toHaveTextContent(money(1155));
    expect(within(row('airport')).getByTestId('fare-change')).toHaveTextContent('No change');

    await user.clear(perKm);
    await user.type(perKm, '40.5');
    const expected = (distanceKm: number, durationMin: number) =>
      computeFare({
        rates: { ...economy, pricePerKm: 40.5 },
        commissionPercent: 0,
        distanceKm,
        durationMin,
        surgeMultiplier: 1,
      }).total;
    await waitFor(() =>
      expect(within(row('airport')).getByTestId('fare-edited')).toHaveTextContent(money(expected(25, 45))),
    );
    expect(within(row('hop')).getByTestId('fare-edited')).toHaveTextContent(money(expected(3, 10)));
    expect(within(row('commute')).getByTestId('fare-edited')).toHaveTextContent(money(expected(12, 30)));
    // 25 km × 5.50 more: +137.50 on 1,155 = +11.9 %.
    expect(within(row('airport')).getByTestId('fare-change')).toHaveTextContent('+KES 137.50'.replace(/\s/g, ' '));
    expect(within(row('airport')).getByTestId('fare-change')).toHaveTextContent('+11.9 %');

    // A change of fares is confirmed first, with the old and new amounts, as on the price settings.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save these price changes?' });
    expect(within(dialog).getByTestId('fare-changes')).toHaveTextContent(`Per km: ${money(35)} → ${money(40.5)}`);
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(api.requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ pricePerKm: 40.5 });
    // The toast says what was saved.
    expect(await screen.findByText('Economy fares updated')).toBeInTheDocument();
  });

  it('asks before leaving the form with unsaved changes', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, router } = renderApp('/vehicle-management/vehicles/3/edit', {
      session: admin,
      api: { 'GET /api/trip/vehicle-types/3': { json: economy } },
    });
    const name = await screen.findByLabelText(/Name/);
    await user.type(name, ' Plus');
    await router.navigate('/trip-management/trips');
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/changes weren't saved/)));
    // Staying keeps the edit.
    expect(router.state.location.pathname).toBe('/vehicle-management/vehicles/3/edit');
    expect(screen.getByLabelText(/Name/)).toHaveValue('Economy Plus');
  });

  it('refuses a negative rate and 21 seats under the inputs, and only warns about a minimum below the base', async () => {
    const { user, api } = renderApp('/vehicle-management/vehicles/3/edit', {
      session: admin,
      api: { 'GET /api/trip/vehicle-types/3': { json: economy } },
    });
    const base = await screen.findByLabelText(/Base fare/);
    await user.clear(base);
    await user.type(base, '250');
    expect(await screen.findByTestId('minimum-fare-warning')).toHaveTextContent(
      'The minimum fare is below the base fare, so it never applies',
    );
    const seats = screen.getByLabelText(/Seats/);
    await user.clear(seats);
    await user.type(seats, '21');
    const perMinute = screen.getByLabelText(/Per minute/);
    await user.clear(perMinute);
    await user.type(perMinute, '-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Seats must be at most 20')).toBeInTheDocument();
    expect(screen.getByText('Price per minute cannot be negative')).toBeInTheDocument();
    expect(screen.getByText(/Fill in the base fare/)).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});

describe('deactivating a vehicle type', () => {
  it('asks with the number of approved drivers it affects, then runs the action', async () => {
    const { user, api } = renderApp('/vehicle-management/vehicles/3', {
      session: admin,
      api: {
        'GET /api/trip/vehicle-types/3': { json: economy },
        'POST /api/trip/vehicle-types/3/deactivate': {
          json: { data: { ...economy, active: false }, message: 'Economy deactivated' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deactivate Economy?');
    expect(dialog).toHaveTextContent('its 120 approved drivers get no new trips');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.requests.some((r) => r.path.endsWith('/deactivate'))).toBe(true));
    expect(await screen.findByText('Economy deactivated')).toBeInTheDocument();
  });

  it('shows the refusal, with how many drivers are on a trip, when the service refuses', async () => {
    const message = '2 drivers of this type are on an active trip. Deactivate it once their trips have ended.';
    const { user } = renderApp('/vehicle-management/vehicles/3', {
      session: admin,
      api: {
        'GET /api/trip/vehicle-types/3': { json: economy },
        'POST /api/trip/vehicle-types/3/deactivate': { status: 409, json: { message } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByTestId('error-dialog-message')).toHaveTextContent(message);
  });
});
