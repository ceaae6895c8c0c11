import { defineLedgerManifest } from './ledger';
import { PASSENGER_TRANSACTION_KINDS } from '../enums';

/**
 * A passenger's wallet ledger (migration 015), read-only: refunds granted when an issue is resolved
 * (POST issues/:id/resolve with `refundAmount`), written by the same ledger rule as the drivers'.
 */
export const passengerTransactions = defineLedgerManifest({
  name: 'passenger-transactions',
  subject: 'Passenger',
  owner: 'passengerId',
  kinds: PASSENGER_TRANSACTION_KINDS,
  ownerResource: 'passengers',
  kindLabels: 'app.enums.passengerTransactionKind',
  shownOn: "a passenger's wallet, on the passenger's page",
  extra: { issueId: { type: 'int', filter: true, reference: 'issues' } },
});
