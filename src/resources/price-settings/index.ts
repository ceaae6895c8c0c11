import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Fares per vehicle type. */
export const priceSettings: ResourceDefinition = {
  name: 'price-settings',
  service: 'trip',
  path: 'price-setting',
  permission: P.viewPriceSettings,
  list: GuessedList,
  show: GuessedShow,
  icon: PriceChangeIcon,
  recordRepresentation: fieldOrNumber('name'),
};
