import { sql } from 'kysely';
import { defineResource } from '../../rest/declaration.js';
import { permissions as permissionsManifest } from '../../../src/domain/resources/permissions.js';

export const permissions = defineResource(permissionsManifest, {
  table: 'permissions',
  description: 'Read-only: every permission string, its subject and action, and the roles that hold it.',
  computed: {
    roles: {
      type: 'text[]',
      sql: sql`coalesce((select array_agg(r.name order by r.name) from role_permissions rp join roles r on r.id = rp.role_id where rp.permission_id = permissions.id), '{}')`,
    },
  },
});
