import RouteIcon from '@mui/icons-material/Route';
import { trips as tripsManifest } from '../../domain/resources';
import { lazyScreen } from '../../kit/lazyScreen';
import { definePanelOverrides } from '../panelResource';
import { TRIP_FIRST_PAGE } from './types';

const show = lazyScreen(() => import('./TripShow'));
// Once the list's code is in, a trip's page is fetched in the background: opening one waits for its data only.
const list = lazyScreen(() =>
  import('./TripList').then((module) => {
    void show.preload().catch(() => {});
    return module;
  }),
);

/** Trips, past and ongoing: the list with its live tabs and route preview, and each trip's page. */
export const trips = definePanelOverrides(tripsManifest, { list, show, icon: RouteIcon, firstPage: TRIP_FIRST_PAGE });
