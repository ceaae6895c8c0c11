import { defineManifest, labelField } from './manifest';

export const roles = defineManifest({
  name: 'roles',
  service: 'user',
  subject: 'Role',
  path: 'staff-management/roles',
  fields: {
    name: { type: 'text', sort: true, filter: true },
    description: { type: 'text', nullable: true },
    createdAt: { type: 'timestamp', sort: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['name', 'description'],
  defaultSort: ['name', 'ASC'],
  label: labelField('name'),
});
