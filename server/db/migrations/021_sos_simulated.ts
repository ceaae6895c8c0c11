import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * SOS alarms raised by the demo's simulator are flagged (issue 33): the banner and the alarm page
 * say "Simulated", and one nobody acted on is closed after 10 minutes (server/trip/sos/simulated.ts).
 * Real alarms keep `false` and are never closed that way. The partial index keeps that sweep cheap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table sos_call_logs add column simulated boolean not null default false`,
    `create index sos_call_logs_simulated_open_idx on sos_call_logs (called_at) where simulated and status = 'new'`,
  ]);
}
