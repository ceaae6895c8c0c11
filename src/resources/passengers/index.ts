import PeopleIcon from '@mui/icons-material/People';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { fullName } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Passengers of the ride app. */
export const passengers: ResourceDefinition = {
  name: 'passengers',
  service: 'user',
  path: 'passenger-management/passengers',
  permission: P.viewPassenger,
  list: GuessedList,
  show: GuessedShow,
  icon: PeopleIcon,
  recordRepresentation: fullName,
};
