import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, useCanAccess } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { DateTimeField } from '../../kit/DateTimeField';
import { DATE_ONLY } from '../../kit/format';
import { PhoneField } from '../../kit/PhoneField';
import { ResourceList } from '../../kit/ResourceList';
import { StatusChip } from '../../kit/StatusChip';
import { toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import { StaffBulkActions } from './StaffBulkActions';
import { staffExporter } from './staffExporter';
import { staffFilters } from './staffFilters';
import { StaffNameField } from './StaffNameField';
import type { Staff } from './types';

const noWrap = () => ({ whiteSpace: 'nowrap' });

/**
 * /staff-management/staffs: search, role and status filters, sortable
 * columns, pagination, CSV export and bulk (de)activation. A row opens the
 * staff member's page. Your own row cannot be selected: nobody deactivates
 * themselves.
 */
export default function StaffList(props: ListScreenProps) {
  const ownId = useSession()?.userInfo.id;
  const updateAccess = useCanAccess({ action: 'edit' });
  // Narrow screens get the name (with email and role under it) and the status; phone and
  // creation date need a wide one. The detail page and the CSV have them all.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));

  return (
    <ResourceList {...props} filters={staffFilters} exporter={staffExporter} createTo="/staff-management/create">
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
        {wide && <DataTable.Col source="phone" disableSort cellSx={noWrap} field={PhoneField} />}
        {medium && <DataTable.Col source="roleName" cellSx={noWrap} />}
        <DataTable.Col source="status" render={() => <StatusChip palette="staffStatus" />} />
        {medium && (
          <DataTable.Col source="lastLoginAt" cellSx={noWrap} render={() => <DateTimeField source="lastLoginAt" />} />
        )}
        {wide && (
          <DataTable.Col
            source="createdAt"
            cellSx={noWrap}
            render={() => <DateTimeField source="createdAt" options={DATE_ONLY} />}
          />
        )}
      </DataTable>
    </ResourceList>
  );
}
