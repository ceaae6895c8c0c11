import SosIcon from '@mui/icons-material/Sos';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** SOS calls. */
export const sosCallLogs: ResourceDefinition = {
  name: 'sos-call-logs',
  service: 'trip',
  path: 'sos-call-logs',
  permission: P.viewSosContacts,
  list: GuessedList,
  show: GuessedShow,
  icon: SosIcon,
  recordRepresentation: fieldOrNumber('reference'),
};
