import { defineManifest, enumWords } from './manifest';
import { PASSENGER_TRANSACTION_KINDS } from '../enums';

/**
 * A passenger's wallet ledger (migration 015), read-only: refunds granted when an issue is resolved
 * (POST issues/:id/resolve with `refundAmount`), written by the same ledger rule as the drivers'.
 */
export const passengerTransactions = defineManifest({
  name: 'passenger-transactions',
  service: 'trip',
  subject: 'Passenger',
  path: 'passenger-transactions',
  fields: {
    passengerId: { type: 'int', filter: true, sort: true },
    kind: { type: 'text', filter: true, sort: true, enum: PASSENGER_TRANSACTION_KINDS },
    amount: {
      type: 'number',
      format: 'money',
      filter: true,
      sort: true,
      description: 'Signed: credit positive, debit negative',
    },
    balanceAfter: { type: 'number', format: 'money' },
    tripId: { type: 'int', filter: true },
    issueId: { type: 'int', filter: true },
    staffId: { type: 'int', filter: true },
    note: { type: 'text' },
    createdAt: { type: 'timestamp', filter: true, sort: true },
  },
  search: ['note'],
  searchIds: ['id', 'tripId', 'passengerId', 'issueId'],
  defaultSort: ['createdAt', 'DESC'],
  label: {
    fields: ['kind', 'id'],
    format: ({ kind, id }) => (typeof kind === 'string' ? `${enumWords(kind)} #${String(id)}` : undefined),
  },
});
