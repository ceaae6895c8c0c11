import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Driver payouts (issue 32): a batch per city week (one batch a week) with a line per driver, the
 * settlement's figures frozen when the batch is prepared. Four eyes: `approved_by` must differ from
 * `created_by` (the server refuses, the check constraint backs it). Paying writes a `payout` entry
 * to each driver's ledger, referenced by its line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table payout_batches (
      id serial primary key,
      period_start date not null unique,
      period_end date not null,
      status text not null default 'review' check (status in ('review', 'approved', 'paid')),
      total numeric(14,2) not null default 0,
      line_count integer not null default 0,
      created_by integer not null references staffs(id),
      approved_by integer references staffs(id),
      approved_at timestamptz,
      paid_by integer references staffs(id),
      paid_at timestamptz,
      reference text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (approved_by is null or approved_by <> created_by)
    )`,
    `create table payout_lines (
      id serial primary key,
      batch_id integer not null references payout_batches(id) on delete cascade,
      driver_id integer not null references drivers(id),
      driver_name text not null,
      phone text not null,
      trips integer not null,
      gross numeric(14,2) not null,
      commission numeric(14,2) not null,
      cash_collected numeric(14,2) not null,
      trip_net numeric(14,2) not null,
      opening numeric(14,2) not null,
      topups numeric(14,2) not null,
      adjustments numeric(14,2) not null,
      payouts numeric(14,2) not null,
      closing numeric(14,2) not null,
      amount numeric(14,2) not null check (amount >= 0),
      transaction_id integer references driver_transactions(id),
      unique (batch_id, driver_id)
    )`,
    `create index payout_lines_driver_idx on payout_lines (driver_id)`,
  ]);
}
