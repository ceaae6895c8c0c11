import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../server/db/index.js';
import { seedScale } from '../../server/db/seed/tripScale.js';
import { seededDb } from './harness.js';
import { renderLedgerNote, type LedgerNoteCode } from '../../src/domain/ledgerNotes.js';

let h: DbHandle;
beforeAll(async () => {
  h = await seededDb();
});
afterAll(() => h?.close());

const count = async (query: string) => Number((await sql.raw<{ n: number }>(query).execute(h.db)).rows[0].n);

describe('seed:scale (small run)', () => {
  it('tops the trips up to the target with consistent rows, and is a no-op once there', async () => {
    const before = await count('select count(*) n from trips');
    const lastDriver = await count('select max(id) n from drivers');
    const lines: string[] = [];
    // The run checks itself (fares by the pure module, overlaps, ledger) and throws on a mismatch.
    const result = await seedScale(h.db, { trips: before + 6000, tripsPerDriver: 100, log: (l) => lines.push(l) });
    expect(result).toMatchObject({ added: 6000, drivers: 60 });
    expect(lines.some((l) => l.startsWith('self-check'))).toBe(true);
    expect(await count('select count(*) n from trips')).toBe(before + 6000);
    expect(
      await count(
        `select count(*) n from (select status, vehicle_type_id, payment_method, count(*) c from trips group by 1, 2, 3) t full join trip_counts c using (status, vehicle_type_id, payment_method) where coalesce(t.c, 0) <> coalesce(c.n, 0)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from trips t join drivers d on d.id = t.driver_id where d.vehicle_type_id <> t.vehicle_type_id or d.created_at > t.requested_at`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from (select requested_at, lag(coalesce(completed_at, cancelled_at)) over (partition by driver_id order by requested_at) prev from trips where driver_id is not null) x where prev > requested_at`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from drivers d where credit_balance <> coalesce((select sum(amount) from driver_transactions x where x.driver_id = d.id), 0)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from trips t where t.driver_id is not null and ((t.status = 'completed' and t.fare_total > 0) or t.cancellation_fee > 0) and not exists (select 1 from driver_transactions x where x.trip_id = t.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from trips where status = 'completed' and duration_min <> ceil(extract(epoch from completed_at - started_at) / 60)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from trips where pickup_lat not between -1.37 and -1.20 or dropoff_lng not between 36.70 and 36.95`,
      ),
    ).toBe(0);
    // Every note it writes has its code (issue 28), which renders back to the stored English.
    const notes = await h.db
      .selectFrom('driverTransactions')
      .select(['note', 'noteCode', 'noteParams'])
      .where('driverId', '>', lastDriver)
      .execute();
    expect(notes.length).toBeGreaterThan(100);
    for (const row of notes)
      expect(renderLedgerNote(row.noteCode as LedgerNoteCode, row.noteParams ?? {})).toBe(row.note);
    expect((await seedScale(h.db, { trips: before + 6000 })).added).toBe(0);
  });
});
