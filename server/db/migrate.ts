import { Migrator } from 'kysely';
import type { Db } from './index.js';
import { migrations } from './migrations/index.js';

/** Applies the migrations the database lacks; `log` is told how many there are before they run (a first start applies them all). */
export async function migrateToLatest(db: Db, log?: (line: string) => void): Promise<void> {
  // Parallel branches number their migrations in separate ranges (030s, 060s, 070s…), so a database
  // migrated by an earlier main can miss one that sorts before its latest: apply it rather than refuse.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  if (log) {
    const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt).length;
    if (pending) log(`Migrating the database: ${pending} migration${pending === 1 ? '' : 's'} to apply`);
  }
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
