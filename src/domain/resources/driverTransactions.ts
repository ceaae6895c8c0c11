import { defineManifest, enumWords } from './manifest';
import { TRANSACTION_KINDS } from '../enums';

export const driverTransactions = defineManifest({
  name: 'driver-transactions',
  service: 'trip',
  subject: 'Driver',
  path: 'driver-transactions',
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
  search: ['note'],
  searchIds: ['id', 'tripId', 'driverId'],
  defaultSort: ['createdAt', 'DESC'],
  label: {
    fields: ['kind', 'id'],
    format: ({ kind, id }) => (typeof kind === 'string' ? `${enumWords(kind)} #${String(id)}` : undefined),
  },
});
