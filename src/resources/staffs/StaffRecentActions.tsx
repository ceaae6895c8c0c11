import { Button, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { DataTable, DateField, ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { auditLogs } from '../audit-logs';
import { AuditChangesSummary } from '../shared/AuditChanges';
import { ResourceNameField } from '../shared/ResourceNameField';
import { listPathWithFilter } from '../shared/recordPaths';
import { StatusChip } from '../shared/StatusChip';
import type { Staff } from './types';

export const RECENT_ACTIONS = 10;

/** The staff member's latest writes from the audit log (shown only with view-AuditLog). */
export function StaffRecentActions() {
  const translate = useTranslate();
  const staff = useRecordContext<Staff>();
  if (!staff) return null;
  return (
    <Card data-testid="staff-recent-actions">
      <CardHeader
        title={translate('app.access.staff.recentActions')}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 700 } } }}
        action={
          <Button component={Link} to={listPathWithFilter(auditLogs.path, { staffId: staff.id })} size="small">
            {translate('app.access.staff.allActions')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <ReferenceManyField
          reference={auditLogs.path}
          target="staffId"
          sort={{ field: 'createdAt', order: 'DESC' }}
          perPage={RECENT_ACTIONS}
          empty={
            <Typography variant="body2" color="text.secondary">
              {translate('app.access.staff.noActions')}
            </Typography>
          }
        >
          <DataTable bulkActionButtons={false} rowClick={false} hover={false}>
            <DataTable.Col source="createdAt" render={() => <DateField source="createdAt" showTime />} />
            <DataTable.Col source="action" field={StatusChip} />
            <DataTable.Col
              source="resource"
              label="app.access.audit.record"
              render={() => <ResourceNameField idSource="recordId" />}
            />
            <DataTable.Col label="app.common.audit.changes" field={AuditChangesSummary} />
          </DataTable>
        </ReferenceManyField>
      </CardContent>
    </Card>
  );
}
