import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { P } from '../../src/domain/permissions';
import type { StaffProfile } from '../../src/session';
import type { RecordedRequest } from '../unit/support/fetchStub';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);

const staff = (id: number, firstName: string, lastName: string, extra: object = {}) => ({
  id,
  firstName,
  lastName,
  fullName: `${firstName} ${lastName}`,
  email: `${firstName.toLowerCase()}@example.com`,
  phone: '+254700000000',
  sex: 'female',
  photo: null,
  roleId: 2,
  roleName: 'Dispatcher',
  status: 'active',
  emailVerifiedAt: '2025-01-02T00:00:00Z',
  lastLoginAt: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  ...extra,
});

const ROLES = [
  { id: 1, name: 'Super Admin', permissions: [], staffCount: 1 },
  { id: 2, name: 'Dispatcher', permissions: [], staffCount: 2 },
];

const people = [
  staff(1, 'Ada', 'Admin', { roleId: 1, roleName: 'Super Admin' }),
  staff(7, 'Grace', 'Hopper'),
  staff(8, 'Alan', 'Turing'),
];

const filterOf = (request: RecordedRequest) =>
  JSON.parse(request.query.get('filter') ?? '{}') as Record<string, unknown>;

const withRole = (name: string, permissions: string[]): StaffProfile => ({
  ...dispatcherProfile,
  role: { id: 5, name, permissions: permissions.map((permission) => ({ name: permission })) },
});

