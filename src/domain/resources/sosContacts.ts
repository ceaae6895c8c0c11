import { defineManifest, labelField } from './manifest';

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
});
