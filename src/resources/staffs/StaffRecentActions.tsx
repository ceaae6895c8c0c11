import { Button } from '@mui/material';
import { DataTable, ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { DateTimeField } from '../../kit/DateTimeField';
import { SectionCard } from '../../kit/DetailBlocks';
import { EmptyState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import { auditLogs } from '../../domain/resources';
import { AuditChangesSummary } from '../shared/AuditChanges';
import { ResourceNameField } from '../shared/ResourceNameField';
import { listPathWithFilter } from '../shared/recordPaths';
import type { Staff } from './types';

export const RECENT_ACTIONS = 10;

/** The staff member's latest writes from the audit log (shown only with view-AuditLog). */
export function StaffRecentActions() {
  const translate = useTranslate();
  const staff = useRecordContext<Staff>();
  if (!staff) return null;
  return (
    <SectionCard
      data-testid="staff-recent-actions"
      title={translate('app.access.staff.recentActions')}
      action={
        <Button component={Link} to={listPathWithFilter(auditLogs.path, { staffId: staff.id })} size="small">
          {translate('app.access.staff.allActions')}
        </Button>
      }
    >
      <ReferenceManyField
        reference={auditLogs.path}
        target="staffId"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={RECENT_ACTIONS}
        empty={<EmptyState message={translate('app.access.staff.noActions')} />}
      >
        <DataTable bulkActionButtons={false} rowClick={false} hover={false}>
          <DataTable.Col source="createdAt" render={() => <DateTimeField source="createdAt" />} />
          <DataTable.Col source="action" render={() => <StatusChip palette="auditAction" source="action" />} />
          <DataTable.Col
            source="resource"
            label="app.access.audit.record"
            render={() => <ResourceNameField idSource="recordId" />}
          />
          <DataTable.Col label="app.common.audit.changes" field={AuditChangesSummary} />
        </DataTable>
      </ReferenceManyField>
    </SectionCard>
  );
}
