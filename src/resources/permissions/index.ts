import KeyIcon from '@mui/icons-material/Key';
import { lazy } from 'react';
import { permissions as permissionsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** The permission catalogue (read only), grouped by subject, with the roles holding each permission. */
export const permissions = definePanelResource(permissionsManifest, {
  list: lazy(() => import('./PermissionList')),
  icon: KeyIcon,
  aliasRoutes: [{ path: 'role-management/permissions', view: 'list' }],
});
