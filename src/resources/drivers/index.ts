import PersonPinCircleIcon from '@mui/icons-material/PersonPinCircle';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { fullName } from '../shared/representations';
import type { ResourceDefinition } from '../types';
import { APPROVED_DRIVERS_FILTER, UNAPPROVED_DRIVERS_FILTER } from './approvalFilters';

/** Drivers, listed as approved and unapproved. */
export const drivers: ResourceDefinition = {
  name: 'drivers',
  service: 'user',
  path: 'driver-management/drivers',
  permission: P.viewDriver,
  list: GuessedList,
  show: GuessedShow,
  icon: PersonPinCircleIcon,
  recordRepresentation: fullName,
  aliasRoutes: [
    {
      path: 'driver-management/approved-drivers',
      view: 'list',
      filter: APPROVED_DRIVERS_FILTER,
      storeKey: 'approved-drivers',
      titleKey: 'app.pages.approvedDrivers',
    },
    {
      path: 'driver-management/unapproved-drivers',
      view: 'list',
      filter: UNAPPROVED_DRIVERS_FILTER,
      storeKey: 'unapproved-drivers',
      titleKey: 'app.pages.unapprovedDrivers',
    },
    { path: 'driver-management/create', view: 'create' },
    { path: 'driver-management/review/:id', view: 'show' },
  ],
};
