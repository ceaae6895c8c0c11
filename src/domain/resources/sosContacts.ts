import * as yup from 'yup';
import { defineManifest, labelField } from './manifest';
import { name, oneOf, phone, requiredName, text } from '../fieldRules';
import { refusal } from '../messageCodes';

/** An emergency number: the shared phone rule, taking short codes such as 999 as well. */
const emergencyNumber = () => phone({ shortCodes: true }).nonNullable(refusal('required', { label: 'Phone' }));

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
    phone: writable.phone.required(refusal('required', { label: 'Phone' })),
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
    then: (schema) => schema.required(refusal('upOrDown')),
    otherwise: (schema) =>
      schema.test('either', refusal('directionOrPosition'), (value) => value === undefined || value === null),
  }),
  position: yup
    .number()
    .typeError(refusal('positionFromOne'))
    .integer(refusal('positionFromOne'))
    .min(1, refusal('positionFromOne'))
    .max(10_000, refusal('positionFromOne')),
});
