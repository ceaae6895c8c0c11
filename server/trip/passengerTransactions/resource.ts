import { defineResource } from '../../rest/declaration.js';
import { passengerTransactions as passengerTransactionsManifest } from '../../../src/domain/resources/passengerTransactions.js';
import { nameOf } from '../../rest/names.js';

export const passengerTransactions = defineResource(passengerTransactionsManifest, {
  table: 'passengerTransactions',
  description:
    "A passenger's wallet ledger, read-only: refund (granted when an issue is resolved, POST /api/trip/issues/:id/resolve with `refundAmount`, needs update-Passenger) and adjustment. `balanceAfter` is the passenger's credit balance right after the entry; the balance always equals the sum of the entries.",
  computed: {
    passengerName: { type: 'text', sql: nameOf('passengers', 'passenger_transactions.passenger_id') },
    staffName: { type: 'text', sql: nameOf('staffs', 'passenger_transactions.staff_id') },
  },
  access: { list: 'view-Passenger', read: 'view-Passenger' },
});
