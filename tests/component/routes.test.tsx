import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../unit/support/fetchStub';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Every child route of the main layout in the spec's table (ids filled in), and the dispatcher. */
const SPEC_ROUTES = [
  '/',
  '/staff-management/staffs',
  '/staff-management/staffs/1',
  '/staff-management/profile/1',
  '/staff-management/create',
  '/staff-management/roles',
  '/staff-management/permissions',
  '/role-management/roles',
  '/role-management/permissions',
  '/driver-management/approved-drivers',
  '/driver-management/unapproved-drivers',
  '/driver-management/drivers/1',
  '/driver-management/create',
  '/driver-management/review/1',
  '/driver-management/transactions/1',
  '/vehicle-management/vehicles',
  '/vehicle-management/vehicles/1',
  '/price-setting',
  '/trip-management/trips',
  '/trip-management/trips/1',
  '/passenger-management/passengers',
  '/passenger-management/passengers/1',
  '/manage-payment-getwas',
  '/reports/revenue',
  '/reports/trip',
  '/reports/driver-revenue-letter',
  '/revenues',
  '/discounts',
  '/issues',
  '/sos-contacts',
  '/sos-call-logs',
  '/dispatcher',
];

/** Any list answers one record, any record is found. */
const anyResource = ({ path }: RecordedRequest) => {
  const [, , , resource, id] = path.split('/');
  if (id) return { json: { id: Number(id), name: `${resource} ${id}` } };
  return { json: [{ id: 1, name: `${resource} 1` }], headers: { 'Content-Range': `${resource} 0-0/1` } };
};

/** Renders the path signed in as the super admin and waits until its page shows. */
async function visit(path: string) {
  const app = renderApp(path, { session: sessionOf(superAdminProfile), api: { '*': anyResource } });
  await waitFor(() => {
    const page = document.querySelector('#main-content, [data-testid="dispatcher-main"]');
    expect(page?.textContent).toBeTruthy();
    expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
  });
  return app;
}

describe("the spec's routes", () => {
  it.each(SPEC_ROUTES)('%s is served', async (path) => {
    const { location } = await visit(path);
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument();
    expect(location()).toBe(path);
  });

  it.each(['/driver-management/unknown', '/reports', '/staff-management'])('%s is not', async (path) => {
    await visit(path);
    expect(screen.getByTestId('not-found')).toBeInTheDocument();
  });

  // Screens the generator would give but the folder declares absent (`show: false`, `create: false`…):
  // no route, so the resource's list answers the URL; the record is not read and no form shows.
  it.each([
    ['/staff-management/audit-logs/5', '/api/user/audit-logs'],
    ['/price-setting/5', '/api/trip/price-settings'],
    ['/price-setting/create', '/api/trip/price-settings'],
    ['/staff-management/permissions/5', '/api/user/permissions'],
    ['/driver-management/drivers/5/edit', '/api/user/drivers'],
    ['/issues/5/edit', '/api/trip/issues'],
  ])('%s, a screen declared absent, is not served', async (path, list) => {
    const { api } = await visit(path);
    await waitFor(() => expect(api.to(`GET ${list}`)).not.toHaveLength(0));
    expect(api.to(`GET ${list}/5`)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('lists drivers with the permanent approval filters', async () => {
    const approved = renderApp('/driver-management/approved-drivers', {
      session: sessionOf(superAdminProfile),
      api: { '*': anyResource },
    });
    await waitFor(() => expect(approved.api.to('GET /api/user/drivers')).not.toHaveLength(0));
    expect(JSON.parse(approved.api.to('GET /api/user/drivers')[0].query.get('filter') ?? '')).toEqual({
      approvalStatus: 'approved',
    });
    approved.unmount();

    const unapproved = renderApp('/driver-management/unapproved-drivers', {
      session: sessionOf(superAdminProfile),
      api: { '*': anyResource },
    });
    await waitFor(() => expect(unapproved.api.to('GET /api/user/drivers')).not.toHaveLength(0));
    // Every status but approved; the queue starts on the drivers waiting for review.
    expect(JSON.parse(unapproved.api.to('GET /api/user/drivers')[0].query.get('filter') ?? '')).toEqual({
      unapproved: true,
      approvalStatus: 'pending',
    });
  });

  it("lists a driver's transactions", async () => {
    const { api } = renderApp('/driver-management/transactions/5', {
      session: sessionOf(superAdminProfile),
      api: { '*': anyResource },
    });
    await waitFor(() => expect(api.to('GET /api/trip/driver-transactions')).not.toHaveLength(0));
    expect(JSON.parse(api.to('GET /api/trip/driver-transactions')[0].query.get('filter') ?? '')).toEqual({
      driverId: 5,
    });
  });

  it('shows a real record at a deep link', async () => {
    const { api } = renderApp('/trip-management/trips/9', {
      session: sessionOf(superAdminProfile),
      api: { '*': anyResource },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip #9' })).toBeInTheDocument();
    expect(api.to('GET /api/trip/trips/9')).toHaveLength(1);
  });
});
