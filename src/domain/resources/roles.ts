import * as yup from 'yup';
import { name, text } from '../fieldRules';
import { ALL_PERMISSIONS } from '../permissionNames';
import { defineManifest, labelField } from './manifest';
import { refusal } from '../messageCodes';

const ROLE_NAME_MAX = 60;

const writable = {
  name: name('Name', ROLE_NAME_MAX),
  description: text('Description', 200, true).nullable(),
  /** Permission names, e.g. `view-Trip`. */
  permissions: yup
    .array(
      yup
        .string()
        .oneOf([...ALL_PERMISSIONS], ({ value }: { value: unknown }) =>
          refusal('unknownPermission', { value: String(value) }),
        )
        .required(),
    )
    .max(ALL_PERMISSIONS.length),
};

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
  menu: { id: 'roles', icon: 'roles', group: 'staffManagement' },
  create: yup.object({
    ...writable,
    name: writable.name.required(refusal('required', { label: 'Name' })),
    permissions: writable.permissions.default([]),
  }),
  update: yup.object(writable),
});
