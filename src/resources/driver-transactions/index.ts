import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazy } from 'react';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { driverTransactions as driverTransactionsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Drivers' credit and commission transactions; a driver's wallet at /driver-management/transactions/:id. */
export const driverTransactions = definePanelResource(driverTransactionsManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: ReceiptLongIcon,
  aliasRoutes: [
    {
      path: 'driver-management/transactions/:id',
      view: 'custom',
      screen: lazy(() => import('./DriverWallet')),
    },
  ],
});
