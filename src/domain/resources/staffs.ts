import * as yup from 'yup';
import { email, fileId, name, oneOf, phone, requiredName } from '../fieldRules';
import { defineManifest, labelFields } from './manifest';
import { SEXES, STAFF_STATUSES } from '../enums';
import { refusal } from '../messageCodes';

/** What a write may set; the update takes any of them. */
const writable = {
  firstName: name('First name'),
  lastName: name('Last name'),
  phone: phone(),
  sex: oneOf(SEXES, 'Sex').nullable(),
  photo: fileId(),
  roleId: yup
    .number()
    .typeError(refusal('chooseA', { label: 'role' }))
    .integer(refusal('chooseA', { label: 'role' }))
    .positive(refusal('chooseA', { label: 'role' })),
  status: oneOf(STAFF_STATUSES, 'Status'),
};

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
    sex: { type: 'text', nullable: true, filter: true, enum: SEXES, enumLabels: 'app.enums.sex' },
    photo: { type: 'int', nullable: true },
    roleId: { type: 'int', filter: true, sort: true },
    status: { type: 'text', filter: true, sort: true, enum: STAFF_STATUSES, enumLabels: 'app.enums.staffStatus' },
    emailVerifiedAt: { type: 'timestamp', nullable: true, sort: true },
    lastLoginAt: { type: 'timestamp', nullable: true, sort: true, filter: true },
    createdAt: { type: 'timestamp', sort: true, filter: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['firstName', 'lastName', 'email', 'phone'],
  searchIds: ['id'],
  defaultSort: ['createdAt', 'DESC'],
  label: labelFields('firstName', 'lastName'),
  menu: { id: 'staffs', icon: 'staffs', group: 'staffManagement' },
  create: yup.object({
    ...writable,
    firstName: requiredName('First name'),
    lastName: requiredName('Last name'),
    email: email().required(refusal('emailRequired')),
    roleId: writable.roleId.required(refusal('chooseA', { label: 'role' })),
    status: writable.status.default('active'),
  }),
  update: yup.object(writable),
});
