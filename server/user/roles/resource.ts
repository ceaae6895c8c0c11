import { sql } from 'kysely';
import { ApiError } from '../../errors.js';
import { defineResource } from '../../rest/declaration.js';
import { roles as rolesManifest } from '../../../src/domain/resources/roles.js';
import { refusal } from '../../../src/domain/messageCodes.js';

export const roles = defineResource(rolesManifest, {
  table: 'roles',
  description: 'Roles group permissions; each staff member holds one role. `permissions` lists permission names.',
  computed: {
    permissions: {
      type: 'text[]',
      sql: sql`coalesce((select array_agg(p.name order by p.name) from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = roles.id), '{}')`,
    },
    staffCount: { type: 'int', sql: sql`(select count(*)::int from staffs s where s.role_id = roles.id)`, sort: true },
  },
  delete: true,
  toColumns: (input) => {
    const { permissions: _permissions, ...columns } = input;
    return columns;
  },
  async beforeDelete({ trx, existing }) {
    const { n } = await trx
      .selectFrom('staffs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('roleId', '=', existing!.id as number)
      .executeTakeFirstOrThrow();
    if (n > 0) throw new ApiError(409, refusal(n === 1 ? 'roleHeldByOne' : 'roleHeldByMany', { count: n }));
  },
  async afterWrite({ action, input, trx, existing, after, services, afterCommit }) {
    // Holders see a permission change on their next request.
    if (action !== 'create') afterCommit(() => services.principals.changed({ kind: 'all' }));
    if (action === 'delete' || !input?.permissions) return;
    const roleId = (existing?.id ?? after?.id) as number;
    await trx.deleteFrom('rolePermissions').where('roleId', '=', roleId).execute();
    const names: string[] = input.permissions;
    if (names.length) {
      await trx
        .insertInto('rolePermissions')
        .columns(['roleId', 'permissionId'])
        .expression((eb) =>
          eb
            .selectFrom('permissions')
            .select([sql<number>`${roleId}::int`.as('roleId'), 'id'])
            .where('name', 'in', names),
        )
        .execute();
    }
  },
});
