import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { P } from '../../domain/permissions';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { fieldOrNumber } from '../shared/representations';
import type { ResourceDefinition } from '../types';

/** Drivers' credit and commission transactions. */
export const driverTransactions: ResourceDefinition = {
  name: 'driver-transactions',
  service: 'trip',
  path: 'driver-transactions',
  permission: P.viewDriver,
  list: GuessedList,
  show: GuessedShow,
  icon: ReceiptLongIcon,
  recordRepresentation: fieldOrNumber('reference'),
  aliasRoutes: [
    {
      path: 'driver-management/transactions/:id',
      view: 'list',
      filterFromId: (driverId) => ({ driverId: Number(driverId) }),
      titleKey: 'app.pages.driverTransactions',
    },
  ],
};
