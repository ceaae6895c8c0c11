import { defineResource } from '../../rest/declaration.js';
import { nameOf } from '../../rest/names.js';

/** Read-only: who changed what, when, with the changed fields before and after (secrets masked). */
export const auditLogs = defineResource({
  name: 'audit-logs',
  table: 'auditLogs',
  subject: 'AuditLog',
  description: 'Every write by staff through the resource engine. `before`/`after` hold only the fields that changed.',
  fields: {
    staffId: { type: 'int', filter: true, sort: true },
    resource: { type: 'text', filter: true, sort: true },
    recordId: { type: 'text', filter: true },
    action: { type: 'text', filter: true, sort: true, enum: ['create', 'update', 'delete'] },
    before: { type: 'json' },
    after: { type: 'json' },
    createdAt: { type: 'timestamp', filter: true, sort: true },
  },
  computed: {
    staffName: { type: 'text', sql: nameOf('staffs', 'audit_logs.staff_id') },
  },
  defaultSort: ['createdAt', 'DESC'],
});
