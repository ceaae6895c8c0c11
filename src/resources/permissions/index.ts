import KeyIcon from '@mui/icons-material/Key';
import { lazy } from 'react';
import { P } from '../../domain/permissions';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** The permission catalogue (read only), grouped by subject, with the roles holding each permission. */
export const permissions: ResourceDefinition = {
  name: 'permissions',
  service: 'user',
  path: 'staff-management/permissions',
  permission: P.viewPermissions,
  list: lazy(() => import('./PermissionList')),
  icon: KeyIcon,
  recordRepresentation: fieldOrNumber('name'),
  aliasRoutes: [{ path: 'role-management/permissions', view: 'list' }],
};
