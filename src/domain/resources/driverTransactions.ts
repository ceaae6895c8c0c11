import * as yup from 'yup';
import { text } from '../fieldRules';
import { defineManifest, enumWords } from './manifest';
import { TRANSACTION_KINDS } from '../enums';

/** The largest single credit top-up, in the city's currency. */
export const MAX_TOPUP = 1_000_000;

/** Body of POST driver-transactions/credit-topup: an amount above 0 with at most 2 decimals, and why. */
export const creditTopupSchema = yup.object({
  driverId: yup
    .number()
    .typeError('Choose a driver')
    .integer('Choose a driver')
    .positive('Choose a driver')
    .required('Choose a driver'),
  amount: yup
    .number()
    .typeError('Amount must be a number')
    .required('Amount is required')
    .moreThan(0, 'Amount must be more than 0')
    .max(MAX_TOPUP, 'Amount must be at most 1,000,000')
    .test(
      'cents',
      'Amount may have at most 2 decimals',
      (v) => v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
    ),
  note: text('Note', 300, true).required('Say why the credit is added'),
});

export const driverTransactions = defineManifest({
  name: 'driver-transactions',
  service: 'trip',
  subject: 'Driver',
  path: 'driver-transactions',
  fields: {
    driverId: { type: 'int', filter: true, sort: true },
    kind: { type: 'text', filter: true, sort: true, enum: TRANSACTION_KINDS },
    amount: {
      type: 'number',
      format: 'money',
      filter: true,
      sort: true,
      description: 'Signed: credit positive, debit negative',
    },
    balanceAfter: { type: 'number', format: 'money' },
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
