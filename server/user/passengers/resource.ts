import * as yup from 'yup';
import { defineResource } from '../../rest/declaration.js';
import { passengers as passengersManifest } from '../../../src/domain/resources/passengers.js';
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

export const passengers = defineResource(passengersManifest, {
  table: 'passengers',
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
