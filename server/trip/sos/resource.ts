import * as yup from 'yup';
import { sql } from 'kysely';
import { defineResource } from '../../rest/declaration.js';
import { sosContacts as sosContactsManifest } from '../../../src/domain/resources/sosContacts.js';
import { sosCallLogs as sosCallLogsManifest } from '../../../src/domain/resources/sosCallLogs.js';
import { oneOf } from '../../rest/fields.js';
import { SOS_STATUSES } from '../../../src/domain/enums.js';
import { text } from '../fields.js';
import { nameOf, partyNameOf } from '../../rest/names.js';

const sosPhone = () =>
  yup
    .string()
    .trim()
    .matches(/^\+?[0-9 ()-]{3,20}$/, 'Enter a phone number or short code such as 999 or +254 20 222 2181');

const contactBase = {
  name: yup.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  phone: sosPhone(),
  description: text('Description', 300, true).nullable(),
  active: yup.boolean(),
};

export const sosContacts = defineResource(sosContactsManifest, {
  table: 'sosContacts',
  description: 'Public emergency numbers the apps show next to the SOS button.',
  create: yup.object({
    ...contactBase,
    name: contactBase.name.required('Name is required'),
    phone: contactBase.phone.required('Phone is required'),
    description: contactBase.description.default(null),
    active: contactBase.active.default(true),
  }),
  update: yup.object(contactBase),
  delete: true,
});

export const sosCallLogs = defineResource(sosCallLogsManifest, {
  table: 'sosCallLogs',
  description:
    'SOS alarms raised from a trip by its passenger or driver (POST /api/trip/sos/report). Staff acknowledge and resolve them; the first change of status records who handled it and when.',
  computed: {
    callerName: {
      type: 'text',
      sql: partyNameOf('sos_call_logs.caller_kind', 'sos_call_logs.caller_id'),
    },
    callerPhone: {
      type: 'text',
      sql: sql`(case sos_call_logs.caller_kind
        when 'passenger' then (select p.phone from passengers p where p.id = sos_call_logs.caller_id)
        else (select d.phone from drivers d where d.id = sos_call_logs.caller_id) end)`,
    },
    handledByName: { type: 'text', sql: nameOf('staffs', 'sos_call_logs.handled_by') },
  },
  update: yup.object({
    status: oneOf(SOS_STATUSES, 'Status'),
    notes: text('Notes', 4000, true).nullable(),
  }),
  toColumns(input, { existing, staff }) {
    const columns: Record<string, unknown> = { ...input };
    if (input.status && input.status !== existing?.status && existing?.handledBy == null) {
      columns.handledBy = staff.id;
      columns.handledAt = new Date();
    }
    return columns;
  },
});
