import { sql } from 'kysely';
import { badRequest, notFound } from '../../errors.js';
import { defineQuery } from '../../rest/queries.js';
import { CITY } from '../../../src/domain/city.js';
import { localMidnight } from '../../../src/domain/dateRange.js';
import {
  driverAcceptanceRate,
  driverCancellationRate,
  driverEarnings,
  driverPeriods,
} from '../../../src/domain/driverStats.js';
import { P } from '../../../src/domain/permissionNames.js';
import { refusal } from '../../../src/domain/messageCodes.js';

interface Takings {
  trips: number;
  completed: number;
  fareTotal: number;
  cancellationFee: number;
  commission: number;
}

/**
 * `GET /api/trip/drivers/statistics?driverId=`: the driver page's figures. Earnings this week and
 * this month (city-time weeks from Monday, months from the 1st) from the per-driver daily rollup
 * (at most 31 rows of one driver); the cancellation rate over the last 30 days from the driver's
 * own trips (the index on trips (driver_id, requested_at)); the acceptance rate over the last 30 days
 * from the offers the driver was sent (trip_offers, by driver and time).
 */
export const driverStatistics = defineQuery({
  name: 'statistics',
  summary: "A driver's earnings this week and this month, and cancellation and acceptance rates over 30 days",
  description:
    'City time (Africa/Nairobi): a week starts on Monday, a month on the 1st. earnings = fares of completed trips + cancellation fees − commission. cancellationRate = trips the driver cancelled / trips given to the driver (requested in the last 30 days), null without any. acceptanceRate = offers accepted / offers accepted, declined or timed out (sent in the last 30 days; withdrawn and pending offers do not count), null without any.',
  access: P.viewDriver,
  parameters: { driverId: { type: 'string', description: 'The driver id' } },
  parse: (query, now) => {
    const raw = query.driverId;
    if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < 1)
      throw badRequest('"driverId" must be a driver id (a whole number)', {
        driverId: refusal('chooseA', { label: 'driver' }),
      });
    return { driverId: Number(raw), periods: driverPeriods(now, CITY.timeZone) };
  },
  async handler({ driverId, periods }, { services }) {
    const { today, weekFrom, monthFrom, last30From } = periods;
    const from = weekFrom < monthFrom ? weekFrom : monthFrom;
    const driver = await services.db.selectFrom('drivers').select('id').where('id', '=', driverId).executeTakeFirst();
    if (!driver) throw notFound(refusal('noSuch', { label: 'driver' }));
    const since = localMidnight(last30From, CITY.timeZone);
    const [takings, rates, offers] = await Promise.all([
      sql<Takings & { inWeek: boolean; inMonth: boolean }>`select day >= ${weekFrom}::date as "inWeek",
          day >= ${monthFrom}::date as "inMonth", trips::int as trips, completed::int as completed,
          fare_total_cents / 100.0 as "fareTotal", cancellation_fee_cents / 100.0 as "cancellationFee",
          commission_cents / 100.0 as commission
        from trip_driver_daily where driver_id = ${driverId} and day between ${from}::date and ${today}::date`.execute(
        services.db,
      ),
      sql<{ given: number; cancelled: number }>`select count(*)::int as given,
          (count(*) filter (where status = 'cancelled_by_driver'))::int as cancelled
        from trips where driver_id = ${driverId} and requested_at >= ${since}`.execute(services.db),
      sql<{ accepted: number; declined: number; timedOut: number }>`select
          (count(*) filter (where outcome = 'accepted'))::int as accepted,
          (count(*) filter (where outcome = 'declined'))::int as declined,
          (count(*) filter (where outcome = 'timeout'))::int as "timedOut"
        from trip_offers where driver_id = ${driverId} and sent_at >= ${since}`.execute(services.db),
    ]);
    const sum = (rows: Takings[]) => {
      const total = rows.reduce(
        (t, r) => ({
          trips: t.trips + r.trips,
          completed: t.completed + r.completed,
          fareTotal: t.fareTotal + Math.round(r.fareTotal * 100),
          cancellationFee: t.cancellationFee + Math.round(r.cancellationFee * 100),
          commission: t.commission + Math.round(r.commission * 100),
        }),
        { trips: 0, completed: 0, fareTotal: 0, cancellationFee: 0, commission: 0 },
      );
      const money = {
        fareTotal: total.fareTotal / 100,
        cancellationFee: total.cancellationFee / 100,
        commission: total.commission / 100,
      };
      return { trips: total.trips, completed: total.completed, ...money, earnings: driverEarnings(money) };
    };
    const { given, cancelled } = rates.rows[0];
    const { accepted, declined, timedOut } = offers.rows[0];
    return {
      driverId,
      timeZone: CITY.timeZone,
      currency: CITY.currency,
      week: { from: weekFrom, to: today, ...sum(takings.rows.filter((r) => r.inWeek)) },
      month: { from: monthFrom, to: today, ...sum(takings.rows.filter((r) => r.inMonth)) },
      last30Days: {
        from: last30From,
        to: today,
        given,
        cancelledByDriver: cancelled,
        cancellationRate: driverCancellationRate(given, cancelled),
        offersAccepted: accepted,
        offersDeclined: declined,
        offersTimedOut: timedOut,
        acceptanceRate: driverAcceptanceRate(accepted, declined, timedOut),
      },
    };
  },
});

export const DRIVER_QUERIES = [driverStatistics];
