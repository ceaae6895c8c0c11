import { ReferenceInput, SearchInput, SelectInput } from 'react-admin';
import { STAFF_STATUSES } from '../../domain/enums';
import { roles } from '../roles';

export const STAFF_STATUS_CHOICES = STAFF_STATUSES.map((status) => ({
  id: status,
  name: `app.common.status.${status}`,
}));

/**
 * The staff list's filters: search (q: name, email, phone or id), role and
 * status, always shown. The role filter needs the roles list (view-Role).
 */
export function staffFilters({ withRoles }: { withRoles: boolean }) {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    ...(withRoles
      ? [
          <ReferenceInput
            key="roleId"
            source="roleId"
            reference={roles.path}
            sort={{ field: 'name', order: 'ASC' }}
            perPage={100}
            alwaysOn
          >
            <SelectInput optionText="name" emptyText="app.access.staff.anyRole" sx={{ minWidth: 180 }} />
          </ReferenceInput>,
        ]
      : []),
    <SelectInput
      key="status"
      source="status"
      choices={STAFF_STATUS_CHOICES}
      emptyText="app.access.staff.anyStatus"
      alwaysOn
      sx={{ minWidth: 160 }}
    />,
  ];
}
