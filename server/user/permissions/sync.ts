import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { ALL_PERMISSIONS, type Permission } from '../../../src/domain/permissions.js';

/** The role that holds every permission, the declared ones included. */
export const SUPER_ADMIN_ROLE = 'Super Admin';

/**
 * Brings the permissions table up to the declared catalogue (src/domain/permissionNames.ts, which
 * takes in the generated declarations' subjects) and grants all of it to the Super Admin role. Runs
 * at every start, so an existing database gets a new resource's permissions without a migration
 * of its own. Idempotent; it only adds: a permission no longer declared keeps its row and grants.
 * Answers the names it added.
 */
export async function syncPermissions(db: Db, names: readonly Permission[] = ALL_PERMISSIONS): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('permissions')
      .values(
        names.map((name) => {
          const [action, subject] = name.split('-') as [string, string];
          return { name, action, subject };
        }),
      )
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .execute();
    await sql`insert into role_permissions (role_id, permission_id)
      select r.id, p.id from roles r cross join permissions p
      where r.name = ${SUPER_ADMIN_ROLE} and p.name in (${sql.join(names.map((n) => sql`${n}`))})
      on conflict do nothing`.execute(trx);
    return added.map((row) => row.name);
  });
}
