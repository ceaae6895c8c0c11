import PersonPinCircleIcon from '@mui/icons-material/PersonPinCircle';
import { lazy } from 'react';
import { drivers as driversManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';
import { APPROVED_DRIVERS_FILTER, UNAPPROVED_DRIVERS_FILTER, UNAPPROVED_STORE_KEY } from './approvalFilters';

/** Drivers, listed as approved and unapproved (the review queue), and reviewed one document at a time. */
export const drivers = definePanelOverrides(driversManifest, {
  list: lazy(() => import('./DriverList')),
  show: lazy(() => import('./DriverShow')),
  create: lazy(() => import('./DriverCreate')),
  // A driver's details change through the review and the actions on their page, not a form.
  edit: false,
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
      storeKey: UNAPPROVED_STORE_KEY,
      titleKey: 'app.pages.unapprovedDrivers',
    },
    { path: 'driver-management/create', view: 'create' },
    { path: 'driver-management/review/:id', view: 'custom', screen: lazy(() => import('./DriverReview')) },
  ],
});
