import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { DateTimeField } from '../../kit/DateTimeField';
import { ResourceList } from '../../kit/ResourceList';
import { StatusChip } from '../../kit/StatusChip';
import { AuditChangesPanel, AuditChangesSummary } from '../shared/AuditChanges';
import { csvExporter } from '../shared/csv';
import { ResourceNameField } from '../shared/ResourceNameField';
import type { ListScreenProps } from '../types';
import { auditLogFilters } from './auditLogFilters';
import { AuditStaffField } from './AuditStaffField';
import type { AuditLog } from './types';

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
export default function AuditLogList(props: ListScreenProps) {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <ResourceList {...props} filters={auditLogFilters(translate)} exporter={auditExporter} create={false}>
      <DataTable<AuditLog> rowClick="expand" expand={<AuditChangesPanel />} bulkActionButtons={false}>
        <DataTable.Col source="createdAt" render={() => <DateTimeField source="createdAt" />} />
        <DataTable.Col source="staffId" field={AuditStaffField} />
        <DataTable.Col source="action" render={() => <StatusChip palette="auditAction" source="action" />} />
        <DataTable.Col
          source="resource"
          label="app.access.audit.record"
          render={() => <ResourceNameField idSource="recordId" />}
        />
        {!narrow && <DataTable.Col label="app.common.audit.changes" field={AuditChangesSummary} />}
      </DataTable>
    </ResourceList>
  );
}
