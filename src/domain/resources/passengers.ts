import { defineManifest, labelFields } from './manifest';
import { PASSENGER_STATUSES, SEXES } from '../enums';

export const passengers = defineManifest({
  name: 'passengers',
  service: 'user',
  subject: 'Passenger',
  path: 'passenger-management/passengers',
  fields: {
    firstName: { type: 'text', sort: true },
    lastName: { type: 'text', sort: true },
    phone: { type: 'text', filter: true },
    email: { type: 'text', filter: true, sort: true },
    sex: { type: 'text', filter: true, enum: SEXES },
    status: { type: 'text', filter: true, sort: true, enum: PASSENGER_STATUSES },
    rating: { type: 'number', sort: true, filter: true },
    createdAt: { type: 'timestamp', sort: true, filter: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['firstName', 'lastName', 'phone', 'email'],
  searchIds: ['id'],
  defaultSort: ['createdAt', 'DESC'],
  label: labelFields('firstName', 'lastName'),
});
