import type { Kysely } from 'kysely';
import { runStatements } from './run.js';
import { backfillStatements } from '../ledgerNoteCodes.js';

/**
 * A wallet ledger entry's system-written note by its code (issue 28): the catalogue key
 * (src/i18n/ledgerNotes.ts) and its parameters beside the English `note`, so that the panel shows
 * it in each staff member's language. Existing notes that are exactly a code's English get it; typed
 * notes keep none and show as typed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table driver_transactions add column note_code text`,
    `alter table driver_transactions add column note_params jsonb`,
    `alter table passenger_transactions add column note_code text`,
    `alter table passenger_transactions add column note_params jsonb`,
    ...backfillStatements({ seedNotes: false }),
  ]);
}
