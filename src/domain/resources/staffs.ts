import { defineManifest, labelFields } from './manifest';
import { SEXES, STAFF_STATUSES } from '../enums';

export const staffs = defineManifest({
  name: 'staffs',
  service: 'user',
  subject: 'Staff',
  path: 'staff-management/staffs',
  fields: {
    firstName: { type: 'text', sort: true },
    lastName: { type: 'text', sort: true },
    email: { type: 'text', sort: true, filter: true },
    phone: { type: 'text', nullable: true },
    sex: { type: 'text', nullable: true, filter: true, enum: SEXES },
    photo: { type: 'int', nullable: true },
    roleId: { type: 'int', filter: true, sort: true },
    status: { type: 'text', filter: true, sort: true, enum: STAFF_STATUSES },
    emailVerifiedAt: { type: 'timestamp', nullable: true, sort: true },
    lastLoginAt: { type: 'timestamp', nullable: true, sort: true, filter: true },
    createdAt: { type: 'timestamp', sort: true, filter: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['firstName', 'lastName', 'email', 'phone'],
  searchIds: ['id'],
  defaultSort: ['createdAt', 'DESC'],
  label: labelFields('firstName', 'lastName'),
});
