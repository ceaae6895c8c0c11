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
  menu: { id: 'emergencyContacts', icon: 'sosContacts' },
  create: yup.object({
    ...writable,
    name: requiredName('Name'),
    phone: writable.phone.required('Phone is required'),
    description: writable.description.default(null),
    active: writable.active.default(true),
  }),
  update: yup.object(writable),
});

/**
 * POST sos-contacts/:id/move: one place up or down in the display order (`direction`, the buttons),
 * or straight to a 1-based `position` (a drag and drop); one of the two.
 */
export const sosContactMove = yup.object({
  direction: oneOf(['up', 'down'] as const, 'Direction').when('position', {
    is: (position: unknown) => position === undefined || position === null,
    then: (schema) => schema.required('Say up or down, or give the position'),
    otherwise: (schema) =>
      schema.test('either', 'Give either a direction or a position', (value) => value === undefined || value === null),
  }),
  position: yup
    .number()
    .typeError('Position must be a whole number from 1')
    .integer('Position must be a whole number from 1')
    .min(1, 'Position must be a whole number from 1')
    .max(10_000, 'Position must be a whole number from 1'),
});
