import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Discount codes. */
export const discounts: ResourceDefinition = {
  name: 'discounts',
  service: 'trip',
  path: 'discounts',
  permission: P.viewDiscount,
  list: GuessedList,
  show: GuessedShow,
  icon: LocalOfferIcon,
  recordRepresentation: fieldOrNumber('code'),
};
