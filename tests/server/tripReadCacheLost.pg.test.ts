import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { tripFixtures } from './tripFixtures.js';

/**
 * The read cache of one trip by id (server/rest/readCaches.ts) trusts PostgreSQL's change notices
 * only while their connection is up: when it is lost, every read goes to the database until the
 * listener is back (a second later), so a change made meanwhile is never hidden. PostgreSQL only:
 * PGlite's notices come from the same process and cannot be lost.
 */
if (!process.env.DATABASE_URL) throw new Error('tripReadCacheLost.pg.test.ts needs DATABASE_URL (npm run test:pg)');

let t: TestApp;
let admin: string;
const { bookTrip } = tripFixtures(
  () => t,
  () => admin,
);
const read = async (id: number) => (await t.call('GET', `/api/trip/trips/${id}`, { token: admin })).json();
/** A write PostgreSQL does not announce (its triggers off for the transaction). */
const unannounced = (id: number, note: string) =>
  t.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`update trips set driver_note = ${note} where id = ${id}`.execute(trx);
  });
const listeners = () =>
  sql<{ pid: number }>`select pid from pg_stat_activity
    where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`.execute(t.db);

beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

describe('one trip by id when the change notices are lost', () => {
  it('reads the database while the listener is down, and caches again once it is back', async () => {
    const { id } = await bookTrip();
    await read(id);
    await unannounced(id, 'hidden while cached');
    expect((await read(id)).driverNote).not.toBe('hidden while cached');

    const { rows } = await listeners();
    expect(rows).toHaveLength(1);
    await sql`select pg_terminate_backend(${rows[0].pid})`.execute(t.db);
    await vi.waitFor(async () => expect((await read(id)).driverNote).toBe('hidden while cached'));
    await unannounced(id, 'seen while the listener is down');
    expect((await read(id)).driverNote).toBe('seen while the listener is down');

    // Back within a second or two: a read is kept again, so a write nobody announces stays unseen.
    let tries = 0;
    await vi.waitFor(
      async () => {
        const before = (await read(id)).driverNote;
        await unannounced(id, `cached again ${++tries}`);
        expect((await read(id)).driverNote).toBe(before);
      },
      { timeout: 5_000, interval: 100 },
    );
  });
});
