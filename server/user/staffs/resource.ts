import * as yup from 'yup';
import { sql } from 'kysely';
import { issueCode } from '../../auth/codes.js';
import { ApiError } from '../../errors.js';
import { defineResource } from '../../rest/declaration.js';
import { staffs as staffsManifest } from '../../../src/domain/resources/staffs.js';
import { email, fileId, name, oneOf, phone } from '../../rest/fields.js';
import { SEXES, STAFF_STATUSES } from '../../../src/domain/enums.js';
import { codeMail } from '../auth/mails.js';
import { revokeSessions } from '../auth/sessions.js';

const base = {
  firstName: name('First name'),
  lastName: name('Last name'),
  phone: phone().nullable(),
  sex: oneOf(SEXES, 'Sex').nullable(),
  photo: fileId(),
  roleId: yup.number().integer('Choose a role').positive('Choose a role'),
  status: oneOf(STAFF_STATUSES, 'Status'),
};

export const staffs = defineResource(staffsManifest, {
  table: 'staffs',
  description: 'Back-office staff. Creating one mails an invitation code; the person sets their own password.',
  computed: {
    roleName: { type: 'text', sql: sql`(select r.name from roles r where r.id = staffs.role_id)`, sort: true },
    fullName: { type: 'text', sql: sql`staffs.first_name || ' ' || staffs.last_name` },
  },
  create: yup.object({
    ...base,
    firstName: base.firstName.required('First name is required'),
    lastName: base.lastName.required('Last name is required'),
    email: email().required('Email is required'),
    roleId: base.roleId.required('Choose a role'),
    status: base.status.default('active'),
  }),
  update: yup.object(base),
  delete: false,
  async afterWrite({ action, input, existing, trx, services, staff, afterCommit }) {
    if (action === 'create' && input?.email) {
      const code = await issueCode(trx, services.config.jwtSecret, input.email, 'email_verification');
      afterCommit(() => services.messenger.sendMail(codeMail(input.email, 'email_verification', code)));
    }
    if (action === 'update' && existing && input?.roleId !== undefined && input.roleId !== existing.roleId) {
      afterCommit(() => services.principals.changed({ kind: 'all' }));
    }
    if (action === 'update' && existing && input?.status === 'inactive' && existing.status !== 'inactive') {
      if (existing.id === staff.id)
        throw new ApiError(400, 'You cannot deactivate your own account', {
          status: 'You cannot deactivate your own account',
        });
      afterCommit(() => revokeSessions(services, { staffId: existing.id as number }));
    }
  },
});
