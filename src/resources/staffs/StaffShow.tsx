import { Stack } from '@mui/material';
import { CanAccess, Show, TopToolbar } from 'react-admin';
import { auditLogs } from '../../domain/resources';
import { EditRecordButton } from '../shared/RecordButtons';
import { ResendInvitationButton } from './ResendInvitationButton';
import { StaffRecentActions } from './StaffRecentActions';
import { StaffSummary } from './StaffSummary';

function StaffShowActions() {
  return (
    <TopToolbar>
      <ResendInvitationButton />
      <EditRecordButton />
    </TopToolbar>
  );
}

/** /staff-management/staffs/:id: the staff member, and what they did lately (with view-AuditLog). */
export default function StaffShow() {
  return (
    <Show actions={<StaffShowActions />} component="div">
      <Stack spacing={2}>
        <StaffSummary />
        <CanAccess resource={auditLogs.path} action="list">
          <StaffRecentActions />
        </CanAccess>
      </Stack>
    </Show>
  );
}
