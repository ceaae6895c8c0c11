import BadgeIcon from '@mui/icons-material/Badge';
import { lazy } from 'react';
import { P } from '../../domain/permissions';
import { fullName } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Back-office staff members: list, detail with their recent actions, create (an invitation), edit, and the profile page. */
export const staffs: ResourceDefinition = {
  name: 'staffs',
  service: 'user',
  path: 'staff-management/staffs',
  permission: P.viewStaff,
  list: lazy(() => import('./StaffList')),
  show: lazy(() => import('./StaffShow')),
  create: lazy(() => import('./StaffCreate')),
  edit: lazy(() => import('./StaffEdit')),
  icon: BadgeIcon,
  recordRepresentation: fullName,
  aliasRoutes: [
    { path: 'staff-management/create', view: 'create' },
    { path: 'staff-management/profile/:id', view: 'custom', screen: lazy(() => import('./StaffProfile')) },
  ],
};
