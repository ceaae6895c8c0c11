import * as yup from 'yup';
import { PAYOUT_STATUSES } from '../enums';
import { MULTILINE, text } from '../fieldRules';
import { isMonday } from '../payouts';
import { defineManifest } from './manifest';
import { refusal } from '../messageCodes';

/** Body of POST payout-batches/prepare: the Monday the city week starts. */
export const preparePayoutSchema = yup.object({
  periodStart: yup
    .string()
    .required(refusal('chooseThe', { label: 'week' }))
    .test('monday', 'The week must start on a Monday (YYYY-MM-DD)', (v) => !v || isMonday(v)),
});

/** Body of POST payout-batches/:id/pay: the bank's or M-Pesa's reference of the transfer. */
export const payPayoutSchema = yup.object({
  reference: text('Reference', 100, true).required('Give the payment reference'),
});

/** Body of POST payout-batches/:id/results: a channel's results file as CSV text (src/domain/payoutResults.ts). */
export const payoutResultsSchema = yup.object({
  csv: yup
    .string()
    .required('Choose the results file')
    .max(1_000_000, 'The results file is too large (1 MB at most)')
    .meta(MULTILINE),
});

/**
 * A week's driver payouts (issue 32), read-only but through its actions: prepare (one batch a
 * week), approve by a second staff member, pay with a reference. Its lines are in `lines`.
 */
export const payoutBatches = defineManifest({
  name: 'payout-batches',
  service: 'trip',
  subject: 'Driver',
  path: 'payout-batches',
  // Not in the spec's menu table: under Driver Management, after the unapproved drivers.
  menu: { id: 'driverPayouts', icon: 'driverPayouts', group: 'driverManagement' },
  fields: {
    periodStart: { type: 'date', sort: true, filter: true },
    periodEnd: { type: 'date', sort: true },
    status: { type: 'text', sort: true, filter: true, enum: PAYOUT_STATUSES, enumLabels: 'app.enums.payoutStatus' },
    total: { type: 'number', format: 'money', sort: true },
    lineCount: { type: 'int', sort: true },
    createdBy: { type: 'int', filter: true },
    approvedBy: { type: 'int', filter: true, nullable: true },
    approvedAt: { type: 'timestamp', sort: true, nullable: true },
    paidBy: { type: 'int', filter: true, nullable: true },
    paidAt: { type: 'timestamp', sort: true, nullable: true },
    reference: { type: 'text', nullable: true },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['reference'],
  searchIds: ['id'],
  defaultSort: ['periodStart', 'DESC'],
  label: {
    fields: ['periodStart'],
    format: ({ periodStart }) => (typeof periodStart === 'string' ? `Payouts, week of ${periodStart}` : undefined),
  },
});
