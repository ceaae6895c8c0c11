import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST } from '../../src/domain/resources/index.js';
import { planMigration } from '../../server/db/declaredDiff.js';
import { snake } from '../../server/db/declaredSchema.js';
import type { DbHandle } from '../../server/db/index.js';
import { DECLARATIONS } from '../../server/resources.js';
import { seededDb } from './harness.js';

/**
 * The declarations and the migrations agree: on the database every migration built (the seeded
 * template), `npm run migration:new` finds nothing to write. A declaration edited without its
 * migration fails here, naming what the migration would do.
 */
let handle: DbHandle;

beforeAll(async () => {
  handle = await seededDb();
});

afterAll(() => handle?.close());

describe('declarations and migrations', () => {
  it('the tables the migrations build are the ones the declarations describe', async () => {
    const tables = new Map(DECLARATIONS.map((d) => [d.name, snake(d.table)]));
    const steps = await planMigration(handle.db.withoutPlugins(), MANIFEST, (resource) => tables.get(resource));
    expect(steps.map((step) => step.summary)).toEqual([]);
  });
});
