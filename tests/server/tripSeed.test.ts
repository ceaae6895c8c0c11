import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../server/db/index.js';
import { CITY } from '../../src/domain/city.js';
import { computeFare, resolvePricing, surgeMultiplier, type PriceProfile } from '../../src/domain/fare.js';
import { seededDb } from './harness.js';

let h: DbHandle;
beforeAll(async () => {
  h = await seededDb();
});
afterAll(() => h?.close());

const one = async <T = Record<string, unknown>>(query: string): Promise<T> =>
  (await sql.raw<T>(query).execute(h.db)).rows[0];
const count = async (query: string) => Number((await one<{ n: number }>(query)).n);

describe('the demo city agrees with itself', () => {
  it('has six months and more than 30,000 trips, inside the city, with trips under way now', async () => {
    const s = await one<{ n: number; first: Date; last: Date }>(
      `select count(*) n, min(requested_at) first, max(requested_at) last from trips`,
    );
    expect(Number(s.n)).toBeGreaterThanOrEqual(30_000);
    expect((s.last.getTime() - s.first.getTime()) / 86400_000).toBeGreaterThan(175);
    const b = CITY.bounds;
    expect(
      await count(
        `select count(*) n from trips where not (pickup_lat between ${b.south} and ${b.north} and dropoff_lat between ${b.south} and ${b.north} and pickup_lng between ${b.west} and ${b.east} and dropoff_lng between ${b.west} and ${b.east})`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from drivers where last_lat is not null and not (last_lat between ${b.south} and ${b.north} and last_lng between ${b.west} and ${b.east})`,
      ),
    ).toBe(0);
    expect(
      await count(`select count(*) n from trips where status in ('accepted', 'arrived', 'in_progress')`),
    ).toBeGreaterThan(0);
    for (const status of ['completed', 'cancelled_by_passenger', 'cancelled_by_driver', 'no_driver_found']) {
      expect(await count(`select count(*) n from trips where status = '${status}'`)).toBeGreaterThan(50);
    }
  });

  it('keeps times in order and fits each trip to its driver, who is never on two trips at once', async () => {
    expect(
      await count(
        `select count(*) n from trips where accepted_at < requested_at or arrived_at < accepted_at or started_at < arrived_at or completed_at < started_at or cancelled_at < requested_at or requested_at > now()`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from trips where (status = 'completed') <> (completed_at is not null) or (status like 'cancelled%' or status = 'no_driver_found') <> (cancelled_at is not null)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from trips t join drivers d on d.id = t.driver_id where d.vehicle_type_id <> t.vehicle_type_id or d.approval_status <> 'approved' or d.created_at > t.requested_at`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from trips t join passengers p on p.id = t.passenger_id where p.created_at > t.requested_at`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from (select requested_at, lag(coalesce(completed_at, cancelled_at, 'infinity')) over (partition by driver_id order by requested_at) prev_end from trips where driver_id is not null) x where prev_end > requested_at`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from trips where status = 'completed' and duration_min <> ceil(extract(epoch from completed_at - started_at) / 60)`,
      ),
    ).toBe(0);
    expect(await count(`select count(*) n from drivers where online and approval_status <> 'approved'`)).toBe(0);
    expect(
      await count(
        `select count(*) n from trips t join drivers d on d.id = t.driver_id where t.status in ('accepted', 'arrived', 'in_progress') and not d.online`,
      ),
    ).toBe(0);
  });

  it('prices every trip by its vehicle type and the price settings', async () => {
    expect(
      await count(
        `select count(*) n from trips where fare_base + fare_distance + fare_time + fare_surge + fare_minimum_top_up - fare_discount <> fare_total`,
      ),
    ).toBe(0);
    const types = new Map((await h.db.selectFrom('vehicleTypes').selectAll().execute()).map((v) => [v.id, v]));
    const profiles = await h.db.selectFrom('priceSettings').selectAll().execute();
    const defaults = profiles.find((p) => p.vehicleTypeId === null) as PriceProfile;
    const discounts = new Map((await h.db.selectFrom('discounts').selectAll().execute()).map((d) => [d.id, d]));
    const sample = await h.db
      .selectFrom('trips')
      .selectAll()
      .where(sql<boolean>`id % 7 = 0`)
      .orderBy('id')
      .execute();
    expect(sample.length).toBeGreaterThan(4000);
    for (const trip of sample) {
      const vt = types.get(trip.vehicleTypeId)!;
      const rules = resolvePricing(
        defaults,
        profiles.find((p) => p.vehicleTypeId === vt.id) as PriceProfile | undefined,
        vt,
      );
      const surge = surgeMultiplier(rules.surgeRules, trip.requestedAt);
      const d = trip.discountId ? discounts.get(trip.discountId)! : null;
      const fare = computeFare({
        rates: vt,
        commissionPercent: rules.commissionPercent,
        distanceKm: trip.distanceKm,
        durationMin: trip.durationMin,
        surgeMultiplier: surge,
        discount: d && {
          kind: d.kind as 'percent' | 'fixed',
          value: d.value,
          maxDiscount: d.maxDiscount,
          minFare: d.minFare,
        },
      });
      expect({ id: trip.id, surge: trip.surgeMultiplier, total: trip.fareTotal, discount: trip.fareDiscount }).toEqual({
        id: trip.id,
        surge: fare.surgeMultiplier,
        total: fare.total,
        discount: fare.discount,
      });
      if (trip.status === 'completed') expect(trip.commission).toBe(fare.commission);
      if (d)
        expect(trip.requestedAt >= d.validFrom! && (d.validTo === null || trip.requestedAt <= d.validTo)).toBe(true);
    }
  });

  it('counts discount uses and keeps them within their limits', async () => {
    const rows = await h.db
      .selectFrom('discounts')
      .select([
        'code',
        'timesUsed',
        'usageLimit',
        sql<number>`(select count(*)::int from trips t where t.discount_id = discounts.id and t.status = 'completed')`.as(
          'completed',
        ),
      ])
      .execute();
    for (const d of rows) {
      expect(d.timesUsed, d.code).toBe(d.completed);
      if (d.usageLimit !== null) expect(d.timesUsed).toBeLessThanOrEqual(d.usageLimit);
    }
    expect(
      await count(
        `select count(*) n from (select discount_id, passenger_id, count(*) c from trips where status = 'completed' and discount_id is not null group by 1, 2) u join discounts d on d.id = u.discount_id where d.per_passenger_limit is not null and u.c > d.per_passenger_limit`,
      ),
    ).toBe(0);
  });

  it('settles every charged trip in the driver ledger, whose balances add up', async () => {
    expect(
      await count(`select count(*) n from trips t where t.driver_id is not null and ((t.status = 'completed' and t.fare_total > 0) or t.cancellation_fee > 0)
      and not exists (select 1 from driver_transactions x where x.trip_id = t.id and x.kind = 'commission' and x.driver_id = t.driver_id
        and x.amount = case when t.payment_method = 'cash' then -t.commission else (case when t.status = 'completed' then t.fare_total else t.cancellation_fee end) - t.commission end)`),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from driver_transactions x join trips t on t.id = x.trip_id where x.created_at <> coalesce(t.completed_at, t.cancelled_at)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from drivers d where credit_balance <> coalesce((select sum(amount) from driver_transactions x where x.driver_id = d.id), 0)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from (select balance_after, sum(amount) over (partition by driver_id order by created_at, id) s from driver_transactions) x where balance_after <> s`,
      ),
    ).toBe(0);
    for (const kind of ['credit_topup', 'commission', 'payout'])
      expect(await count(`select count(*) n from driver_transactions where kind = '${kind}'`)).toBeGreaterThan(10);
  });

  it('reviews only completed trips, and ratings are their means', async () => {
    expect(
      await count(
        `select count(*) n from reviews r join trips t on t.id = r.trip_id where t.status <> 'completed' or r.driver_id <> t.driver_id or r.passenger_id <> t.passenger_id or r.created_at < t.completed_at`,
      ),
    ).toBe(0);
    expect(await count(`select count(*) n from reviews`)).toBeGreaterThan(20_000);
    expect(
      await count(
        `select count(*) n from drivers d where rating <> coalesce((select round(avg(rating), 2) from reviews r where r.driver_id = d.id and r.direction = 'passenger_to_driver'), 5)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from passengers p where rating <> coalesce((select round(avg(rating), 2) from reviews r where r.passenger_id = p.id and r.direction = 'driver_to_passenger'), 5)`,
      ),
    ).toBe(0);
  });

  it('ties issues and SOS calls to their trips and people', async () => {
    expect(
      await count(
        `select count(*) n from issues i join trips t on t.id = i.trip_id where i.reporter_id <> case i.reporter_kind when 'driver' then t.driver_id else t.passenger_id end or i.created_at < coalesce(t.completed_at, t.cancelled_at)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from issues where (status in ('resolved', 'closed')) <> (resolved_at is not null and resolution_note is not null)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from sos_call_logs l join trips t on t.id = l.trip_id where l.caller_id <> case l.caller_kind when 'driver' then t.driver_id else t.passenger_id end or l.called_at < t.started_at or l.called_at > coalesce(t.completed_at, now())`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from sos_call_logs l where not exists (select 1 from notifications n where n.type = 'sos' and n.subject_type = 'sos-call-log' and n.subject_id = l.id)`,
      ),
    ).toBe(0);
    // Every status on the board, each with its columns and timeline consistent.
    for (const status of ['new', 'acknowledged', 'resolved', 'false_alarm'])
      expect(await count(`select count(*) n from sos_call_logs where status = '${status}'`)).toBeGreaterThan(0);
    expect(
      await count(
        `select count(*) n from sos_call_logs l where (l.status = 'new') <> (l.handled_at is null)
          or (l.handled_at is not null and l.ack_seconds <> round(extract(epoch from l.handled_at - l.called_at)))
          or (l.status in ('resolved', 'false_alarm')) <> (l.resolved_at is not null and l.notes is not null)
          or not exists (select 1 from sos_call_events e where e.sos_call_log_id = l.id and e.kind = 'raised')
          or (l.handled_at is not null and not exists (select 1 from sos_call_events e where e.sos_call_log_id = l.id and e.kind = 'acknowledged'))`,
      ),
    ).toBe(0);
  });

  it('keeps the trip counters exact', async () => {
    expect(
      await count(
        `select count(*) n from (select status, vehicle_type_id, payment_method, count(*) c from trips group by 1, 2, 3) t full join trip_counts c using (status, vehicle_type_id, payment_method) where coalesce(t.c, 0) <> coalesce(c.n, 0)`,
      ),
    ).toBe(0);
  });
});
