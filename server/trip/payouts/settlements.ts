import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { settle, toCents, type Period, type Settlement, type SettledTrip } from '../../../src/domain/payouts.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface DriverSettlement {
  driverId: number;
  driverName: string;
  phone: string;
  /** The wallet now. */
  balanceCents: number;
  settlement: Settlement;
}

/**
 * Every driver's settlement for a period (drivers with a trip or a ledger entry in it, or a balance
 * carried into it): the trips settled in it (completed, or cancelled with a fee charged) and the
 * wallet ledger's sums before and in it. Sums are read as text so cents stay exact.
 */
export async function readSettlements(db: Db, period: Period, driverId?: number): Promise<DriverSettlement[]> {
  const { from, to } = period;
  const oneDriver = driverId === undefined ? sql`true` : sql`driver_id = ${driverId}`;
  const trips = await sql<{ driverId: number; paymentMethod: string; charged: string; commission: string }>`
    select driver_id as "driverId", payment_method as "paymentMethod",
      (case when status = 'completed' then fare_total else cancellation_fee end)::text as charged,
      commission::text as commission
    from trips
    where driver_id is not null and ${oneDriver} and (
      (status = 'completed' and completed_at >= ${from} and completed_at < ${to})
      or (status = 'cancelled_by_passenger' and cancellation_fee > 0 and cancelled_at >= ${from} and cancelled_at < ${to}))
  `.execute(db);
  const ledger = await sql<{
    driverId: number;
    opening: string;
    trips: string;
    topups: string;
    adjustments: string;
    payouts: string;
  }>`
    select driver_id as "driverId",
      coalesce(sum(amount) filter (where created_at < ${from}), 0)::text as opening,
      coalesce(sum(amount) filter (where created_at >= ${from} and kind = 'commission'), 0)::text as trips,
      coalesce(sum(amount) filter (where created_at >= ${from} and kind = 'credit_topup'), 0)::text as topups,
      coalesce(sum(amount) filter (where created_at >= ${from} and kind = 'adjustment'), 0)::text as adjustments,
      coalesce(sum(amount) filter (where created_at >= ${from} and kind = 'payout'), 0)::text as payouts
    from driver_transactions
    where created_at < ${to} and ${oneDriver}
    group by driver_id
  `.execute(db);
  const tripsBy = new Map<number, SettledTrip[]>();
  for (const t of trips.rows) {
    const list = tripsBy.get(t.driverId) ?? [];
    list.push({
      paymentMethod: t.paymentMethod,
      chargedCents: toCents(t.charged),
      commissionCents: toCents(t.commission),
    });
    tripsBy.set(t.driverId, list);
  }
  const ledgerBy = new Map(ledger.rows.map((l) => [l.driverId, l]));
  const ids = [...new Set([...tripsBy.keys(), ...ledgerBy.keys()])];
  if (!ids.length) return [];
  const drivers = await db
    .selectFrom('drivers')
    .select(['id', 'firstName', 'lastName', 'phone', sql<string>`credit_balance::text`.as('balance')])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const out: DriverSettlement[] = [];
  for (const d of drivers) {
    const l = ledgerBy.get(d.id);
    const settlement = settle(tripsBy.get(d.id) ?? [], {
      openingCents: toCents(l?.opening ?? 0),
      tripsCents: toCents(l?.trips ?? 0),
      topupsCents: toCents(l?.topups ?? 0),
      adjustmentsCents: toCents(l?.adjustments ?? 0),
      payoutsCents: toCents(l?.payouts ?? 0),
    });
    const quiet =
      settlement.trips === 0 &&
      settlement.closingCents === 0 &&
      settlement.openingCents === 0 &&
      settlement.topupsCents === 0 &&
      settlement.adjustmentsCents === 0 &&
      settlement.payoutsCents === 0;
    if (quiet) continue;
    out.push({
      driverId: d.id,
      driverName: `${d.firstName} ${d.lastName}`,
      phone: d.phone,
      balanceCents: toCents(d.balance),
      settlement,
    });
  }
  return out;
}
