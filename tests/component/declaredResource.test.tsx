import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../src/session';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

/*
 * Issue 42's vehicles as a generated resource of the panel (the declaration the generator writes, with
 * a declared action): its list and record page show a year as "2018", a day and a time in the panel's
 * one date format, the referenced vehicle type by its name, and run "Retire vehicle" after its
 * confirmation, on a row (without opening the row), on the record page and in bulk.
 */
vi.mock('../../src/domain/resources/declared/index', async () => {
  const { vehicles } = await import('./support/declaredVehicles');
  return { DECLARED: [vehicles], DECLARED_BY_NAME: { vehicles } };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
});

const car = {
  id: 7,
  plate: 'KDA 101A',
  year: 2018,
  vehicleTypeId: 1,
  insuranceExpiresOn: '2027-03-31',
  active: true,
  createdAt: '2026-12-06T21:17:00Z',
  updatedAt: '2026-12-06T21:17:00Z',
};

const api = {
  'GET /api/trip/vehicles': listAnswer('vehicles', [car]),
  'GET /api/trip/vehicles/7': { json: car },
  'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [{ id: 1, name: 'Sedan' }]),
  'POST /api/trip/vehicles/7/retire': { json: { data: { ...car, active: false }, message: 'KDA 101A retired' } },
  'POST /api/trip/vehicles/bulk/retire': { json: { data: { outcomes: [{ id: 7, status: 'done' }] } } },
};

describe('a generated resource with a declared action', () => {
  it('lists a year without grouping, days and times in one format, the reference by name', async () => {
    renderApp('/vehicles', { session: sessionOf(superAdminProfile), api });
    const row = (await screen.findByText('KDA 101A')).closest('tr')!;
    expect(within(row).getByText('2018')).toBeInTheDocument();
    expect(within(row).getByText('31 Mar 2027')).toBeInTheDocument();
    expect(within(row).getAllByText('7 Dec 2026, 00:17')).toHaveLength(2); // created and updated
    expect(await within(row).findByText('Sedan')).toBeInTheDocument();
  });

  it('retires from a row after the confirmation, the reason in the body, without opening the row', async () => {
    const { api: calls, user, location } = renderApp('/vehicles', { session: sessionOf(superAdminProfile), api });
    const row = (await screen.findByText('KDA 101A')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Retire vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire vehicle' });
    expect(within(dialog).getByText('Retire this vehicle? It leaves the active fleet.')).toBeInTheDocument();
    expect(location()).toBe('/vehicles');

    // The reason is required by the declared body rules: nothing is sent without it.
    await user.click(within(dialog).getByRole('button', { name: 'Retire vehicle' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(calls.to('POST /api/trip/vehicles/7/retire')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Sold');
    await user.click(within(dialog).getByRole('button', { name: 'Retire vehicle' }));
    expect(await screen.findByText('KDA 101A retired')).toBeInTheDocument();
    expect(calls.to('POST /api/trip/vehicles/7/retire').map((call) => call.body)).toEqual([{ reason: 'Sold' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/vehicles');
  });

  it('offers it on the record page', async () => {
    renderApp('/vehicles/7/show', { session: sessionOf(superAdminProfile), api });
    expect(await screen.findByRole('button', { name: 'Retire vehicle' })).toBeInTheDocument();
    expect(await screen.findByText('2018')).toBeInTheDocument();
    expect(screen.getByText('31 Mar 2027')).toBeInTheDocument();
  });

  it('runs it in bulk on the selected rows, with one reason', async () => {
    const { api: calls, user } = renderApp('/vehicles', { session: sessionOf(superAdminProfile), api });
    const row = (await screen.findByText('KDA 101A')).closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    const bulk = await waitFor(() => {
      const button = screen.getAllByRole('button', { name: 'Retire vehicle' }).find((b) => !b.closest('tr'));
      expect(button).toBeDefined();
      return button!;
    });
    await user.click(bulk);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Fleet renewal');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 1 record' }));
    expect(await within(dialog).findByText(/1 done, 0 refused/)).toBeInTheDocument();
    expect(calls.to('POST /api/trip/vehicles/bulk/retire').map((call) => call.body)).toEqual([
      { ids: [7], reason: 'Fleet renewal' },
    ]);
  });

  it('names its records by their label in the audit log, deleted ones too', async () => {
    const row = { staffId: 1, staffName: 'Ada Admin', resource: 'vehicles', createdAt: '2026-12-06T21:17:00Z' };
    renderApp('/staff-management/audit-logs', {
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/user/audit-logs': listAnswer('audit-logs', [
          { ...row, id: 1, recordId: '7', recordLabel: 'KDA 101A', action: 'retire', before: null, after: null },
          { ...row, id: 2, recordId: '8', recordLabel: null, action: 'delete', before: { plate: 'KDB 202B' } },
        ]),
      },
    });
    expect(await screen.findByText('Vehicle KDA 101A')).toBeInTheDocument();
    expect(screen.getByText('Vehicle KDB 202B')).toBeInTheDocument();
  });

  it('shows no action to a role without its permission', async () => {
    renderApp('/vehicles', {
      session: sessionOf({
        ...dispatcherProfile,
        role: { ...dispatcherProfile.role, permissions: [{ name: 'view-Vehicle' }] },
      }),
      api,
    });
    await screen.findByText('KDA 101A');
    expect(screen.queryByRole('button', { name: 'Retire vehicle' })).not.toBeInTheDocument();
  });
});
