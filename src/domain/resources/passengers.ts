import * as yup from 'yup';
import { email, name, oneOf, phone, requiredName, text } from '../fieldRules';
import { defineManifest, labelFields } from './manifest';
import { PASSENGER_STATUSES, SEXES } from '../enums';
import { refusal } from '../messageCodes';

/**
 * What a create or an edit may set: contact details only. The status (active or blocked) changes
 * only through the block and unblock actions, which need a reason and are audit-logged.
 */
const writable = {
  firstName: name('First name'),
  lastName: name('Last name'),
  phone: phone(),
  email: email()
    .nullable()
    .transform((value: unknown) => (value === '' ? null : value)),
  sex: oneOf(SEXES, 'Sex').nullable(),
};

export const PASSENGER_REASON_MAX = 300;

/** The body of POST passengers/:id/block and /unblock. */
export const passengerStatusChange = yup.object({
  reason: text('Reason', PASSENGER_REASON_MAX, true).min(3, refusal('reasonMin')).required(refusal('giveTheReason')),
});

export const passengers = defineManifest({
  name: 'passengers',
  service: 'user',
  subject: 'Passenger',
  path: 'passenger-management/passengers',
  fields: {
    firstName: { type: 'text', sort: true },
    lastName: { type: 'text', sort: true },
    phone: { type: 'text', filter: true },
    email: { type: 'text', filter: true, sort: true, nullable: true },
    sex: { type: 'text', filter: true, enum: SEXES, enumLabels: 'app.enums.sex', nullable: true },
    status: {
      type: 'text',
      filter: true,
      sort: true,
      enum: PASSENGER_STATUSES,
      enumLabels: 'app.enums.passengerStatus',
    },
    rating: { type: 'number', sort: true, filter: true, description: 'Mean rating given by drivers; 5 without any' },
    tripsCount: { type: 'int', sort: true, description: 'Trips requested' },
    completedTrips: { type: 'int', sort: true, filter: true },
    passengerCancellations: { type: 'int', sort: true, description: 'Trips the passenger cancelled' },
    totalSpent: {
      type: 'number',
      format: 'money',
      sort: true,
      description: 'Completed fares plus cancellation fees (KES)',
    },
    lastTripAt: { type: 'timestamp', sort: true, filter: true, nullable: true },
    creditBalance: {
      type: 'number',
      format: 'money',
      sort: true,
      filter: true,
      description: 'The wallet (KES): moved only through the ledger, passenger-transactions (refunds)',
    },
    statusReason: { type: 'text', nullable: true, description: 'Why the passenger was last blocked or unblocked' },
    statusChangedAt: { type: 'timestamp', nullable: true },
    statusChangedBy: { type: 'int', nullable: true },
    createdAt: { type: 'timestamp', sort: true, filter: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['firstName', 'lastName', 'phone', 'email'],
  searchIds: ['id'],
  defaultSort: ['createdAt', 'DESC'],
  label: labelFields('firstName', 'lastName'),
  menu: { id: 'passengers', icon: 'passengers' },
  create: yup.object({
    ...writable,
    firstName: requiredName('First name'),
    lastName: requiredName('Last name'),
    phone: writable.phone.required(refusal('required', { label: 'Phone' })),
  }),
  // The edit form sends the whole record back, status included: the server ignores it unchanged and
  // refuses a change (block and unblock are the actions that change it).
  update: yup.object({ ...writable, status: oneOf(PASSENGER_STATUSES, 'Status') }),
});
