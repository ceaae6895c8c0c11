import { defineResource } from '../../rest/declaration.js';
import { driverTransactions as driverTransactionsManifest } from '../../../src/domain/resources/driverTransactions.js';
import { nameOf } from '../../rest/names.js';
import { creditTopup } from './creditTopup.js';

export const driverTransactions = defineResource(driverTransactionsManifest, {
  table: 'driverTransactions',
  description:
    "A driver's credit ledger, read-only: credit_topup (staff top-ups, POST /api/trip/driver-transactions/credit-topup), commission (one per charged trip: cash trips debit the commission, card and wallet trips credit the fare less commission), payout and adjustment. `balanceAfter` is the driver's credit balance right after the entry; the balance always equals the sum of the entries.",
  computed: {
    driverName: { type: 'text', sql: nameOf('drivers', 'driver_transactions.driver_id') },
    staffName: { type: 'text', sql: nameOf('staffs', 'driver_transactions.staff_id') },
  },
  access: { list: 'view-Driver', read: 'view-Driver' },
  actions: { 'credit-topup': creditTopup },
});
