// Written by `npm run new:resource` and `npm run migration:new` from the files of this folder: do not edit by hand.
import type { Migration } from 'kysely';
import * as m073_own_resources_rules from './073_own_resources_rules.js';

/** The generated resources' migrations (server/db/migrations/declared/*.ts), by name. */
export const declaredMigrations: Record<string, Migration> = {
  '073_own_resources_rules': m073_own_resources_rules,
};
