/**
 * Times the drivers lists and a driver's page through the API: `npm run bench:drivers
 * [-- --iterations 50]`, on the database of DATABASE_URL or DATA_DIR, normally one filled by
 * `npm run seed:scale`. Each case goes through buildApp + inject (routing, auth, validation, the
 * resource engine, the count, serialization). Every list row carries `tripsCompleted` and
 * `onlineState` (computed per row); the script also checks `tripsCompleted` against a count over
 * trips for the first page.
 */
import { sql } from 'kysely';
import { listQueryString, timeCases, withBenchApp } from './lib/injectBench.js';

await withBenchApp('backfills when new', async ({ app, handle, headers, iterations, warmup, where }) => {
  const {
    rows: [counts],
  } = await sql<{ trips: number; drivers: number }>`select (select count(*)::int from trips) trips,
    (select count(*)::int from drivers) drivers`.execute(handle.db);
  const busiest = (
    await sql<{ id: number; n: number }>`select driver_id id, count(*)::int n from trips where driver_id is not null
      group by driver_id order by n desc limit 1`.execute(handle.db)
  ).rows[0];

  const q = listQueryString;
  const list = (o: object) => `/api/user/drivers${q({ range: [0, 24], ...o })}`;
  const approved = { approvalStatus: 'approved' };

  // tripsCompleted of the first page against a count over trips.
  const page = app.inject({ method: 'GET', url: list({ sort: ['createdAt', 'DESC'], filter: approved }), headers });
  const rows = (await page).json() as { id: number; tripsCompleted: number }[];
  const truth = await sql<{ id: number; n: number }>`select d.id, (select count(*)::int from trips t
      where t.driver_id = d.id and t.status = 'completed') n from drivers d where d.id in (${sql.join(rows.map((r) => r.id))})`.execute(
    handle.db,
  );
  const wrong = rows.filter((r) => truth.rows.find((x) => x.id === r.id)?.n !== r.tripsCompleted).length;

  const cases: { name: string; url: string }[] = [
    { name: 'approved, newest first', url: list({ sort: ['createdAt', 'DESC'], filter: approved }) },
    { name: 'approved, lowest rating first', url: list({ sort: ['rating', 'ASC'], filter: approved }) },
    {
      name: 'approved, negative balance',
      url: list({ sort: ['createdAt', 'DESC'], filter: { ...approved, negativeBalance: true } }),
    },
    {
      name: 'approved, on a trip',
      url: list({ sort: ['createdAt', 'DESC'], filter: { ...approved, onlineState: 'on_trip' } }),
    },
    { name: 'approved, page 40', url: list({ sort: ['createdAt', 'DESC'], filter: approved, range: [975, 999] }) },
    {
      name: 'review queue (unapproved), oldest first',
      url: list({ sort: ['createdAt', 'ASC'], filter: { unapproved: true } }),
    },
    { name: 'q "kam"', url: list({ sort: ['createdAt', 'DESC'], filter: { q: 'kam' } }) },
    { name: `one driver (#${busiest.id}, ${busiest.n} trips)`, url: `/api/user/drivers/${busiest.id}` },
    { name: 'driver page statistics', url: `/api/trip/drivers/statistics?driverId=${busiest.id}` },
  ];

  console.log(
    `\nDrivers API on ${where}: ${counts.trips.toLocaleString('en')} trips, ${counts.drivers.toLocaleString('en')} drivers; first page tripsCompleted differing from trips: ${wrong}; ${iterations} timed calls per case\n`,
  );
  await timeCases(app, headers, cases, { warmup, iterations });
  if (wrong) process.exitCode = 1;
});
