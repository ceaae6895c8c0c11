import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/index.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { migrations } from '../../server/db/migrations/index.js';

describe('migrating a database an earlier main left behind', () => {
  it('applies a migration that sorts before the latest one it ran (031 after 070), instead of refusing to start', async () => {
    const handle = await createDb({});
    try {
      const without031 = Object.fromEntries(Object.entries(migrations).filter(([name]) => !name.startsWith('031')));
      const earlier = new Migrator({ db: handle.db, provider: { getMigrations: async () => without031 } });
      expect((await earlier.migrateToLatest()).error).toBeUndefined();
      const columns = () =>
        sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_name = 'notifications' and column_name = 'title_code'`.execute(handle.db);
      expect((await columns()).rows).toEqual([]);

      const said: string[] = [];
      await migrateToLatest(handle.db, (line) => said.push(line));

      // What npm start prints before it migrates: how many migrations the database lacks.
      expect(said).toEqual(['Migrating the database: 1 migration to apply']);
      expect((await columns()).rows).toEqual([{ name: 'title_code' }]);
      said.length = 0;
      await migrateToLatest(handle.db, (line) => said.push(line));
      expect(said).toEqual([]);
      const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
      expect(ran.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    } finally {
      await handle.close();
    }
  });
});
