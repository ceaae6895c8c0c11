import * as yup from 'yup';
import { defineResource } from '../../rest/declaration.js';
import { email, name, oneOf, phone } from '../../rest/fields.js';
import { PASSENGER_STATUSES, SEXES } from '../../../src/domain/enums.js';

const base = {
  firstName: name('First name'),
  lastName: name('Last name'),
  phone: phone(),
  email: email().nullable(),
  sex: oneOf(SEXES, 'Sex').nullable(),
  status: oneOf(PASSENGER_STATUSES, 'Status'),
};

export const passengers = defineResource({
  name: 'passengers',
  table: 'passengers',
  subject: 'Passenger',
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
  create: yup.object({
    ...base,
    firstName: base.firstName.required('First name is required'),
    lastName: base.lastName.required('Last name is required'),
    phone: base.phone.required('Phone is required'),
    status: base.status.default('active'),
  }),
  update: yup.object(base),
  delete: true,
});
