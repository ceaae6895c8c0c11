import type { Kysely } from 'kysely';
import { runStatements } from './run.js';

/**
 * A staff member's panel language (issue 28): `en`, `sw` or `fr`, null until they pick one. The
 * profile API validates it against the panel's list (src/i18n/locales.ts); the panel applies it
 * at sign-in so the choice follows the staff member across devices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`alter table staffs add column locale text`]);
}
