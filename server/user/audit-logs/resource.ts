import { defineResource } from '../../rest/declaration.js';
import { auditLogs as auditLogsManifest } from '../../../src/domain/resources/auditLogs.js';
import { nameOf } from '../../rest/names.js';

/** Read-only: who changed what, when, with the changed fields before and after (secrets masked). */
export const auditLogs = defineResource(auditLogsManifest, {
  table: 'auditLogs',
  description: 'Every write by staff through the resource engine. `before`/`after` hold only the fields that changed.',
  computed: {
    staffName: { type: 'text', sql: nameOf('staffs', 'audit_logs.staff_id') },
  },
});
