import * as yup from 'yup';
import { text } from '../fieldRules';
import { defineLedgerManifest } from './ledger';
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

/** A driver's credit ledger (migration 002), read-only but for credit top-ups; commissions are posted by the trip rules. */
export const driverTransactions = defineLedgerManifest({
  name: 'driver-transactions',
  subject: 'Driver',
  owner: 'driverId',
  kinds: TRANSACTION_KINDS,
  ownerResource: 'drivers',
  kindLabels: 'app.enums.transactionKind',
  shownOn: "a driver's wallet, on the driver's page",
});
