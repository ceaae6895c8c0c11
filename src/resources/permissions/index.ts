import KeyIcon from '@mui/icons-material/Key';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/guessedScreens';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** The permission catalogue (read only). */
export const permissions: ResourceDefinition = {
  name: 'permissions',
  service: 'user',
  path: 'staff-management/permissions',
  permission: P.viewPermissions,
  list: GuessedList,
  show: GuessedShow,
  icon: KeyIcon,
  recordRepresentation: fieldOrNumber('name'),
  aliasRoutes: [{ path: 'role-management/permissions', view: 'list' }],
};
