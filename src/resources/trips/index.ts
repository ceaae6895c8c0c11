import RouteIcon from '@mui/icons-material/Route';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { trips as tripsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Trips, past and ongoing. */
export const trips = definePanelResource(tripsManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: RouteIcon,
});
