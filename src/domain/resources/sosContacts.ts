import * as yup from 'yup';
import { defineManifest, labelField } from './manifest';
import { name, requiredName, text } from '../fieldRules';

/** An emergency number: a short code such as 999 as well as a full number, so not the E.164 rule. */
const emergencyNumber = () =>
  yup
    .string()
    .trim()
    .matches(/^\+?[0-9 ()-]{3,20}$/, 'Enter a phone number or short code such as 999 or +254 20 222 2181');

/** What a write may set; the update takes any of them. */
const writable = {
  name: name('Name'),
  phone: emergencyNumber(),
  description: text('Description', 300, true).nullable(),
  active: yup.boolean(),
};

export const sosContacts = defineManifest({
  name: 'sos-contacts',
  service: 'trip',
  subject: 'SosContacts',
  path: 'sos-contacts',
  fields: {
    name: { type: 'text', sort: true, filter: true },
    phone: { type: 'text', filter: true },
    description: { type: 'text' },
    active: { type: 'bool', sort: true, filter: true },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['name', 'phone', 'description'],
  defaultSort: ['name', 'ASC'],
  label: labelField('name'),
  create: yup.object({
    ...writable,
    name: requiredName('Name'),
    phone: writable.phone.required('Phone is required'),
    description: writable.description.default(null),
    active: writable.active.default(true),
  }),
  update: yup.object(writable),
});
