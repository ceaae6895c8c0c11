import { Typography } from '@mui/material';
import { DataTable, SearchInput, useTranslate } from 'react-admin';
import { ALL_PERMISSIONS } from '../../domain/permissions';
import { DateTimeField } from '../../kit/DateTimeField';
import { DATE_ONLY } from '../../kit/format';
import { ResourceList } from '../../kit/ResourceList';
import { csvExporter } from '../shared/csv';
import { toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import { RoleHoldersLink } from './RoleHoldersLink';
import type { Role } from './types';
import { RowLink } from '../../kit/RowLink';

const roleFilters = [<SearchInput key="q" source="q" alwaysOn />];

const roleExporter = csvExporter<Role>('roles', [
  { header: 'ID', value: (role) => role.id },
  { header: 'Name', value: (role) => role.name },
  { header: 'Description', value: (role) => role.description },
  { header: 'Staff', value: (role) => role.staffCount },
  { header: 'Permissions', value: (role) => role.permissions.join(' ') },
]);

/** /staff-management/roles and /role-management/roles: the roles, how many permissions and holders each has. */
export default function RoleList(props: ListScreenProps) {
  const translate = useTranslate();
  return (
    <ResourceList {...props} filters={roleFilters} sort={{ field: 'name', order: 'ASC' }} exporter={roleExporter}>
      <DataTable<Role> rowClick={toShowPage} bulkActionButtons={false}>
        <DataTable.Col
          source="name"
          render={(role) => (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              <RowLink>{role.name}</RowLink>
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
        <DataTable.Col
          source="updatedAt"
          cellSx={() => ({ whiteSpace: 'nowrap' })}
          render={() => <DateTimeField source="updatedAt" options={DATE_ONLY} />}
        />
      </DataTable>
    </ResourceList>
  );
}
