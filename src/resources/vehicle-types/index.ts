import LocalTaxiIcon from '@mui/icons-material/LocalTaxi';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Vehicle types offered to passengers. */
export const vehicleTypes: ResourceDefinition = {
  name: 'vehicle-types',
  service: 'trip',
  path: 'vehicle-management/vehicles',
  permission: P.viewVehicleType,
  list: GuessedList,
  show: GuessedShow,
  icon: LocalTaxiIcon,
  recordRepresentation: fieldOrNumber('name'),
};
