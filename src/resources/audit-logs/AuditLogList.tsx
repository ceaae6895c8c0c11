import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateField, List, useCanAccess, useTranslate } from 'react-admin';
import { AuditChangesPanel, AuditChangesSummary } from '../shared/AuditChanges';
import { csvExporter } from '../shared/csv';
import { ResourceListActions } from '../shared/ListActions';
import { ResourceNameField } from '../shared/ResourceNameField';
import { StatusChip } from '../shared/StatusChip';
import type { ListScreenProps } from '../types';
import { auditLogFilters } from './auditLogFilters';
import { AuditStaffField } from './AuditStaffField';
import type { AuditLog } from './types';

const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

const auditExporter = csvExporter<AuditLog>('audit-log', [
  { header: 'When', value: (log) => log.createdAt },
  { header: 'Staff ID', value: (log) => log.staffId },
  { header: 'Staff', value: (log) => log.staffName },
  { header: 'Action', value: (log) => log.action },
  { header: 'Resource', value: (log) => log.resource },
  { header: 'Record', value: (log) => log.recordId },
  { header: 'Before', value: (log) => log.before },
  { header: 'After', value: (log) => log.after },
]);

/**
 * /staff-management/audit-logs (view-AuditLog): who changed what and when,
 * filtered by staff member, resource, action and time; a row expands to the
 * changed fields before and after.
 */
export default function AuditLogList({ filter, storeKey, title }: ListScreenProps) {
  const translate = useTranslate();
  const staffAccess = useCanAccess({ resource: 'staff-management/staffs', action: 'list' });
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      filter={filter}
      storeKey={storeKey}
      title={title}
      filters={auditLogFilters({ withStaff: staffAccess.canAccess === true, translate })}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={auditExporter}
      actions={<ResourceListActions create={false} />}
    >
      <DataTable<AuditLog> rowClick="expand" expand={<AuditChangesPanel />} bulkActionButtons={false}>
        <DataTable.Col
          source="createdAt"
          render={() => <DateField source="createdAt" showTime options={SHORT_DATE_TIME} />}
        />
        <DataTable.Col source="staffId" field={AuditStaffField} />
        <DataTable.Col source="action" field={StatusChip} />
        <DataTable.Col
          source="resource"
          label="app.access.audit.record"
          render={() => <ResourceNameField idSource="recordId" />}
        />
        {!narrow && <DataTable.Col label="app.common.audit.changes" field={AuditChangesSummary} />}
      </DataTable>
    </List>
  );
}
