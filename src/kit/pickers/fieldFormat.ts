/**
 * The format a date field shows and takes, as dayjs tokens, in the order and with the separators
 * the language writes a short date with (Intl, the same source as the panel's other dates), so
 * en-KE, fr and sw-KE show 03/03/2026 and a language that writes 2026-03-03 shows that.
 */
const TOKENS: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
  day: 'DD',
  month: 'MM',
  year: 'YYYY',
  hour: 'HH',
  minute: 'mm',
  dayPeriod: 'A',
};

/** Bidirectional marks (U+200E, U+200F, U+061C) that Intl puts in separators: not typable. */
const MARKS = /[\u200e\u200f\u061c]/g;
/** No-break spaces (U+00A0, U+202F, as in "08:05 AM"): a plain space in a field. */
const SPACES = /[\u00a0\u202f]/g;

function formatOf(intlLocale: string, options: Intl.DateTimeFormatOptions, twelveHour: boolean): string {
  const parts = new Intl.DateTimeFormat(intlLocale, options).formatToParts(new Date(Date.UTC(2026, 2, 3, 8, 5)));
  return parts
    .map(({ type, value }) => {
      if (type === 'literal') return `[${value.replace(MARKS, '').replace(SPACES, ' ').replace(/[\]]/g, '')}]`;
      if (type === 'hour' && twelveHour) return 'hh';
      return TOKENS[type] ?? '';
    })
    .join('')
    .replace(/\[\]/g, '');
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' };
const MONTH: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', timeZone: 'UTC' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' };

/** A format with the language's clock: 24 h, or 12 h with a day period (AM/PM). */
function withClock(intlLocale: string, options: Intl.DateTimeFormatOptions): string {
  const twelveHour = new Intl.DateTimeFormat(intlLocale, options).resolvedOptions().hour12 === true;
  return formatOf(intlLocale, options, twelveHour);
}

/** A calendar day's field format in a language, e.g. `DD[/]MM[/]YYYY`. */
export const dayFieldFormat = (intlLocale: string): string => formatOf(intlLocale, DAY, false);

/** A date and time's field format: the language's order, its clock (24 h or with a day period). */
export const dateTimeFieldFormat = (intlLocale: string): string => withClock(intlLocale, { ...DAY, ...CLOCK });

/** A calendar month's field format, e.g. `MM[/]YYYY`. */
export const monthFieldFormat = (intlLocale: string): string => formatOf(intlLocale, MONTH, false);

/** A time of day's field format, e.g. `HH[:]mm` (or `hh[:]mm[ ]A` where the language says AM/PM). */
export const timeFieldFormat = (intlLocale: string): string => withClock(intlLocale, CLOCK);
