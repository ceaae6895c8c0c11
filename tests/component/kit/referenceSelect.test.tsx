import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimpleForm } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReferenceSelectInput } from '../../../src/kit/ReferenceSelectInput';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../../unit/support/staffFixtures';
import { listAnswer } from '../support/renderApp';
import { renderKit } from './renderKit';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const STAFFS = 'staff-management/staffs';
const roleSelect = (
  <SimpleForm toolbar={false}>
    <ReferenceSelectInput source="roleId" reference="staff-management/roles" fallback={<p>No role access</p>} />
  </SimpleForm>
);

describe('ReferenceSelectInput', () => {
  it('offers the referenced records by name, asking for up to 100 sorted by name', async () => {
    const { api } = renderKit(roleSelect, {
      resource: STAFFS,
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/user/roles': listAnswer('roles', [
          { id: 2, name: 'Dispatcher' },
          { id: 1, name: 'Super Admin' },
        ]),
      },
    });
    const select = await screen.findByRole('combobox', { name: 'Role' });
    const request = api.to('GET /api/user/roles')[0];
    expect(JSON.parse(request.query.get('sort') ?? '')).toEqual(['name', 'ASC']);
    expect(JSON.parse(request.query.get('range') ?? '')).toEqual([0, 99]);
    await userEvent.setup().click(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent?.trim()).filter(Boolean)).toEqual(['Dispatcher', 'Super Admin']);
  });

  it('shows the fallback, and asks nothing, to a viewer who may not list them', async () => {
    const { api } = renderKit(roleSelect, { resource: STAFFS, session: sessionOf(dispatcherProfile) });
    expect(await screen.findByText('No role access')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(api.to('GET /api/user/roles')).toHaveLength(0);
  });
});
