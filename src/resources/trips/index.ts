import RouteIcon from '@mui/icons-material/Route';
import { lazy } from 'react';
import { trips as tripsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Trips, past and ongoing: the list with its live tabs and route preview, and each trip's page. */
export const trips = definePanelResource(tripsManifest, {
  list: lazy(() => import('./TripList')),
  show: lazy(() => import('./TripShow')),
  icon: RouteIcon,
});
