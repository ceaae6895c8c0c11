import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import { passengers as passengersManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** Passengers of the ride app: list with trip statistics, detail with history, block/unblock, create (phone-in) and edit. */
export const passengers = definePanelOverrides(passengersManifest, {
  list: lazy(() => import('./PassengerList')),
  show: lazy(() => import('./PassengerShow')),
  create: lazy(() => import('./PassengerCreate')),
  edit: lazy(() => import('./PassengerEdit')),
  icon: PeopleIcon,
});
