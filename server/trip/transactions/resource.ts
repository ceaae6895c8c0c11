import { driverTransactions as driverTransactionsManifest } from '../../../src/domain/resources/driverTransactions.js';
import { creditTopup } from './creditTopup.js';
import { defineLedgerResource } from './ledgerResource.js';

export const driverTransactions = defineLedgerResource(driverTransactionsManifest, {
  table: 'driverTransactions',
  owner: { table: 'drivers', key: 'driverId' },
  description:
    "A driver's credit ledger, read-only: credit_topup (staff top-ups, POST /api/trip/driver-transactions/credit-topup), commission (one per charged trip: cash trips debit the commission, card and wallet trips credit the fare less commission), payout and adjustment. `balanceAfter` is the driver's credit balance right after the entry; the balance always equals the sum of the entries.",
  actions: { 'credit-topup': creditTopup },
});
