import { screen } from '@testing-library/react';
import { SelectInput, SimpleForm } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuardedReferenceInput } from '../../../src/kit/GuardedReferenceInput';
import { LinkedRecordField } from '../../../src/kit/LinkedRecordField';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../../unit/support/staffFixtures';
import { listAnswer } from '../support/renderApp';
import { renderKit } from './renderKit';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const STAFFS = 'staff-management/staffs';
const log = { id: 5, staffId: 7, staffName: 'Ada Admin' };
const field = <LinkedRecordField source="staffId" reference={STAFFS} text={(record) => record.staffName as string} />;

describe('LinkedRecordField', () => {
  it("links the name to the record's detail page when the viewer may open it", async () => {
    renderKit(field, { record: log, session: sessionOf(superAdminProfile) });
    expect(await screen.findByRole('link', { name: 'Ada Admin' })).toHaveAttribute(
      'href',
      '/staff-management/staffs/7',
    );
  });

  it('shows plain text to a viewer who may not', async () => {
    renderKit(field, { record: log, session: sessionOf(dispatcherProfile) });
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows plain text without an id to link to', async () => {
    renderKit(field, { record: { ...log, staffId: null }, session: sessionOf(superAdminProfile) });
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

const roleInput = (
  <SimpleForm toolbar={false}>
    <GuardedReferenceInput source="roleId" reference="staff-management/roles" fallback={<p>No role access</p>}>
      <SelectInput optionText="name" />
    </GuardedReferenceInput>
  </SimpleForm>
);

describe('GuardedReferenceInput', () => {
  it('offers the referenced records to a viewer who may list them', async () => {
    const { api } = renderKit(roleInput, {
      resource: STAFFS,
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/user/roles': listAnswer('roles', [{ id: 1, name: 'Super Admin' }]) },
    });
    expect(await screen.findByRole('combobox', { name: 'Role' })).toBeInTheDocument();
    expect(api.to('GET /api/user/roles').length).toBeGreaterThan(0);
  });

  it('shows the fallback, and asks nothing, to a viewer who may not', async () => {
    const { api } = renderKit(roleInput, { resource: STAFFS, session: sessionOf(dispatcherProfile) });
    expect(await screen.findByText('No role access')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(api.to('GET /api/user/roles')).toHaveLength(0);
  });
});
