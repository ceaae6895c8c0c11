import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/guessedScreens';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Roles and the permissions they grant. */
export const roles: ResourceDefinition = {
  name: 'roles',
  service: 'user',
  path: 'staff-management/roles',
  permission: P.viewRole,
  list: GuessedList,
  show: GuessedShow,
  icon: AdminPanelSettingsIcon,
  recordRepresentation: fieldOrNumber('name'),
  aliasRoutes: [{ path: 'role-management/roles', view: 'list' }],
};
