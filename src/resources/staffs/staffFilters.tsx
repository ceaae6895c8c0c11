import { SearchInput, SelectInput } from 'react-admin';
import { enumChoices } from '../../kit/enumChoices';
import { ReferenceSelectInput } from '../../kit/ReferenceSelectInput';
import { roles } from '../../domain/resources';

/**
 * The staff list's filters: search (q: name, email, phone or id), role and
 * status, always shown. The role filter needs the roles list (view-Role).
 */
export const staffFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceSelectInput
    key="roleId"
    source="roleId"
    reference={roles.path}
    emptyText="app.access.staff.anyRole"
    sx={{ minWidth: 180 }}
    alwaysOn
  />,
  <SelectInput
    key="status"
    source="status"
    choices={enumChoices('staffStatus')}
    emptyText="app.access.staff.anyStatus"
    alwaysOn
    sx={{ minWidth: 160 }}
  />,
];
