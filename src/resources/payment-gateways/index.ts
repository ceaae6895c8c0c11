import PaymentIcon from '@mui/icons-material/Payment';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Payment gateways. */
export const paymentGateways: ResourceDefinition = {
  name: 'payment-gateways',
  service: 'trip',
  path: 'manage-payment-getwas',
  permission: P.viewGateway,
  list: GuessedList,
  show: GuessedShow,
  icon: PaymentIcon,
  recordRepresentation: fieldOrNumber('name'),
};
