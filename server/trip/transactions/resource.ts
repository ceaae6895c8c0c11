import { defineResource } from '../../rest/declaration.js';
import { TRANSACTION_KINDS } from '../../../src/domain/enums.js';
import { nameOf } from '../../rest/names.js';
import { creditTopup } from './creditTopup.js';

export const driverTransactions = defineResource({
  name: 'driver-transactions',
  table: 'driverTransactions',
  subject: 'Driver',
  description:
    "A driver's credit ledger, read-only: credit_topup (staff top-ups, POST /api/trip/driver-transactions/credit-topup), commission (one per charged trip: cash trips debit the commission, card and wallet trips credit the fare less commission), payout and adjustment. `balanceAfter` is the driver's credit balance right after the entry; the balance always equals the sum of the entries.",
  fields: {
    driverId: { type: 'int', filter: true, sort: true },
    kind: { type: 'text', filter: true, sort: true, enum: TRANSACTION_KINDS },
    amount: { type: 'number', filter: true, sort: true, description: 'Signed: credit positive, debit negative' },
    balanceAfter: { type: 'number' },
    tripId: { type: 'int', filter: true },
    staffId: { type: 'int', filter: true },
    note: { type: 'text' },
    createdAt: { type: 'timestamp', filter: true, sort: true },
  },
  computed: {
    driverName: { type: 'text', sql: nameOf('drivers', 'driver_transactions.driver_id') },
    staffName: { type: 'text', sql: nameOf('staffs', 'driver_transactions.staff_id') },
  },
  search: ['note'],
  searchIds: ['id', 'tripId', 'driverId'],
  defaultSort: ['createdAt', 'DESC'],
  access: { list: 'view-Driver', read: 'view-Driver' },
  actions: { 'credit-topup': creditTopup },
});
