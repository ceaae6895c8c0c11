import { Typography } from '@mui/material';
import { DataTable, DateField, List, SearchInput, useTranslate } from 'react-admin';
import { ALL_PERMISSIONS } from '../../domain/permissions';
import { csvExporter } from '../shared/csv';
import { ResourceListActions } from '../shared/ListActions';
import { toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import { RoleHoldersLink } from './RoleHoldersLink';
import type { Role } from './types';

const roleFilters = [<SearchInput key="q" source="q" alwaysOn />];

const roleExporter = csvExporter<Role>('roles', [
  { header: 'ID', value: (role) => role.id },
  { header: 'Name', value: (role) => role.name },
  { header: 'Description', value: (role) => role.description },
  { header: 'Staff', value: (role) => role.staffCount },
  { header: 'Permissions', value: (role) => role.permissions.join(' ') },
]);

/** /staff-management/roles and /role-management/roles: the roles, how many permissions and holders each has. */
export default function RoleList({ filter, storeKey, title }: ListScreenProps) {
  const translate = useTranslate();
  return (
    <List
      filter={filter}
      storeKey={storeKey}
      title={title}
      filters={roleFilters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={roleExporter}
      actions={<ResourceListActions />}
    >
      <DataTable<Role> rowClick={toShowPage} bulkActionButtons={false}>
        <DataTable.Col
          source="name"
          render={(role) => (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {role.name}
            </Typography>
          )}
        />
        <DataTable.Col source="description" disableSort render={(role) => role.description || '—'} />
        <DataTable.Col
          source="permissions"
          disableSort
          render={(role) =>
            translate('app.access.roles.permissionCount', {
              count: role.permissions.length,
              total: ALL_PERMISSIONS.length,
            })
          }
        />
        <DataTable.Col source="staffCount" field={RoleHoldersLink} />
        <DataTable.Col source="updatedAt" field={DateField} />
      </DataTable>
    </List>
  );
}
