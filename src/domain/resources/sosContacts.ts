import * as yup from 'yup';
import { defineManifest, labelField, type Fields } from './manifest';
import { fieldSchemas } from './declare';
import { NAME_MAX, oneOf, phone } from '../fieldRules';
import { refusal } from '../messageCodes';

/** The fields with their rules: the table's checks, the services' and the forms' write rules, OpenAPI. */
const fields = {
  name: { type: 'text', sort: true, filter: true, required: true, unique: 'ci', maxLength: NAME_MAX },
  phone: { type: 'text', filter: true, required: true, maxLength: 20 },
  description: { type: 'text', nullable: true, maxLength: 300, multiline: true },
  active: { type: 'bool', sort: true, filter: true, required: true, default: true },
  displayOrder: { type: 'int', sort: true, readOnly: true, description: 'Changed by POST sos-contacts/:id/move' },
  createdAt: { type: 'timestamp', sort: true },
  updatedAt: { type: 'timestamp', sort: true },
} as const satisfies Fields;

/**
 * The write rules, from the fields' rules; a phone is an emergency number: the shared phone rule,
 * taking short codes such as 999 as well, stored in E.164 or as the code's digits.
 */
const rules = fieldSchemas(
  fields,
  {},
  {
    phone: (_, create) => {
      const number = phone({ shortCodes: true }).nonNullable(refusal('required', { label: 'Phone' }));
      return create ? number.required(refusal('required', { label: 'Phone' })) : number;
    },
  },
);

export const sosContacts = defineManifest({
  name: 'sos-contacts',
  service: 'trip',
  subject: 'SosContacts',
  path: 'sos-contacts',
  table: 'sos_contacts',
  fields,
  search: ['name', 'phone', 'description'],
  defaultSort: ['displayOrder', 'ASC'],
  label: labelField('name'),
  menu: { id: 'emergencyContacts', icon: 'sosContacts' },
  create: rules.create,
  update: rules.update,
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
