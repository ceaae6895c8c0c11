/**
 * Times the passengers list and a passenger's trip history through the API:
 * `npm run bench:passengers [-- --iterations 50]`, on the database of
 * DATABASE_URL or DATA_DIR, normally one filled by `npm run seed:scale`.
 * Each case goes through buildApp + inject (routing, auth, validation, the
 * resource engine, the count, serialization). It also checks that the
 * statistics the triggers keep on passengers equal an aggregate over trips.
 */
import { sql } from 'kysely';
import { listQueryString, timeCases, withBenchApp } from './lib/injectBench.js';

await withBenchApp("the statistics' backfill when new", async ({ app, handle, headers, iterations, warmup, where }) => {
  const {
    rows: [counts],
  } = await sql<{ trips: number; passengers: number }>`select (select count(*)::int from trips) trips,
    (select count(*)::int from passengers) passengers`.execute(handle.db);
  const {
    rows: [drift],
  } = await sql<{ n: number }>`select count(*)::int n from passengers p left join (
      select passenger_id, count(*) n, count(*) filter (where status = 'completed') c,
        count(*) filter (where status = 'cancelled_by_passenger') x,
        sum(case when status = 'completed' then fare_total else 0 end + cancellation_fee) s, max(requested_at) l
      from trips group by passenger_id) t on t.passenger_id = p.id
    where p.trips_count <> coalesce(t.n, 0) or p.completed_trips <> coalesce(t.c, 0)
      or p.passenger_cancellations <> coalesce(t.x, 0) or p.total_spent <> coalesce(t.s, 0)
      or p.last_trip_at is distinct from t.l`.execute(handle.db);
  const busiest = await handle.db
    .selectFrom('passengers')
    .select('id')
    .orderBy('tripsCount', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const typical = await handle.db
    .selectFrom('passengers')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

  const q = listQueryString;
  const list = (o: object) => `/api/user/passengers${q({ range: [0, 24], ...o })}`;
  const cases: { name: string; url: string }[] = [
    { name: 'first page, newest first', url: list({ sort: ['createdAt', 'DESC'] }) },
    { name: 'most trips completed first', url: list({ sort: ['completedTrips', 'DESC'] }) },
    { name: 'latest trip first', url: list({ sort: ['lastTripAt', 'DESC'] }) },
    { name: 'lowest rating first', url: list({ sort: ['rating', 'ASC'] }) },
    { name: 'status blocked', url: list({ sort: ['createdAt', 'DESC'], filter: { status: 'blocked' } }) },
    { name: 'has an open issue', url: list({ sort: ['createdAt', 'DESC'], filter: { hasOpenIssue: true } }) },
    {
      name: 'joined in the last 90 days',
      url: list({ sort: ['createdAt', 'DESC'], filter: { createdAt_gte: new Date(Date.now() - 90 * 86400_000) } }),
    },
    { name: 'q "wanj" (name, phone, email)', url: list({ sort: ['createdAt', 'DESC'], filter: { q: 'wanj' } }) },
    { name: 'page 1,000 by trips completed', url: list({ sort: ['completedTrips', 'DESC'], range: [24_975, 24_999] }) },
    {
      name: `trip history, busiest passenger (#${busiest.id})`,
      url: `/api/trip/trips${q({ sort: ['requestedAt', 'DESC'], range: [0, 9], filter: { passengerId: busiest.id } })}`,
    },
    {
      name: `trip history, a scale passenger (#${typical.id})`,
      url: `/api/trip/trips${q({ sort: ['requestedAt', 'DESC'], range: [0, 9], filter: { passengerId: typical.id } })}`,
    },
    { name: 'one passenger', url: `/api/user/passengers/${busiest.id}` },
  ];

  console.log(
    `\nPassengers API on ${where}: ${counts.trips.toLocaleString('en')} trips, ${counts.passengers.toLocaleString('en')} passengers; statistics drifting from trips: ${drift.n}; ${iterations} timed calls per case\n`,
  );
  await timeCases(app, headers, cases, { warmup, iterations });
});
