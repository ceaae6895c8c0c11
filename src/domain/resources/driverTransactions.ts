import * as yup from 'yup';
import { text } from '../fieldRules';
import { defineLedgerManifest } from './ledger';
import { TRANSACTION_KINDS } from '../enums';
import { refusal } from '../messageCodes';

/** The largest single credit top-up, in the city's currency. */
export const MAX_TOPUP = 1_000_000;

/** Body of POST driver-transactions/credit-topup: an amount above 0 with at most 2 decimals, and why. */
export const creditTopupSchema = yup.object({
  driverId: yup
    .number()
    .typeError(refusal('chooseA', { label: 'driver' }))
    .integer(refusal('chooseA', { label: 'driver' }))
    .positive(refusal('chooseA', { label: 'driver' }))
    .required(refusal('chooseA', { label: 'driver' })),
  amount: yup
    .number()
    .typeError(refusal('number', { label: 'Amount' }))
    .required(refusal('required', { label: 'Amount' }))
    .moreThan(0, refusal('moreThan', { label: 'Amount', min: '0' }))
    .max(MAX_TOPUP, refusal('atMost', { label: 'Amount', max: '1,000,000' }))
    .test(
      'cents',
      refusal('decimals', { label: 'Amount' }),
      (v) => v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
    ),
  note: text('Note', 300, true).required(refusal('whyCredit')),
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
