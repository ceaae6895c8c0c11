import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { isAppLocale, intlLocaleOf, LOCALES, type AppLocale } from '../../src/domain/locales.js';
import { CITY } from '../../src/domain/city.js';
import { renderText } from '../../src/domain/surgeWording.js';
import { insightMessages as enInsight } from '../../src/i18n/insightMessages.js';
import { insightMessages as swInsight } from '../../src/i18n/sw/insightMessages.js';
import { insightMessages as frInsight } from '../../src/i18n/fr/insightMessages.js';
import { enumMessages as enEnums } from '../../src/i18n/enums.js';
import { enumMessages as swEnums } from '../../src/i18n/sw/enums.js';
import { enumMessages as frEnums } from '../../src/i18n/fr/enums.js';
import { payoutMessages as enPayouts } from '../../src/i18n/payouts.js';
import { payoutMessages as swPayouts } from '../../src/i18n/sw/payouts.js';
import { payoutMessages as frPayouts } from '../../src/i18n/fr/payouts.js';

/**
 * The language of a document the server renders (the PDF reports): `?locale=` when it names one of
 * the panel's, else the staff member's profile language, else the best of Accept-Language, else
 * English. Its words come from the panel's catalogues, so the PDF says what the screen says.
 */
export async function documentLocale(request: FastifyRequest, db: Db, staffId?: number): Promise<AppLocale> {
  const asked = (request.query as { locale?: unknown } | undefined)?.locale;
  if (isAppLocale(asked)) return asked;
  if (staffId !== undefined) {
    const staff = await db.selectFrom('staffs').select('locale').where('id', '=', staffId).executeTakeFirst();
    if (isAppLocale(staff?.locale)) return staff.locale;
  }
  return acceptedLocale(request.headers['accept-language']);
}

/** "fr-FR,fr;q=0.9,en;q=0.8" → 'fr': the first language (by q) the panel speaks; English otherwise. */
export function acceptedLocale(header: string | undefined): AppLocale {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { language: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((l) => l.language && l.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((l) => l.language).find(isAppLocale) ?? 'en';
}

/** A query's `locale` parameter, for the routes' schemas. */
export const localeParameter = { locale: { type: 'string', enum: [...LOCALES], description: 'en, sw or fr' } };

const CATALOGUES = {
  en: { insight: enInsight, enums: enEnums, payouts: enPayouts },
  sw: { insight: swInsight, enums: swEnums, payouts: swPayouts },
  fr: { insight: frInsight, enums: frEnums, payouts: frPayouts },
};

type Params = Record<string, string | number>;
/** One group of a catalogue's texts, said by key with their %{parameters}. */
const textsOf =
  <Group extends Record<string, string>>(group: Group) =>
  (key: keyof Group, params?: Params) =>
    renderText(group[key], params);

/** A document's words and formats in one language: labels, enum names, dates, numbers and money. */
export function documentWords(locale: AppLocale) {
  const { insight, enums, payouts } = CATALOGUES[locale];
  // English keeps the documents' day format ("12 Oct 2026"); the others write their own.
  const dateLocale = locale === 'en' ? 'en-GB' : intlLocaleOf(locale);
  const numbers = intlLocaleOf(locale);
  const money = new Intl.NumberFormat(numbers, { style: 'currency', currency: CITY.currency, currencyDisplay: 'code' });
  const day = new Intl.DateTimeFormat(dateLocale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(dateLocale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: CITY.timeZone,
  });
  const pdf = insight.reports.pdf;
  const longDay = new Intl.DateTimeFormat(dateLocale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const monthName = new Intl.DateTimeFormat(dateLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const utcDay = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);
  // French groups digits with a narrow no-break space, which the PDF's font (Inter's Latin subset)
  // has no glyph for: it would vanish ("409226,98"). A no-break space keeps the grouping.
  const printable = (text: string) => text.replace(/\u202f/g, '\u00a0');
  const count = new Intl.NumberFormat(numbers);
  const compact = new Intl.NumberFormat(numbers, { notation: 'compact', maximumFractionDigits: 1 });
  return {
    locale,
    /** The Intl locale of the numbers ("fr"), and the words of their units (km, min, s). */
    numbers,
    units: pdf,
    printable,
    label: insight.reports as unknown as Record<string, string>,
    pdf: textsOf(pdf),
    /** The drivers' revenue letter's words. */
    letter: textsOf(insight.letter.pdf),
    letterColumn: (key: keyof typeof insight.letter.columns) => insight.letter.columns[key],
    letterLabel: (key: 'month' | 'total' | 'reference' | 'issuedBy') => insight.letter[key],
    /** A driver's payout statement's words. */
    statement: textsOf(payouts.statementPdf),
    enumText: (group: keyof typeof enums, value: string) =>
      (enums[group] as Record<string, string> | undefined)?.[value] ?? value,
    money: (amount: number) => printable(money.format(amount)),
    count: { format: (value: number) => printable(count.format(value)) },
    compactMoney: compact,
    /** An axis number: "1.2K" (fr "1,2 k"). */
    compactNumber: (value: number) => printable(compact.format(value)),
    day: (isoDay: string) => day.format(utcDay(isoDay)),
    /** "12 October 2026" (fr "12 octobre 2026"). */
    longDay: (isoDay: string) => longDay.format(utcDay(isoDay)),
    /** A month from its first day: "October 2026" (sw "Oktoba 2026"). */
    month: (firstDay: string) => monthName.format(utcDay(firstDay)),
    time: (iso: string) => time.format(new Date(iso)),
    pageLabel: (page: number, pages: number) => renderText(pdf.page, { page, pages }),
  };
}

export type DocumentWords = ReturnType<typeof documentWords>;
