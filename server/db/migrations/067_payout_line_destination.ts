import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Where each line of a payout batch is paid, frozen when the batch is approved (issue 32): the
 * second staff member approves these destinations, so a driver's bank account changed afterwards
 * cannot redirect an approved payment. A row per (batch, driver) line; none while the batch is in
 * review (its files would follow the drivers' details) nor for batches approved before this
 * migration. Its own table, keyed like payout_lines, because payout_lines comes later in name
 * order (070) and a fresh database runs the migrations in that order; hence no foreign key to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table payout_destinations (
      batch_id integer not null,
      driver_id integer not null references drivers(id),
      payout_method text not null check (payout_method in ('mobile_money', 'bank')),
      bank_code text,
      bank_branch_code text,
      bank_account_holder text,
      bank_account_number text,
      primary key (batch_id, driver_id)
    )`,
  ]);
}
