import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazy } from 'react';
import { roles as rolesManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** Roles and the permissions they grant: list, detail, and create/edit with the permission matrix. */
export const roles = definePanelOverrides(rolesManifest, {
  list: lazy(() => import('./RoleList')),
  show: lazy(() => import('./RoleShow')),
  create: lazy(() => import('./RoleCreate')),
  edit: lazy(() => import('./RoleEdit')),
  icon: AdminPanelSettingsIcon,
  aliasRoutes: [{ path: 'role-management/roles', view: 'list' }],
});
