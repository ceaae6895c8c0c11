import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * The passenger wallet (issue 14): `passengers.credit_balance` and its ledger,
 * `passenger_transactions`, which mirrors `driver_transactions` (signed amount, the balance right
 * after, the trip, the issue and the staff member behind it). A refund granted when an issue is
 * resolved is a `refund` row; the timeline records it as a `refund` step pointing at the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table passengers add column credit_balance numeric(12,2) not null default 0`,
    `create table passenger_transactions (
      id serial primary key,
      passenger_id integer not null references passengers(id),
      kind text not null check (kind in ('refund', 'adjustment')),
      amount numeric(12,2) not null check (amount <> 0),
      balance_after numeric(12,2) not null,
      trip_id integer references trips(id) on delete set null,
      issue_id integer references issues(id) on delete set null,
      staff_id integer references staffs(id) on delete set null,
      note text,
      created_at timestamptz not null default now()
    )`,
    `create index passenger_transactions_passenger_idx on passenger_transactions (passenger_id, created_at, id)`,
    `create index passenger_transactions_trip_idx on passenger_transactions (trip_id) where trip_id is not null`,
    `alter table issue_events drop constraint issue_events_kind_check`,
    `alter table issue_events add constraint issue_events_kind_check
      check (kind in ('opened', 'assigned', 'priority', 'status', 'note', 'credit', 'refund'))`,
    `alter table issue_events add column passenger_transaction_id integer
      references passenger_transactions(id) on delete set null`,
  ]);
}
