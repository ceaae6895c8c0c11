import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * A notification's title by its code (issue 28): the catalogue key it was said with
 * (src/i18n/validation.ts, `notifications`) and its parameters, so that the bell shows it in each
 * staff member's language. Titles stored before have none and show as written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table notifications add column title_code text`,
    `alter table notifications add column title_params jsonb`,
  ]);
}
