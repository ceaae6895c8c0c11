import RouteIcon from '@mui/icons-material/Route';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Trips, past and ongoing. */
export const trips: ResourceDefinition = {
  name: 'trips',
  service: 'trip',
  path: 'trip-management/trips',
  permission: P.viewTrip,
  list: GuessedList,
  show: GuessedShow,
  icon: RouteIcon,
  recordRepresentation: fieldOrNumber('code'),
};
