import { passengerTransactions as passengerTransactionsManifest } from '../../../src/domain/resources/passengerTransactions.js';
import { defineLedgerResource } from '../transactions/ledgerResource.js';

export const passengerTransactions = defineLedgerResource(passengerTransactionsManifest, {
  table: 'passengerTransactions',
  owner: { table: 'passengers', key: 'passengerId' },
  description:
    "A passenger's wallet ledger, read-only: refund (granted when an issue is resolved, POST /api/trip/issues/:id/resolve with `refundAmount`, needs update-Passenger) and adjustment. `balanceAfter` is the passenger's credit balance right after the entry; the balance always equals the sum of the entries.",
});
