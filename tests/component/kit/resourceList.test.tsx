import { screen, waitFor } from '@testing-library/react';
import { DataTable, TextField } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceList } from '../../../src/kit/ResourceList';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../../unit/support/staffFixtures';
import { listAnswer } from '../support/renderApp';
import { renderKit } from './renderKit';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const list = (
  <ResourceList>
    <DataTable>
      <DataTable.Col source="name" field={TextField} />
    </DataTable>
  </ResourceList>
);

describe('ResourceList', () => {
  it('asks for 25 rows, newest first, and offers Create and Export to a role that may create', async () => {
    const { api } = renderKit(list, {
      resource: 'staff-management/roles',
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/user/roles': listAnswer('roles', [{ id: 1, name: 'Super Admin' }]) },
    });
    expect(await screen.findByText('Super Admin')).toBeInTheDocument();
    const request = api.to('GET /api/user/roles')[0];
    expect(request.query.get('range')).toBe('[0,24]');
    expect(request.query.get('sort')).toBe('["createdAt","DESC"]');
    expect(await screen.findByRole('link', { name: 'Create' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('keeps the permanent filter of an alias route, and hides Create without the permission', async () => {
    const { api } = renderKit(
      <ResourceList filter={{ status: 'active' }} title="Active staff" storeKey="active-staff">
        <DataTable>
          <DataTable.Col source="firstName" field={TextField} />
        </DataTable>
      </ResourceList>,
      {
        resource: 'staff-management/staffs',
        session: sessionOf(dispatcherProfile),
        api: { 'GET /api/user/staffs': listAnswer('staffs', [{ id: 3, firstName: 'Wanjiru' }]) },
      },
    );
    expect(await screen.findByText('Wanjiru')).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET /api/user/staffs').length).toBeGreaterThan(0));
    expect(JSON.parse(api.to('GET /api/user/staffs')[0].query.get('filter') ?? '{}')).toEqual({ status: 'active' });
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
  });
});
