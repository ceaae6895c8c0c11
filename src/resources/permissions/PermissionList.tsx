import { SearchInput, SelectInput } from 'react-admin';
import { ACTIONS } from '../../domain/permissions';
import { ResourceList } from '../../kit/ResourceList';
import { csvExporter } from '../shared/csv';
import type { ListScreenProps } from '../types';
import { PermissionGroups } from './PermissionGroups';
import type { PermissionRecord } from './groupPermissions';

/** Every permission fits on one page: the catalogue is a few dozen names. */
const ALL_AT_ONCE = 200;

const ACTION_CHOICES = ACTIONS.map((action) => ({ id: action, name: `app.access.roles.actions.${action}` }));

const permissionExporter = csvExporter<PermissionRecord>('permissions', [
  { header: 'Permission', value: (permission) => permission.name },
  { header: 'Subject', value: (permission) => permission.subject },
  { header: 'Action', value: (permission) => permission.action },
  { header: 'Roles', value: (permission) => permission.roles.join(', ') },
]);

const permissionFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="action"
    source="action"
    choices={ACTION_CHOICES}
    emptyText="app.access.permissions.anyAction"
    alwaysOn
    sx={{ minWidth: 160 }}
  />,
];

/**
 * /staff-management/permissions and /role-management/permissions: the
 * read-only catalogue grouped by subject, with the roles holding each permission.
 */
export default function PermissionList(props: ListScreenProps) {
  return (
    <ResourceList
      {...props}
      filters={permissionFilters}
      sort={{ field: 'subject', order: 'ASC' }}
      perPage={ALL_AT_ONCE}
      pagination={false}
      exporter={permissionExporter}
      create={false}
    >
      <PermissionGroups />
    </ResourceList>
  );
}
