import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Payout details get their own permission, update-DriverPayoutDetails (issue 43): Finance held
 * update-Driver only to keep drivers' payout details and run the payout batches, which also let it
 * suspend drivers. Every role that holds update-Driver today gets the new permission too (nothing
 * it could do is lost), and the Finance role gives update-Driver up: suspending and reviewing stay
 * with the roles that review drivers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `insert into permissions (name, action, subject) values ('update-DriverPayoutDetails', 'update', 'DriverPayoutDetails')
      on conflict (name) do nothing`,
    `insert into role_permissions (role_id, permission_id)
      select rp.role_id, (select id from permissions where name = 'update-DriverPayoutDetails')
      from role_permissions rp join permissions p on p.id = rp.permission_id
      where p.name = 'update-Driver'
      on conflict do nothing`,
    `delete from role_permissions
      where role_id in (select id from roles where name = 'Finance')
        and permission_id = (select id from permissions where name = 'update-Driver')`,
  ]);
}
