import StarRateIcon from '@mui/icons-material/StarRate';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Reviews left after trips. */
export const reviews: ResourceDefinition = {
  name: 'reviews',
  service: 'trip',
  path: 'reviews',
  permission: P.viewTrip,
  list: GuessedList,
  show: GuessedShow,
  icon: StarRateIcon,
  recordRepresentation: fieldOrNumber('comment'),
};
