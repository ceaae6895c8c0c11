import BadgeIcon from '@mui/icons-material/Badge';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/guessedScreens';
import { fullName } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Back-office staff members. */
export const staffs: ResourceDefinition = {
  name: 'staffs',
  service: 'user',
  path: 'staff-management/staffs',
  permission: P.viewStaff,
  list: GuessedList,
  show: GuessedShow,
  icon: BadgeIcon,
  recordRepresentation: fullName,
  aliasRoutes: [
    { path: 'staff-management/create', view: 'create' },
    { path: 'staff-management/profile/:id', view: 'show' },
  ],
};
