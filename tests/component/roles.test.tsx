import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_PERMISSIONS, P } from '../../src/domain/permissions';
import type { RecordedRequest } from '../unit/support/fetchStub';
import type { StaffProfile } from '../../src/session';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);

const dispatcherRole = {
  id: 2,
  name: 'Dispatcher',
  description: 'Books phone-in trips',
  permissions: [P.viewDispatcherPage, P.viewPassenger, P.viewTrip],
  staffCount: 3,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

/** The role the server answers after a write: what was sent, with an id. */
const echo =
  (id: number) =>
  ({ body }: RecordedRequest) => ({
    status: id ? 200 : 201,
    json: { ...dispatcherRole, ...(body as object), id: id || 9 },
  });

const matrix = async () => within(await screen.findByTestId('permission-matrix'));

describe('the permission matrix of the role form', () => {
  it('selects a row, a column and single cells, and saves the permissions array', async () => {
    const { user, api } = renderApp('/staff-management/roles/create', {
      session: admin,
      api: { 'POST /api/user/roles': echo(0), 'GET /api/user/roles/9': { json: { ...dispatcherRole, id: 9 } } },
    });
    const grid = await matrix();
    await user.type(screen.getByLabelText(/^Name/), 'Night shift');

    // A row: every action on Trips.
    await user.click(grid.getByRole('checkbox', { name: 'Select all Trips permissions' }));
    expect(grid.getByRole('checkbox', { name: 'create-Trip' })).toBeChecked();
    expect(grid.getByRole('checkbox', { name: 'delete-Trip' })).toBeChecked();

    // A column: view on every subject.
    await user.click(grid.getByRole('checkbox', { name: 'Select all View permissions' }));
    expect(grid.getByRole('checkbox', { name: 'view-AuditLog' })).toBeChecked();
    expect(grid.getByRole('checkbox', { name: 'Select all View permissions' })).toBeChecked();

    // Clearing a column takes the writes of every row with it (writing implies seeing).
    await user.click(grid.getByRole('checkbox', { name: 'Select all View permissions' }));
    expect(grid.getByRole('checkbox', { name: 'create-Trip' })).not.toBeChecked();

    // Granting a write grants its view; the row shows as partly selected.
    await user.click(grid.getByRole('checkbox', { name: 'update-Staff' }));
    expect(grid.getByRole('checkbox', { name: 'view-Staff' })).toBeChecked();
    expect(grid.getByRole('checkbox', { name: 'Select all Staff permissions' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    await user.click(grid.getByRole('checkbox', { name: 'view-DispatcherPage' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('POST /api/user/roles')).toHaveLength(1));
    expect(api.to('POST /api/user/roles')[0].body).toEqual({
      name: 'Night shift',
      permissions: ['view-Staff', 'update-Staff', 'view-DispatcherPage'],
    });
  });

  it('selects and clears a write column, and selects everything', async () => {
    const { user, api } = renderApp('/staff-management/roles/2/edit', {
      session: admin,
      api: { 'GET /api/user/roles/2': { json: dispatcherRole }, 'PUT /api/user/roles/2': echo(2) },
    });
    const grid = await matrix();
    await waitFor(() => expect(grid.getByRole('checkbox', { name: 'view-Trip' })).toBeChecked());

    await user.click(grid.getByRole('checkbox', { name: 'Select all Delete permissions' }));
    for (const subject of ['Staff', 'Role', 'Driver', 'Trip', 'SosContacts']) {
      expect(grid.getByRole('checkbox', { name: `delete-${subject}` })).toBeChecked();
      expect(grid.getByRole('checkbox', { name: `view-${subject}` })).toBeChecked();
    }
    // Subjects without a delete have no cell to tick.
    expect(grid.queryByRole('checkbox', { name: 'delete-Report' })).not.toBeInTheDocument();
    await user.click(grid.getByRole('checkbox', { name: 'Select all Delete permissions' }));
    expect(grid.getByRole('checkbox', { name: 'delete-Trip' })).not.toBeChecked();
    expect(grid.getByRole('checkbox', { name: 'view-Staff' })).toBeChecked();

    await user.click(grid.getByRole('checkbox', { name: 'Select every permission' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT /api/user/roles/2')).toHaveLength(1));
    expect((api.to('PUT /api/user/roles/2')[0].body as { permissions: string[] }).permissions).toEqual([
      ...ALL_PERMISSIONS,
    ]);
  });

  it('shows what is wrong before saving', async () => {
    const { user, api } = renderApp('/staff-management/roles/create', { session: admin });
    await matrix();
    await user.type(screen.getByLabelText(/^Name/), 'x');
    await user.clear(screen.getByLabelText(/^Name/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(api.to('POST /api/user/roles')).toHaveLength(0);
  });
});

describe('a role', () => {
  it('shows its permissions read-only, with Edit and Delete for a role that may', async () => {
    renderApp('/staff-management/roles/2', {
      session: admin,
      api: { 'GET /api/user/roles/2': { json: dispatcherRole } },
    });
    const grid = await matrix();
    expect(grid.queryAllByRole('checkbox')).toHaveLength(0);
    expect(grid.getByTitle('view-Trip')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/staff-management/roles/2/edit');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('is refused deletion with a clear message while staff still hold it', async () => {
    const message = 'This role is still held by 3 staff members. Give them another role first.';
    const { user, api } = renderApp('/staff-management/roles/2', {
      session: admin,
      api: {
        'GET /api/user/roles/2': { json: dispatcherRole },
        'DELETE /api/user/roles/2': { status: 409, json: { message } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('still held by 3 staff members');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.to('DELETE /api/user/roles/2')).toHaveLength(1));
    expect(await screen.findByTestId('error-dialog-message')).toHaveTextContent(message);
  });

  it('offers no Create, Edit or Delete to a role that may only look', async () => {
    const viewer: StaffProfile = {
      ...dispatcherProfile,
      role: { id: 5, name: 'Auditor', permissions: [P.viewRole].map((name) => ({ name })) },
    };
    const session = sessionOf(viewer);
    const list = renderApp('/staff-management/roles', {
      session,
      api: { 'GET /api/user/roles': listAnswer('roles', [dispatcherRole]) },
    });
    expect(await screen.findByText('Dispatcher')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
    list.unmount();

    renderApp('/staff-management/roles/2', { session, api: { 'GET /api/user/roles/2': { json: dispatcherRole } } });
    await matrix();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows access denied at the form of a role that may not update', async () => {
    const viewer: StaffProfile = {
      ...dispatcherProfile,
      role: { id: 5, name: 'Auditor', permissions: [{ name: P.viewRole }] },
    };
    const { api } = renderApp('/staff-management/roles/2/edit', { session: sessionOf(viewer) });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(api.to('GET /api/user/roles/2')).toHaveLength(0);
  });
});

describe('the permissions', () => {
  it('are listed by subject with the roles that hold them, at both spec paths', async () => {
    const permissions = [
      { id: 1, name: 'view-Trip', subject: 'Trip', action: 'view', roles: ['Dispatcher', 'Super Admin'] },
      { id: 2, name: 'delete-Trip', subject: 'Trip', action: 'delete', roles: [] },
      { id: 3, name: 'view-Staff', subject: 'Staff', action: 'view', roles: ['Super Admin'] },
    ];
    for (const path of ['/staff-management/permissions', '/role-management/permissions']) {
      const { unmount } = renderApp(path, {
        session: admin,
        api: { 'GET /api/user/permissions': listAnswer('permissions', permissions) },
      });
      const trips = within(await screen.findByTestId('permission-group-Trip'));
      expect(trips.getByText('Trips')).toBeInTheDocument();
      expect(trips.getAllByRole('row').map((row) => row.textContent)).toEqual([
        'TripsTrip',
        'view-TripViewDispatcherSuper Admin',
        'delete-TripDeleteNo role',
      ]);
      // The catalogue's order: Staff before Trips.
      const groups = screen.getAllByTestId(/^permission-group-/).map((group) => group.dataset.testid);
      expect(groups).toEqual(['permission-group-Staff', 'permission-group-Trip']);
      expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
      unmount();
    }
  });
});
