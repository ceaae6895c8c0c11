import { defineManifest, labelField } from './manifest';

export const permissions = defineManifest({
  name: 'permissions',
  service: 'user',
  subject: 'Permissions',
  path: 'staff-management/permissions',
  fields: {
    name: { type: 'text', sort: true, filter: true },
    subject: { type: 'text', sort: true, filter: true },
    action: { type: 'text', sort: true, filter: true, enum: ['view', 'create', 'update', 'delete'] },
  },
  search: ['name', 'subject'],
  defaultSort: ['subject', 'ASC'],
  label: labelField('name'),
  menu: { id: 'permissions', icon: 'permissions', group: 'staffManagement' },
});
