import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { GuessedList, GuessedShow } from '../shared/lazyGuessers';
import { passengerTransactions as passengerTransactionsManifest } from '../../domain/resources';
import { definePanelResource } from '../panelResource';

/** Passengers' wallet ledgers (refunds); a passenger's own is the Wallet card on their page. */
export const passengerTransactions = definePanelResource(passengerTransactionsManifest, {
  list: GuessedList,
  show: GuessedShow,
  icon: ReceiptLongIcon,
});
