import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/** The staff profile that auth/me answers: no password material, role with its permission names. */
export async function staffProfile(db: Db, staffId: number) {
  const row = await db
    .selectFrom('staffs')
    .innerJoin('roles', 'roles.id', 'staffs.roleId')
    .select([
      'staffs.id',
      'staffs.firstName',
      'staffs.lastName',
      'staffs.email',
      'staffs.phone',
      'staffs.sex',
      'staffs.photo',
      'staffs.status',
      'staffs.lastLoginAt',
      'staffs.locale',
      'staffs.createdAt',
      'roles.id as roleId',
      'roles.name as roleName',
    ])
    .select(
      sql<
        string[]
      >`coalesce((select array_agg(p.name order by p.name) from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = roles.id), '{}')`.as(
        'permissionNames',
      ),
    )
    .where('staffs.id', '=', staffId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { roleId, roleName, permissionNames, ...staff } = row;
  return { ...staff, role: { id: roleId, name: roleName, permissions: permissionNames.map((name) => ({ name })) } };
}
