import * as yup from 'yup';
import { defineManifest, labelField } from './manifest';
import { name, oneOf, phone, requiredName, text } from '../fieldRules';

/** An emergency number: the shared phone rule, taking short codes such as 999 as well. */
const emergencyNumber = () => phone({ shortCodes: true }).nonNullable('Phone is required');

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
    displayOrder: { type: 'int', sort: true },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['name', 'phone', 'description'],
  defaultSort: ['displayOrder', 'ASC'],
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

/** POST sos-contacts/:id/move: one place up or down in the display order. */
export const sosContactMove = yup.object({
  direction: oneOf(['up', 'down'] as const, 'Direction').required('Say up or down'),
});
