import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { passengerTransactions as passengerTransactionsManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/**
 * Passengers' wallet ledgers (refunds): the generated screens, with their own icon; a passenger's
 * own ledger is the Wallet card on their page.
 */
export const passengerTransactions = definePanelOverrides(passengerTransactionsManifest, { icon: ReceiptLongIcon });
