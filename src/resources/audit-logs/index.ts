import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';
import { auditLogs as auditLogsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** The audit log (read only): every write by staff, with the fields before and after. */
export const auditLogs = definePanelResource(auditLogsManifest, {
  list: lazy(() => import('./AuditLogList')),
  icon: HistoryIcon,
});
