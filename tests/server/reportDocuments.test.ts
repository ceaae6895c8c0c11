import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER, startApp, type TestApp } from './harness.js';
import { pdfText } from './support/pdfText.js';
import { niceTicks } from '../../server/rest/pdfChart.js';
import { tripReportLines } from '../../src/domain/tripReport.js';
import { insightMessages } from '../../src/i18n/insightMessages.js';
import { enumMessages } from '../../src/i18n/enums.js';

let t: TestApp;
let admin: string;
let dispatcher: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
  dispatcher = await t.login(DISPATCHER.email, DISPATCHER.password);
});
afterAll(() => t?.close());

const money = (n: number) =>
  new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', currencyDisplay: 'code' }).format(n);
/** The month (YYYY-MM) `n` months before this one, in Nairobi. */
const monthsAgo = (n: number) => {
  const now = new Date(Date.now() + 3 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1)).toISOString().slice(0, 7);
};
const pdfOf = (res: { rawPayload: Buffer }) => pdfText(res.rawPayload);

describe('GET /api/trip/reports/revenue/pdf', () => {
  it('streams the revenue table on screen as a PDF, with the same totals as the JSON report', async () => {
    const query = { preset: 'last30days', groupBy: 'week' };
    const json = (await t.call('GET', '/api/trip/reports/revenue', { token: admin, query })).json().data;
    const res = await t.call('GET', '/api/trip/reports/revenue/pdf', { token: admin, query });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`revenue-${json.from}-${json.to}-byPeriod.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.SAVE_PDF) writeFileSync(`${process.env.SAVE_PDF}/revenue.pdf`, res.rawPayload);
    const { text } = pdfOf(res);
    expect(text).toContain('Revenue report');
    expect(text).toContain('Ride Admin Mobility Ltd');
    expect(text).toMatch(/Page 1 of \d/);
    expect(json.totals.netFares).toBeGreaterThan(0);
    for (const key of ['grossFares', 'netFares', 'commission', 'driverEarnings'])
      expect(text, key).toContain(money(json.totals[key]));
    expect(text).toContain(json.totals.trips.toLocaleString('en-KE'));
  });

  it('speaks the staff member’s language: ?locale=, else Accept-Language, else English', async () => {
    const query = { preset: 'last30days', groupBy: 'week' };
    const json = (await t.call('GET', '/api/trip/reports/revenue', { token: admin, query })).json().data;
    const french = await t.call('GET', '/api/trip/reports/revenue/pdf', {
      token: admin,
      query: { ...query, locale: 'fr' },
    });
    expect(french.statusCode).toBe(200);
    if (process.env.SAVE_PDF) writeFileSync(`${process.env.SAVE_PDF}/revenue-fr.pdf`, french.rawPayload);
    // French groups digits with spaces (no-break ones in the PDF); compare with plain spaces.
    const plain = (s: string) => s.replace(/\s/g, ' ');
    const fr = plain(pdfOf(french).text);
    expect(fr).toContain('Rapport des revenus');
    expect(fr).toContain('Frais d’annulation');
    expect(fr).toMatch(/Page 1 sur \d/);
    const frenchMoney = new Intl.NumberFormat('fr', { style: 'currency', currency: 'KES', currencyDisplay: 'code' });
    expect(fr).toContain(plain(frenchMoney.format(json.totals.netFares)));
    expect(fr).not.toContain(money(json.totals.netFares));
    expect(fr).not.toContain('Revenue report');

    const asked = await t.call('GET', '/api/trip/reports/revenue/pdf', {
      token: admin,
      query,
      headers: { 'accept-language': 'de-DE,sw;q=0.8,en;q=0.5' },
    });
    expect(pdfOf(asked).text).toContain('Ripoti ya mapato');
    const english = await t.call('GET', '/api/trip/reports/revenue/pdf', {
      token: admin,
      query,
      headers: { 'accept-language': 'de-DE' },
    });
    expect(pdfOf(english).text).toContain('Revenue report');
  });

  it('draws the screen’s chart above the table: a bar of trips per period, to scale, and the net fares line', async () => {
    const query = { preset: 'last30days', groupBy: 'week', split: 'byVehicleType' };
    const json = (await t.call('GET', '/api/trip/reports/revenue', { token: admin, query })).json().data;
    const { contents, pages } = pdfOf(await t.call('GET', '/api/trip/reports/revenue/pdf', { token: admin, query }));
    // Legend and right-hand axis of the line, in the currency.
    expect(pages[0].split('\n')).toEqual(expect.arrayContaining(['Trips', 'Net fares', 'KES 0']));
    const rects = [...contents[0].matchAll(/^([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re$/gm)].map((m) =>
      m.slice(1).map(Number),
    );
    // Bars: narrower than a table row and not the 9 pt legend swatch.
    const bars = rects.filter(([, , w, h]) => w < 100 && !(w === 9 && h === 9));
    const trips = json.rows.map((r: { trips: number }) => r.trips).filter((n: number) => n > 0);
    expect(trips.length).toBeGreaterThan(2);
    expect(bars).toHaveLength(trips.length);
    bars.forEach(([, , , h], i) => expect(h / bars[0][3]).toBeCloseTo(trips[i] / trips[0], 3));
    // The line: one point per period, stroked through them.
    expect(contents[0].match(/ c$/gm)?.length ?? 0).toBeGreaterThanOrEqual(json.rows.length * 4); // circle marks
  });

  it('draws axes at round numbers', () => {
    expect(niceTicks(1300)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(800_000)).toEqual([0, 200_000, 400_000, 600_000, 800_000]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0.9)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('renders the payment-method split, and refuses a bad split or period with a 400', async () => {
    const query = { preset: 'last30days', split: 'byPaymentMethod' };
    const res = await t.call('GET', '/api/trip/reports/revenue/pdf', { token: admin, query });
    expect(res.statusCode).toBe(200);
    expect(pdfOf(res).text).toContain('Payment method');
    const bad = await t.call('GET', '/api/trip/reports/revenue/pdf', { token: admin, query: { split: 'byMood' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('"split" must be one of: byPeriod, byVehicleType, byPaymentMethod');
    const range = await t.call('GET', '/api/trip/reports/revenue/pdf', {
      token: admin,
      query: { from: '2026-03-10', to: '2026-03-01' },
    });
    expect(range.statusCode).toBe(400);
  });

  it('is refused to a role without view-Report', async () => {
    const res = await t.call('GET', '/api/trip/reports/revenue/pdf', { token: dispatcher, query: { preset: 'today' } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('GET /api/trip/reports/trips/pdf', () => {
  it('holds the trip report on screen: status counts, the comparison rows as the CSV writes them, demand and reasons', async () => {
    const query = { preset: 'last30days' };
    const json = (await t.call('GET', '/api/trip/reports/trips', { token: admin, query })).json().data;
    const res = await t.call('GET', '/api/trip/reports/trips/pdf', { token: admin, query });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`trips-${json.from}-${json.to}.pdf`);
    if (process.env.SAVE_PDF) writeFileSync(`${process.env.SAVE_PDF}/trips.pdf`, res.rawPayload);
    const { text, pageCount } = pdfOf(res);
    expect(text).toContain('Trip report');
    expect(text).toContain('Ride Admin Mobility Ltd');
    expect(text).toContain(`Page 1 of ${pageCount}`);
    // The comparison, row by row, as the page and its CSV write it.
    expect(json.current.requested).toBeGreaterThan(0);
    const label = (key: string) => (insightMessages.reports as unknown as Record<string, string>)[key];
    const lines = tripReportLines(json.current, json.previous, label);
    expect(lines.map((l) => l.label)).toContain('Average wait at pickup');
    const rows = text.split('\n');
    for (const line of lines) {
      const at = rows.lastIndexOf(line.label); // "Requested" is a status too, in the table before
      expect(at, line.label).toBeGreaterThan(-1);
      // ▲ ▼ ■ are drawn as shapes (Inter's Latin subset has no glyph for them); the percentage is text.
      const change = line.change.replace(/^[▲▼■] ?/, '');
      expect(rows.slice(at, at + 4)).toEqual([line.label, line.current, line.previous, change]);
    }
    // Counts by status, with their total (every request).
    const requested = json.byStatus.reduce((a: number, s: { trips: number }) => a + s.trips, 0);
    expect(requested).toBe(json.current.requested);
    // Each status named as the panel's chips name it ("Driver arrived", not "Arrived").
    const statusLabels = enumMessages.tripStatus as Record<string, string>;
    for (const s of json.byStatus) expect(text).toContain(statusLabels[s.status]);
    expect(rows[rows.indexOf('Total') + 1]).toBe(requested.toLocaleString('en-KE'));
    // Demand by hour sums to the requests; the top reason is there with its count.
    expect(json.demandByHour.reduce((a: number, b: number) => a + b, 0)).toBe(requested);
    expect(text).toContain('23:00–23:59');
    expect(json.topCancellationReasons.length).toBeGreaterThan(0);
    const top = json.topCancellationReasons[0];
    expect(rows[rows.indexOf(top.reason) + 2]).toBe(top.n.toLocaleString('en-KE'));
  });

  it('follows the filters, and refuses a bad period or filter with a 400 and a non-holder with a 403', async () => {
    const query = { preset: 'last7days', paymentMethod: 'card' };
    const json = (await t.call('GET', '/api/trip/reports/trips', { token: admin, query })).json().data;
    const res = await t.call('GET', '/api/trip/reports/trips/pdf', { token: admin, query });
    expect(res.statusCode).toBe(200);
    const { text } = pdfOf(res);
    expect(text).toContain('paid by card');
    expect(text).toContain(tripReportLines(json.current, json.previous, (k) => k)[0].current);
    for (const [q, message] of [
      [{ from: '2026-03-10', to: '2026-03-01' }, '"to" cannot be before "from"'],
      [{ preset: 'today', paymentMethod: 'gold' }, '"paymentMethod" must be one of: cash, card, wallet'],
    ] as const) {
      const bad = await t.call('GET', '/api/trip/reports/trips/pdf', { token: admin, query: q });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    const refused = await t.call('GET', '/api/trip/reports/trips/pdf', {
      token: dispatcher,
      query: { preset: 'today' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the drivers’ revenue request letter', () => {
  /** The driver with the most completed trips over the last three months. */
  async function busyDriver() {
    const { rows } = await sql<{ id: number; name: string; licence: string | null }>`
      select d.id, d.first_name || ' ' || d.last_name as name, d.licence_number as licence
      from drivers d join trip_driver_monthly m on m.driver_id = d.id
      where m.month >= ${`${monthsAgo(2)}-01`}::date group by d.id order by sum(m.completed) desc limit 1`.execute(
      t.db,
    );
    return rows[0];
  }

  it('is issued with a unique reference and renders the same document for that reference every time', async () => {
    const driver = await busyDriver();
    const body = { driverId: driver.id, fromMonth: monthsAgo(2), toMonth: monthsAgo(0) };
    const issued = await t.call('POST', '/api/trip/reports/driver-revenue-letters', { token: admin, body });
    expect(issued.statusCode, issued.body).toBe(201);
    const letter = issued.json().data;
    expect(letter.reference).toMatch(/^DRL-\d{4}-\d{6}$/);
    expect(letter.driver.name).toBe(driver.name);
    expect(letter.months).toHaveLength(3);
    expect(letter.totals.trips).toBeGreaterThan(0);
    const again = await t.call('POST', '/api/trip/reports/driver-revenue-letters', { token: admin, body });
    expect(again.json().data.reference).not.toBe(letter.reference);

    const url = `/api/trip/reports/driver-revenue-letters/${letter.reference}/pdf`;
    const first = await t.call('GET', url, { token: admin });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toContain(`${letter.reference}.pdf`);
    const { text } = pdfOf(first);
    for (const needle of [
      'To whom it may concern,',
      'Ride Admin Mobility Ltd',
      'Driver revenue statement',
      letter.reference,
      'Issued by',
      'Yours faithfully,',
      money(letter.totals.netEarnings),
      money(letter.totals.commission),
    ])
      expect(text, needle).toContain(needle);
    if (driver.licence) expect(text.replace(/\s+/g, ' ')).toContain(driver.licence);
    // A trip completed after issue changes the rollups, not the letter already issued.
    await sql`update trips set fare_total = fare_total + 100 where id = (select id from trips
      where driver_id = ${driver.id} and status = 'completed' order by requested_at desc limit 1)`.execute(t.db);
    const second = await t.call('GET', url, { token: admin });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('states net earnings that equal the wallet: its settlements for those trips plus the cash the driver collected', async () => {
    const driver = await busyDriver();
    const body = { driverId: driver.id, fromMonth: monthsAgo(3), toMonth: monthsAgo(1) };
    const letter = (await t.call('POST', '/api/trip/reports/driver-revenue-letters', { token: admin, body })).json()
      .data;
    const { rows } = await sql<{ month: string; wallet: string; cash: string; settled: number; charged: number }>`
      with tr as (
        select t.id, to_char(date_trunc('month', t.requested_at at time zone 'Africa/Nairobi'), 'YYYY-MM-DD') as month,
          t.payment_method, t.status, t.fare_total, t.cancellation_fee
        from trips t where t.driver_id = ${driver.id}
          and t.requested_at >= (${`${body.fromMonth}-01`}::date)::timestamp at time zone 'Africa/Nairobi'
          and t.requested_at < ((${`${body.toMonth}-01`}::date + interval '1 month')::date)::timestamp at time zone 'Africa/Nairobi')
      select tr.month,
        coalesce(sum(x.amount), 0)::text as wallet,
        coalesce(sum(case when tr.payment_method <> 'cash' then 0
          when tr.status = 'completed' then tr.fare_total
          when tr.status = 'cancelled_by_passenger' then tr.cancellation_fee else 0 end), 0)::text as cash,
        count(x.id)::int as settled,
        count(*) filter (where tr.status = 'completed' or (tr.status = 'cancelled_by_passenger' and tr.cancellation_fee > 0))::int as charged
      from tr left join driver_transactions x on x.trip_id = tr.id and x.kind = 'commission'
      group by 1 order by 1`.execute(t.db);
    expect(rows.length).toBeGreaterThan(0);
    let total = 0;
    for (const r of rows) {
      const m = letter.months.find((x: { month: string }) => x.month === r.month);
      // Every charged trip has its settlement in the wallet…
      expect(r.settled, r.month).toBe(r.charged);
      // …and the month's net earnings are those settlements plus the cash collected, to the cent.
      const expected = Math.round((Number(r.wallet) + Number(r.cash)) * 100);
      expect(Math.round(m.netEarnings * 100), r.month).toBe(expected);
      total += expected;
    }
    expect(Math.round(letter.totals.netEarnings * 100)).toBe(total);
  });

  it('refuses a bad request with field messages and stores nothing', async () => {
    const count = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from driver_revenue_letters`.execute(t.db)).rows[0].n;
    const before = await count();
    const cases: [object, Record<string, string>][] = [
      [{ driverId: 'x', fromMonth: monthsAgo(1), toMonth: monthsAgo(0) }, { driverId: 'Choose a driver' }],
      [{ driverId: 1, fromMonth: '2026-13', toMonth: monthsAgo(0) }, { fromMonth: 'Choose a month, like 2026-03' }],
      [
        { driverId: 1, fromMonth: monthsAgo(12), toMonth: monthsAgo(0) },
        { toMonth: 'The period may cover at most 12 months' },
      ],
      [
        { driverId: 1, fromMonth: monthsAgo(0), toMonth: monthsAgo(1) },
        { toMonth: 'The last month cannot be before the first' },
      ],
      [
        { driverId: 1, fromMonth: monthsAgo(0), toMonth: monthsAgo(-1) },
        { toMonth: 'The period cannot end after this month' },
      ],
      [{ driverId: 99999999, fromMonth: monthsAgo(1), toMonth: monthsAgo(0) }, { driverId: 'No driver with this id' }],
    ];
    const codes: (string | undefined)[] = [];
    for (const [body, errors] of cases) {
      const res = await t.call('POST', '/api/trip/reports/driver-revenue-letters', { token: admin, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual(errors);
      codes.push(res.json().codes?.toMonth?.code ?? res.json().codes?.fromMonth?.code);
    }
    // Each period message has a code, so the panel says it in the staff member's language.
    expect(codes.slice(1, 5)).toEqual(['chooseA', 'periodAtMost', 'lastMonthBeforeFirst', 'periodEndsAfterThisMonth']);
    expect(await count()).toBe(before);
    const missing = await t.call('GET', '/api/trip/reports/driver-revenue-letters/DRL-2020-999999/pdf', {
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is refused to a role without view-Report, to issue, list or download', async () => {
    const driver = await busyDriver();
    const body = { driverId: driver.id, fromMonth: monthsAgo(1), toMonth: monthsAgo(0) };
    const issued = await t.call('POST', '/api/trip/reports/driver-revenue-letters', { token: admin, body });
    const reference = issued.json().data.reference;
    const list = await t.call('GET', '/api/trip/reports/driver-revenue-letters', {
      token: admin,
      query: { driverId: String(driver.id) },
    });
    expect(list.json().data[0]).toMatchObject({ reference, fromMonth: body.fromMonth, toMonth: body.toMonth });
    for (const [method, url, opts] of [
      ['POST', '/api/trip/reports/driver-revenue-letters', { body }],
      ['GET', '/api/trip/reports/driver-revenue-letters', { query: { driverId: String(driver.id) } }],
      ['GET', `/api/trip/reports/driver-revenue-letters/${reference}/pdf`, {}],
    ] as const) {
      const res = await t.call(method, url, { token: dispatcher, ...opts });
      expect(res.statusCode, url).toBe(403);
    }
  });
});