describe('the staff list', () => {
  it('searches and filters by role and status, sorts, and shows a row per staff member', async () => {
    const { user, api } = renderApp('/staff-management/staffs', {
      session: admin,
      api: { 'GET /api/user/staffs': listAnswer('staffs', people), 'GET /api/user/roles': listAnswer('roles', ROLES) },
    });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    const first = api.to('GET /api/user/staffs')[0];
    expect(JSON.parse(first.query.get('sort') ?? '')).toEqual(['createdAt', 'DESC']);
    expect(JSON.parse(first.query.get('range') ?? '')).toEqual([0, 24]);

    const main = within(document.getElementById('main-content')!);
    await user.type(main.getByPlaceholderText('Search'), 'grace');
    await waitFor(() => expect(filterOf(api.to('GET /api/user/staffs').at(-1)!)).toEqual({ q: 'grace' }));

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Dispatcher' }));
    await waitFor(() => expect(filterOf(api.to('GET /api/user/staffs').at(-1)!)).toEqual({ q: 'grace', roleId: 2 }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() =>
      expect(filterOf(api.to('GET /api/user/staffs').at(-1)!)).toEqual({ q: 'grace', roleId: 2, status: 'inactive' }),
    );

    await user.click(screen.getByRole('button', { name: 'Sort by status ascending' }));
    await waitFor(() =>
      expect(JSON.parse(api.to('GET /api/user/staffs').at(-1)!.query.get('sort') ?? '')).toEqual(['status', 'ASC']),
    );
  });

  it('presets the role filter from a link, e.g. the holders of a role', async () => {
    const filter = encodeURIComponent(JSON.stringify({ roleId: 2 }));
    const { api } = renderApp(`/staff-management/staffs?filter=${filter}`, {
      session: admin,
      api: { 'GET /api/user/staffs': listAnswer('staffs', people), 'GET /api/user/roles': listAnswer('roles', ROLES) },
    });
    await screen.findByText('Grace Hopper');
    expect(filterOf(api.to('GET /api/user/staffs')[0])).toEqual({ roleId: 2 });
  });

  it('deactivates the selected staff members after a confirmation, never the signed-in one', async () => {
    const { user, api } = renderApp('/staff-management/staffs', {
      session: admin,
      api: {
        'GET /api/user/staffs': listAnswer('staffs', people),
        'GET /api/user/roles': listAnswer('roles', ROLES),
        'PUT /api/user/staffs/7': { json: { ...people[1], status: 'inactive' } },
        'PUT /api/user/staffs/8': { json: { ...people[2], status: 'inactive' } },
      },
    });
    await screen.findByText('Grace Hopper');
    const rows = screen.getAllByRole('row');
    const rowOf = (name: string) => rows.find((row) => row.textContent?.includes(name))!;
    expect(within(rowOf('Ada Admin')).getByRole('checkbox')).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deactivate 2 staff members');
    expect(dialog).toHaveTextContent('signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(api.to('PUT /api/user/staffs/8')).toHaveLength(1));
    expect(api.to('PUT /api/user/staffs/7')[0].body).toEqual({ status: 'inactive' });
    expect(api.to('PUT /api/user/staffs/8')[0].body).toEqual({ status: 'inactive' });
    expect(api.to('PUT /api/user/staffs/1')).toHaveLength(0);
  });

  it('offers Create and bulk actions only with create-Staff and update-Staff', async () => {
    const { user } = renderApp('/staff-management/staffs', {
      session: sessionOf(withRole('Viewer', [P.viewStaff])),
      api: { 'GET /api/user/staffs': listAnswer('staffs', people), 'GET /api/user/staffs/7': { json: people[1] } },
    });
    await screen.findByText('Grace Hopper');
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
    // Without view-Role the role filter is left out rather than failing.
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();

    await user.click(screen.getByText('Grace Hopper'));
    expect(await screen.findByTestId('staff-summary')).toBeInTheDocument();
  });

  it('links Create to the spec path', async () => {
    renderApp('/staff-management/staffs', {
      session: admin,
      api: { 'GET /api/user/staffs': listAnswer('staffs', people), 'GET /api/user/roles': listAnswer('roles', ROLES) },
    });
    await screen.findByText('Grace Hopper');
    expect(await screen.findByRole('link', { name: 'Create' })).toHaveAttribute('href', '/staff-management/create');
  });
});

describe('a staff member', () => {
  it('shows their details and recent actions from the audit log, with an Edit link', async () => {
    const { api } = renderApp('/staff-management/staffs/7', {
      session: admin,
      api: {
        'GET /api/user/staffs/7': { json: people[1] },
        'GET /api/user/audit-logs': listAnswer('audit-logs', [
          {
            id: 31,
            staffId: 7,
            staffName: 'Grace Hopper',
            resource: 'roles',
            recordId: '2',
            action: 'update',
            before: { permissions: ['view-Trip'] },
            after: { permissions: ['view-Trip', 'view-Driver'] },
            createdAt: '2025-03-01T10:00:00Z',
          },
        ]),
      },
    });
    const summary = within(await screen.findByTestId('staff-summary'));
    expect(summary.getByText('Grace Hopper')).toBeInTheDocument();
    expect(summary.getByText('grace@example.com')).toBeInTheDocument();
    const actions = within(await screen.findByTestId('staff-recent-actions'));
    expect(await actions.findByText('Permissions')).toBeInTheDocument();
    expect(actions.getByText('Role #2')).toBeInTheDocument();
    expect(actions.getByText('Updated')).toBeInTheDocument();
    const request = api.to('GET /api/user/audit-logs')[0];
    expect(filterOf(request)).toEqual({ staffId: 7 });
    expect(JSON.parse(request.query.get('sort') ?? '')).toEqual(['createdAt', 'DESC']);
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/staff-management/staffs/7/edit',
    );
  });

  it('leaves the recent actions out without view-AuditLog', async () => {
    const { api } = renderApp('/staff-management/staffs/7', {
      session: sessionOf(withRole('Viewer', [P.viewStaff])),
      api: { 'GET /api/user/staffs/7': { json: people[1] } },
    });
    await screen.findByTestId('staff-summary');
    expect(screen.queryByTestId('staff-recent-actions')).not.toBeInTheDocument();
    expect(api.to('GET /api/user/audit-logs')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('is edited at /:id/edit, and the signed-in staff member cannot deactivate themselves', async () => {
    const { user, api, location } = renderApp('/staff-management/staffs/1/edit', {
      session: admin,
      api: {
        'GET /api/user/staffs/1': { json: people[0] },
        'GET /api/user/roles': listAnswer('roles', ROLES),
        'PUT /api/user/staffs/1': ({ body }) => ({ json: { ...people[0], ...(body as object) } }),
      },
    });
    expect(await screen.findByDisplayValue('Ada')).toBeInTheDocument();
    expect(screen.getByText('You cannot deactivate your own account.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Status/ })).toHaveAttribute('aria-disabled', 'true');

    await user.clear(screen.getByLabelText(/^First name/));
    await user.type(screen.getByLabelText(/^First name/), 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT /api/user/staffs/1')).toHaveLength(1));
    expect(api.to('PUT /api/user/staffs/1')[0].body).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Admin',
      roleId: 1,
      status: 'active',
    });
    await waitFor(() => expect(location()).toBe('/staff-management/staffs/1'));
  });

  it('shows access denied at a direct URL the role may not open, without calling the API', async () => {
    for (const path of ['/staff-management/staffs/7/edit', '/staff-management/create']) {
      const { api, unmount } = renderApp(path, { session: sessionOf(withRole('Viewer', [P.viewStaff])) });
      expect(await screen.findByText('Access denied')).toBeInTheDocument();
      expect(api.requests.filter((request) => request.path.startsWith('/api/user/staffs'))).toHaveLength(0);
      unmount();
    }
  });
});

describe('the create form', () => {
  const createApi = {
    'GET /api/user/roles': listAnswer('roles', ROLES),
    'POST /api/user/staffs': ({ body }: RecordedRequest) => ({
      status: 201,
      json: { ...staff(12, 'Linus', 'Torvalds'), ...(body as object) },
    }),
    'GET /api/user/staffs/12': { json: staff(12, 'Linus', 'Torvalds', { emailVerifiedAt: null }) },
    'GET /api/user/audit-logs': listAnswer('audit-logs'),
  };

  it('says what is missing or wrong, and sends nothing', async () => {
    const { user, api } = renderApp('/staff-management/create', { session: admin, api: createApi });
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Phone/), 'call me');
    await user.click(save);

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number, such as 0712 345 678 or +254 712 345 678')).toBeInTheDocument();
    expect(screen.getByText('Choose a role')).toBeInTheDocument();
    expect(api.to('POST /api/user/staffs')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Email/));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
  });

  it('creates the staff member, says the invitation went out, and opens their page', async () => {
    const { user, api, location } = renderApp('/staff-management/create', { session: admin, api: createApi });
    await user.type(await screen.findByLabelText(/^First name/), 'Linus');
    await user.type(screen.getByLabelText(/^Last name/), 'Torvalds');
    await user.type(screen.getByLabelText(/^Email/), 'Linus@Example.com ');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Dispatcher' }));
    await user.click(screen.getByRole('combobox', { name: /Sex/ }));
    await user.click(await screen.findByRole('option', { name: 'Male' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.to('POST /api/user/staffs')).toHaveLength(1));
    expect(api.to('POST /api/user/staffs')[0].body).toEqual({
      firstName: 'Linus',
      lastName: 'Torvalds',
      email: 'linus@example.com',
      roleId: 2,
      sex: 'male',
      phone: null,
      photo: null,
      status: 'active',
    });
    expect(
      await screen.findByText('Staff member created. A verification code was emailed to linus@example.com.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/staff-management/staffs/12'));
    expect(await screen.findByText('Invitation pending')).toBeInTheDocument();
  });

  it("shows the server's field messages under the fields, without an error dialog", async () => {
    const { user } = renderApp('/staff-management/create', {
      session: admin,
      api: {
        ...createApi,
        'POST /api/user/staffs': {
          status: 409,
          json: { message: 'This email is already in use', errors: { email: 'This email is already in use' } },
        },
      },
    });
    await user.type(await screen.findByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Again');
    await user.type(screen.getByLabelText(/^Email/), 'admin@example.com');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Dispatcher' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This email is already in use')).toBeInTheDocument();
    expect(screen.queryByTestId('error-dialog-message')).not.toBeInTheDocument();
  });

  it('uploads the photo and sends its file id', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() });
    try {
      const { user, api, unmount } = renderApp('/staff-management/create', {
        session: admin,
        api: {
          ...createApi,
          'POST /api/user/files': { status: 201, json: { data: { id: 77 } } },
          'GET /api/user/files/77': { blob: new Blob(['png'], { type: 'image/png' }) },
        },
      });
      const input = await screen.findByLabelText('Photo');
      await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
      await waitFor(() => expect(api.to('POST /api/user/files')).toHaveLength(1));
      expect(await screen.findByRole('button', { name: 'Remove' })).toBeInTheDocument();

      await user.upload(input, new File(['txt'], 'notes.txt', { type: 'text/plain' }));
      // The accept attribute keeps the browser's picker to images; the check is for drag-and-drop and old browsers.
      expect(api.to('POST /api/user/files')).toHaveLength(1);

      await user.type(screen.getByLabelText(/^First name/), 'Linus');
      await user.type(screen.getByLabelText(/^Last name/), 'Torvalds');
      await user.type(screen.getByLabelText(/^Email/), 'linus@example.com');
      await user.click(screen.getByRole('combobox', { name: /Role/ }));
      await user.click(await screen.findByRole('option', { name: 'Dispatcher' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.to('POST /api/user/staffs')).toHaveLength(1));
      expect(api.to('POST /api/user/staffs')[0].body).toMatchObject({ photo: 77 });
      unmount();
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });
});
