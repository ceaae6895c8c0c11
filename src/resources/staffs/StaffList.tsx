import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateField, List, useCanAccess } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { ResourceListActions } from '../shared/ListActions';
import { toShowPage } from '../shared/recordPaths';
import { StatusChip } from '../shared/StatusChip';
import type { ListScreenProps } from '../types';
import { roles } from '../roles';
import { StaffBulkActions } from './StaffBulkActions';
import { staffExporter } from './staffExporter';
import { staffFilters } from './staffFilters';
import { StaffNameField } from './StaffNameField';
import type { Staff } from './types';

const noWrap = () => ({ whiteSpace: 'nowrap' });
const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

/**
 * /staff-management/staffs: search, role and status filters, sortable
 * columns, pagination, CSV export and bulk (de)activation. A row opens the
 * staff member's page. Your own row cannot be selected: nobody deactivates
 * themselves.
 */
export default function StaffList({ filter, storeKey, title }: ListScreenProps) {
  const ownId = useSession()?.userInfo.id;
  const roleAccess = useCanAccess({ resource: roles.path, action: 'list' });
  const updateAccess = useCanAccess({ action: 'edit' });
  // Narrow screens get the name (with email and role under it) and the status; phone and
  // creation date need a wide one. The detail page and the CSV have them all.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));

  return (
    <List
      filter={filter}
      storeKey={storeKey}
      title={title}
      filters={staffFilters({ withRoles: roleAccess.canAccess === true })}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={staffExporter}
      actions={<ResourceListActions createTo="/staff-management/create" />}
    >
      <DataTable<Staff>
        rowClick={toShowPage}
        bulkActionButtons={updateAccess.canAccess ? <StaffBulkActions /> : false}
        isRowSelectable={(staff) => staff.id !== ownId}
      >
        <DataTable.Col
          source="firstName"
          label="app.access.staff.name"
          render={() => <StaffNameField withDetails={!medium} />}
        />
        {medium && <DataTable.Col source="email" />}
        {wide && <DataTable.Col source="phone" disableSort cellSx={noWrap} />}
        {medium && <DataTable.Col source="roleName" cellSx={noWrap} />}
        <DataTable.Col source="status" field={StatusChip} />
        {medium && (
          <DataTable.Col
            source="lastLoginAt"
            cellSx={noWrap}
            render={(staff) =>
              staff.lastLoginAt ? <DateField source="lastLoginAt" showTime options={SHORT_DATE_TIME} /> : '—'
            }
          />
        )}
        {wide && <DataTable.Col source="createdAt" field={DateField} />}
      </DataTable>
    </List>
  );
}
