import PersonPinCircleIcon from '@mui/icons-material/PersonPinCircle';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { drivers as driversManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';
import { APPROVED_DRIVERS_FILTER, UNAPPROVED_DRIVERS_FILTER } from './approvalFilters';

/** Drivers, listed as approved and unapproved. */
export const drivers = definePanelResource(driversManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: PersonPinCircleIcon,
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
});
