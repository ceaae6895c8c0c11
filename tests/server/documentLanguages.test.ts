import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { pdfText } from './support/pdfText.js';
import { mondayOf, weekFrom } from '../../src/domain/payouts.js';
import { tripReportLines } from '../../src/domain/tripReport.js';
import { insightMessages as frInsight } from '../../src/i18n/fr/insightMessages.js';
import { insightMessages as swInsight } from '../../src/i18n/sw/insightMessages.js';
import { enumMessages as frEnums } from '../../src/i18n/fr/enums.js';
import { enumMessages as swEnums } from '../../src/i18n/sw/enums.js';
import type { PayoutBatch } from '../../src/resources/payout-batches/types.js';

/**
 * The trip report, the drivers' revenue letter and the payout statement in French and Swahili:
 * the words, numbers, money, days and page numbers of the staff member's language, chosen as the
 * revenue report chooses it (?locale=, the profile, Accept-Language, then English). The English
 * documents are tested in reportDocuments.test.ts and payouts.test.ts.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

/** French groups digits with (no-break) spaces: compare with plain ones. */
const plain = (s: string) => s.replace(/[^\S\n]/g, ' ');
const textOf = (res: { statusCode: number; rawPayload: Buffer }, name: string) => {
  expect(res.statusCode).toBe(200);
  if (process.env.SAVE_PDF) writeFileSync(`${process.env.SAVE_PDF}/${name}.pdf`, res.rawPayload);
  return plain(pdfText(res.rawPayload).text);
};
const moneyIn = (locale: string) => (n: number) =>
  plain(new Intl.NumberFormat(locale, { style: 'currency', currency: 'KES', currencyDisplay: 'code' }).format(n));
const dayIn = (locale: string, options: Intl.DateTimeFormatOptions) => (iso: string) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const shortDay = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const LANGUAGES = {
  fr: { intl: 'fr', insight: frInsight, enums: frEnums },
  sw: { intl: 'sw-KE', insight: swInsight, enums: swEnums },
};
/** Sets the admin's profile language (null: none chosen). */
const profileLanguage = (locale: string | null) =>
  sql`update staffs set locale = ${locale} where email = 'admin@example.com'`.execute(t.db);

