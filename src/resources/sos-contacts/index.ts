import ContactEmergencyIcon from '@mui/icons-material/ContactEmergency';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Emergency (SOS) contacts. */
export const sosContacts: ResourceDefinition = {
  name: 'sos-contacts',
  service: 'trip',
  path: 'sos-contacts',
  permission: P.viewSosContacts,
  list: GuessedList,
  show: GuessedShow,
  icon: ContactEmergencyIcon,
  recordRepresentation: fieldOrNumber('name'),
};
