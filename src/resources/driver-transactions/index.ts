import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { driverTransactions as driverTransactionsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Drivers' credit and commission transactions. */
export const driverTransactions = definePanelResource(driverTransactionsManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: ReceiptLongIcon,
  aliasRoutes: [
    {
      path: 'driver-management/transactions/:id',
      view: 'list',
      filterFromId: (driverId) => ({ driverId: Number(driverId) }),
      titleKey: 'app.pages.driverTransactions',
    },
  ],
});
