import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * How a driver is paid out (issue 32): by mobile money (M-Pesa, to the driver's phone) or by bank
 * transfer, with the bank details the bulk EFT file needs. The account number is never answered in
 * clear by the drivers API (a masked form, last 4 digits); it leaves the server only in the bank
 * transfer file of an approved payout batch. `payout_details_updated_at` moves with every change of
 * these details, so the audit log records a change even when the last 4 digits stay the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table drivers
      add column payout_method text not null default 'mobile_money' check (payout_method in ('mobile_money', 'bank')),
      add column bank_code text,
      add column bank_branch_code text,
      add column bank_account_holder text,
      add column bank_account_number text check (bank_account_number ~ '^[0-9]{8,16}$'),
      add column payout_details_updated_at timestamptz`,
  ]);
}
