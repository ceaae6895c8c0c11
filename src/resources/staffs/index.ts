import BadgeIcon from '@mui/icons-material/Badge';
import { lazy } from 'react';
import { staffs as staffsManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** Back-office staff members: list, detail with their recent actions, create (an invitation), edit, and the profile page. */
export const staffs = definePanelOverrides(staffsManifest, {
  list: lazy(() => import('./StaffList')),
  show: lazy(() => import('./StaffShow')),
  create: lazy(() => import('./StaffCreate')),
  edit: lazy(() => import('./StaffEdit')),
  icon: BadgeIcon,
  aliasRoutes: [
    { path: 'staff-management/create', view: 'create' },
    { path: 'staff-management/profile/:id', view: 'custom', screen: lazy(() => import('./StaffProfile')) },
  ],
});
