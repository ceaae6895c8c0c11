import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';
import { permissionName } from '../../domain/permissions';
import type { ResourceDefinition } from '../types';

/** The audit log (read only): every write by staff, with the fields before and after. */
export const auditLogs: ResourceDefinition = {
  name: 'audit-logs',
  service: 'user',
  path: 'staff-management/audit-logs',
  permission: permissionName('view', 'AuditLog'),
  list: lazy(() => import('./AuditLogList')),
  icon: HistoryIcon,
  recordRepresentation: (record) => `#${String(record.id)}`,
};
