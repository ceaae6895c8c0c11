import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazy } from 'react';
import { driverTransactions as driverTransactionsManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/**
 * Drivers' credit and commission transactions: the generated screens, with their own icon and a
 * driver's wallet at /driver-management/transactions/:id.
 */
export const driverTransactions = definePanelOverrides(driverTransactionsManifest, {
  icon: ReceiptLongIcon,
  aliasRoutes: [
    {
      path: 'driver-management/transactions/:id',
      view: 'custom',
      screen: lazy(() => import('./DriverWallet')),
    },
  ],
});
