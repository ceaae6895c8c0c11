import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';
import { auditLogs as auditLogsManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** The audit log (read only): every write by staff, with the fields before and after. */
export const auditLogs = definePanelOverrides(auditLogsManifest, {
  list: lazy(() => import('./AuditLogList')),
  // Read only: a row expands in place to the fields before and after.
  show: false,
  icon: HistoryIcon,
});