describe('the trip report PDF in the staff member’s language', () => {
  it.each([
    ['fr', { query: { locale: 'fr' } }, 'Rapport des courses', /Page 1 sur \d/],
    ['sw', { headers: { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' } }, 'Ripoti ya safari', /Ukurasa 1 kati ya \d/],
  ] as const)('%s: labels, statuses, the comparison rows, days and page numbers', async (lang, how, title, page) => {
    const { intl, insight, enums } = LANGUAGES[lang];
    const query = { preset: 'last30days' };
    const json = (await t.call('GET', '/api/trip/reports/trips', { token: admin, query })).json().data;
    const res = await t.call('GET', '/api/trip/reports/trips/pdf', {
      token: admin,
      query: { ...query, ...('query' in how ? how.query : {}) },
      headers: 'headers' in how ? how.headers : {},
    });
    const text = textOf(res, `trips-${lang}`);
    const words = insight.reports;
    for (const needle of [title, words.byStatus, words.demandByHour, words.pdf.change, words.pdf.share])
      expect(text, needle).toContain(needle);
    expect(text).toMatch(page);
    const day = dayIn(intl, shortDay);
    expect(text).toContain(`${day(json.from)} – ${day(json.to)}`);
    for (const s of json.byStatus) expect(text).toContain((enums.tripStatus as Record<string, string>)[s.status]);
    // The comparison, row by row, with the language's decimals and units.
    const label = (key: string) => (words as unknown as Record<string, string>)[key];
    const lines = tripReportLines(json.current, json.previous, label, intl, words.pdf);
    // A long label wraps in its cell: read the text as one line.
    const flat = text.replace(/ ?\n/g, ' ');
    for (const line of lines) {
      const cells = [line.label, line.current, line.previous, line.change.replace(/^[▲▼■] ?/, '')].map(plain);
      expect(flat).toContain(cells.join(' '));
    }
    const duration = lines.find((l) => l.key === 'averageDurationMin')!.current;
    expect(duration).toMatch(lang === 'fr' ? /^\d+,\d min$/ : /^dak \d+\.\d$/);
    for (const english of ['Trip report', 'Average wait at pickup', 'Page 1 of']) expect(text).not.toContain(english);
    // Column headers, whole cells (a cancellation reason is the passenger's own words: "Changed my plans").
    for (const english of ['Change', 'Share', 'Hour', 'Trips']) expect(text.split('\n')).not.toContain(english);
  });
});

describe('the drivers’ revenue letter in the staff member’s language', () => {
  it('follows the profile (French), and ?locale= before it (Swahili)', async () => {
    const month = (n: number) => {
      const now = new Date(Date.now() + 3 * 3600_000);
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1)).toISOString().slice(0, 7);
    };
    const { rows } = await sql<{ id: number }>`select driver_id as id from trip_driver_monthly
      where month >= ${`${month(2)}-01`}::date group by driver_id order by sum(completed) desc limit 1`.execute(t.db);
    const body = { driverId: rows[0].id, fromMonth: month(2), toMonth: month(1) };
    const issued = await t.call('POST', '/api/trip/reports/driver-revenue-letters', { token: admin, body });
    expect(issued.statusCode, issued.body).toBe(201);
    const letter = issued.json().data;
    const url = `/api/trip/reports/driver-revenue-letters/${letter.reference}/pdf`;
    await profileLanguage('fr');
    try {
      const fr = textOf(await t.call('GET', url, { token: admin }), 'letter-fr');
      const frDay = dayIn('fr', { day: 'numeric', month: 'long', year: 'numeric' });
      const frMonth = dayIn('fr', { month: 'long', year: 'numeric' });
      for (const needle of [
        'À qui de droit,',
        'Attestation de revenus',
        'Date d’émission',
        `Du ${frDay(letter.period.fromDay)} au ${frDay(letter.period.toDay)}`,
        moneyIn('fr')(letter.totals.netEarnings),
        moneyIn('fr')(letter.totals.commission),
        frMonth(letter.months[0].month),
        'Gains nets',
        `Référence ${letter.reference}`,
        'Page 1 sur 1',
      ])
        expect(fr.replace(/\n/g, ' '), needle).toContain(needle);
      expect(fr).not.toContain('To whom it may concern');

      const sw = textOf(await t.call('GET', url, { token: admin, query: { locale: 'sw' } }), 'letter-sw');
      const swMonth = dayIn('sw-KE', { month: 'long', year: 'numeric' });
      for (const needle of [
        'Kwa anayehusika,',
        'Taarifa ya mapato ya dereva',
        'Wako mwaminifu,',
        'Mapato halisi',
        swMonth(letter.months[1].month),
        moneyIn('sw-KE')(letter.totals.netEarnings),
        'Ukurasa 1 kati ya 1',
      ])
        expect(sw.replace(/\n/g, ' '), needle).toContain(needle);
      expect(sw).not.toContain('Attestation');
    } finally {
      await profileLanguage(null);
    }
  });
});

describe('the payout statement in the staff member’s language', () => {
  it('writes the week, the figures and the batch in French and in Swahili', async () => {
    const last = await t.db
      .selectFrom('trips')
      .select(sql<Date>`max(completed_at)`.as('at'))
      .executeTakeFirstOrThrow();
    // The last full week of the demo's trips.
    const week = weekFrom(mondayOf(new Date(new Date(last.at).getTime() - 7 * 86400_000))).start;
    const prepared = await t.call('POST', '/api/trip/payout-batches/prepare', {
      token: admin,
      body: { periodStart: week },
    });
    expect(prepared.statusCode, prepared.body).toBe(201);
    const batch = prepared.json().data as PayoutBatch;
    const line = batch.lines.find((l) => l.amount > 0)!;
    const url = `/api/trip/payout-batches/${batch.id}/statements/${line.driverId}.pdf`;

    const fr = textOf(await t.call('GET', url, { token: admin, query: { locale: 'fr' } }), 'statement-fr');
    const frMoney = moneyIn('fr');
    const frDay = dayIn('fr', shortDay);
    expect(fr).toContain(`Relevé du chauffeur, semaine du ${frDay(week)}`);
    expect(fr).toContain(`Solde de clôture\n${frMoney(line.closing)}`);
    expect(fr).toContain(`Courses versées au portefeuille\n${frMoney(line.tripNet)}`);
    expect(fr).toContain(`Ce lot verse ${frMoney(line.amount)}.`);
    expect(fr).toContain(`n° ${batch.id} (à vérifier)`);
    expect(fr).toMatch(/Page 1 sur 1/);

    const sw = textOf(await t.call('GET', url, { token: admin, headers: { 'accept-language': 'sw' } }), 'statement-sw');
    const swMoney = moneyIn('sw-KE');
    expect(sw).toContain(`Taarifa ya dereva, wiki ya ${dayIn('sw-KE', shortDay)(week)}`);
    expect(sw).toContain(`Salio la mwisho\n${swMoney(line.closing)}`);
    expect(sw).toContain(`Kundi hili linalipa ${swMoney(line.amount)}.`);
    expect(sw).toContain('(ya kukaguliwa)');
    for (const english of ['Driver statement', 'Closing balance', 'This batch pays']) {
      expect(fr).not.toContain(english);
      expect(sw).not.toContain(english);
    }
  });
});
