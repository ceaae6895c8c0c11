import { sql } from 'kysely';
import { issueCode } from '../../auth/codes.js';
import { ApiError } from '../../errors.js';
import { defineResource } from '../../rest/declaration.js';
import { staffs as staffsManifest } from '../../../src/domain/resources/staffs.js';
import { codeMail } from '../auth/mails.js';
import { revokeSessions } from '../auth/sessions.js';
import { refusal } from '../../../src/domain/messageCodes.js';

export const staffs = defineResource(staffsManifest, {
  table: 'staffs',
  description: 'Back-office staff. Creating one mails an invitation code; the person sets their own password.',
  computed: {
    roleName: { type: 'text', sql: sql`(select r.name from roles r where r.id = staffs.role_id)`, sort: true },
    fullName: { type: 'text', sql: sql`staffs.first_name || ' ' || staffs.last_name` },
  },
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
        throw new ApiError(400, refusal('ownAccountDeactivate'), { status: refusal('ownAccountDeactivate') });
      afterCommit(() => revokeSessions(services, { staffId: existing.id as number }));
    }
  },
});
