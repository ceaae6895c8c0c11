import { sql } from 'kysely';
import { defineResource } from '../../rest/declaration.js';

export const permissions = defineResource({
  name: 'permissions',
  table: 'permissions',
  subject: 'Permissions',
  description: 'Read-only: every permission string, its subject and action, and the roles that hold it.',
  fields: {
    name: { type: 'text', sort: true, filter: true },
    subject: { type: 'text', sort: true, filter: true },
    action: { type: 'text', sort: true, filter: true, enum: ['view', 'create', 'update', 'delete'] },
  },
  computed: {
    roles: {
      type: 'text[]',
      sql: sql`coalesce((select array_agg(r.name order by r.name) from role_permissions rp join roles r on r.id = rp.role_id where rp.permission_id = permissions.id), '{}')`,
    },
  },
  search: ['name', 'subject'],
  defaultSort: ['subject', 'ASC'],
});
