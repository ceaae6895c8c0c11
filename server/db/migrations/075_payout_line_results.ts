import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * Each payout line settled on its own (issue 44): a channel's results file marks it paid, with the
 * channel's reference, or failed, with the reason and the entry that put its amount back in the
 * driver's wallet. A batch already paid had every line with money paid with the batch's reference.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table payout_lines
      add column status text not null default 'pending' check (status in ('pending', 'paid', 'failed')),
      add column reference text,
      add column failure_reason text,
      add column settled_at timestamptz,
      add column return_transaction_id integer references driver_transactions(id)`,
    `update payout_lines l set status = 'paid', reference = b.reference, settled_at = b.paid_at
      from payout_batches b where b.id = l.batch_id and b.status = 'paid' and l.amount > 0`,
  ]);
}
