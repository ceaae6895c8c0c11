import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazy } from 'react';
import { P } from '../../domain/permissions';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Roles and the permissions they grant: list, detail, and create/edit with the permission matrix. */
export const roles: ResourceDefinition = {
  name: 'roles',
  service: 'user',
  path: 'staff-management/roles',
  permission: P.viewRole,
  list: lazy(() => import('./RoleList')),
  show: lazy(() => import('./RoleShow')),
  create: lazy(() => import('./RoleCreate')),
  edit: lazy(() => import('./RoleEdit')),
  icon: AdminPanelSettingsIcon,
  recordRepresentation: fieldOrNumber('name'),
  aliasRoutes: [{ path: 'role-management/roles', view: 'list' }],
};
