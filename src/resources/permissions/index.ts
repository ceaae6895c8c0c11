import KeyIcon from '@mui/icons-material/Key';
import { lazy } from 'react';
import { permissions as permissionsManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** The permission catalogue (read only), grouped by subject, with the roles holding each permission. */
export const permissions = definePanelOverrides(permissionsManifest, {
  list: lazy(() => import('./PermissionList')),
  // The catalogue is read only and a row says everything.
  show: false,
  icon: KeyIcon,
  aliasRoutes: [{ path: 'role-management/permissions', view: 'list' }],
});
