import { defineManifest, enumWords } from './manifest';

export const auditLogs = defineManifest({
  name: 'audit-logs',
  service: 'user',
  subject: 'AuditLog',
  path: 'staff-management/audit-logs',
  fields: {
    staffId: { type: 'int', nullable: true, filter: true, sort: true },
    resource: { type: 'text', filter: true, sort: true },
    recordId: { type: 'text', filter: true },
    action: {
      type: 'text',
      filter: true,
      sort: true,
      description:
        'create, update, delete, or the name of an engine action (block, assign, approve-document…): GET audit-logs/actions lists them',
    },
    undoOf: {
      type: 'int',
      nullable: true,
      filter: true,
      description: 'An `undo` entry: the id of the entry it undoes (a bulk action undone within its window)',
    },
    before: { type: 'json', nullable: true },
    after: { type: 'json', nullable: true },
    createdAt: { type: 'timestamp', filter: true, sort: true },
  },
  defaultSort: ['createdAt', 'DESC'],
  label: {
    fields: ['action', 'resource', 'recordId'],
    format: ({ action, resource, recordId }) =>
      typeof action === 'string' && typeof resource === 'string'
        ? `${enumWords(action)} ${resource} #${String(recordId)}`
        : undefined,
  },
  menu: { id: 'auditLog', icon: 'auditLog', group: 'staffManagement' },
});
