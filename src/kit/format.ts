import { CITY } from '../domain/city';
import { intlLocaleOf } from '../domain/locales';
import { i18nProvider } from '../i18n/i18nProvider';

/**
 * How the panel writes money, times, numbers, durations and distances: in the chosen language
 * (react-admin's locale, through Intl and the app.format keys) but always in the city's
 * currency and time zone (src/domain/city.ts), never the browser's. A language change re-renders
 * the whole panel (react-admin remounts it), so reading the locale at call time is enough.
 */
export const intlLocale = (): string => intlLocaleOf(i18nProvider.getLocale());

const t = (key: string, options: Record<string, unknown>) => i18nProvider.translate(`app.format.${key}`, options);

/** One Intl formatter per locale and options, built on first use. */
function cached<F>(make: (locale: string) => F): () => F {
  const byLocale = new Map<string, F>();
  return () => {
    const locale = intlLocale();
    let formatter = byLocale.get(locale);
    if (!formatter) byLocale.set(locale, (formatter = make(locale)));
    return formatter;
  };
}

const moneyFormat = cached(
  (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: CITY.currency, currencyDisplay: 'code' }),
);
const countFormat = cached((locale) => new Intl.NumberFormat(locale));

/** 1234.5 → "KES 1,234.50" (fr: "1 234,50 KES"). A value that is not a finite number (or numeric text) gives undefined. */
export function formatMoney(amount: unknown): string | undefined {
  const value = typeof amount === 'string' && amount.trim() !== '' ? Number(amount) : amount;
  return typeof value === 'number' && Number.isFinite(value) ? moneyFormat().format(value) : undefined;
}

/** A count as the language writes it: 12345 → "12,345" (fr: "12 345"). */
export const formatCount = (value: number): string => countFormat().format(value);

/**
 * A formatter per options object and locale: building an Intl formatter costs far more than using
 * one (a trips page writes 50 times), and callers pass module constants such as DATE_TIME.
 */
function cachedByOptions<O extends object, F>(make: (locale: string, options: O) => F): (options: O) => F {
  const byOptions = new WeakMap<O, Map<string, F>>();
  return (options) => {
    const locale = intlLocale();
    let byLocale = byOptions.get(options);
    if (!byLocale) byOptions.set(options, (byLocale = new Map()));
    let formatter = byLocale.get(locale);
    if (!formatter) byLocale.set(locale, (formatter = make(locale, options)));
    return formatter;
  };
}

const numberFormat = cachedByOptions(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);
const dateTimeFormat = cachedByOptions(
  (locale, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: CITY.timeZone, ...options }),
);

/** Any other number with its own Intl options (percent, compact…), in the chosen language. */
export const formatNumber = (value: number, options: Intl.NumberFormatOptions): string =>
  numberFormat(options).format(value);

/** The panel's one way of writing a time ("27 Nov 2026, 13:59") and a day ("27 Nov 2026"). */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
export const DATE_ONLY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * An instant as the city's clock shows it: "2 Jan 2026, 13:05" in Africa/Nairobi. `timeZone` in the
 * options overrides the city's only for values that are not instants (a UTC calendar day).
 */
export function formatDateTime(value: unknown, options: Intl.DateTimeFormatOptions = DATE_TIME): string | undefined {
  const date = toDate(value);
  return date && dateTimeFormat(options).format(date);
}

/**
 * A calendar day (an expiry such as "2027-06-27", no time or zone) as the city writes it:
 * "27 Jun 2027". Anything that is not a YYYY-MM-DD day is answered as it came (or undefined).
 */
export function formatCalendarDay(day: unknown, options: Intl.DateTimeFormatOptions = DATE_ONLY): string | undefined {
  if (typeof day !== 'string' || day === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  // Noon UTC is the same day in every zone within ±12 h, Nairobi's included.
  return formatDateTime(`${day}T12:00:00Z`, options) ?? day;
}

const RELATIVE_STEPS: readonly [limitSeconds: number, unitSeconds: number, unit: 'minutes' | 'hours' | 'days'][] = [
  [3_600, 60, 'minutes'],
  [86_400, 3_600, 'hours'],
  [30 * 86_400, 86_400, 'days'],
];

/** "just now", "5 min ago", "3 h ago", "2 d ago", "in 10 min"; beyond 30 days the date itself. */
export function formatRelativeTime(value: unknown, now: Date = new Date()): string | undefined {
  const date = toDate(value);
  if (!date) return undefined;
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  const distance = Math.abs(seconds);
  if (distance < 60) return t('justNow', {});
  for (const [limit, unitSeconds, unit] of RELATIVE_STEPS) {
    if (distance < limit) {
      const time = t(unit, { value: formatCount(Math.floor(distance / unitSeconds)) });
      return seconds > 0 ? t('ago', { time }) : t('in', { time });
    }
  }
  return formatDateTime(date, DATE_ONLY);
}

/** Seconds → "45 s", "12 min", "1 h 05 min" (src/domain/durationText.ts writes the services' English). */
export function formatDuration(seconds: unknown): string | undefined {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return undefined;
  if (seconds < 60) return t('seconds', { value: Math.round(seconds) });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('minutes', { value: minutes });
  return t('hoursMinutes', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}

const weekdayFormat = cached((locale) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }));
/** 4 January 2026, a Sunday: day 0 of the week as src/domain/surge.ts counts (0 = Sunday … 6 = Saturday). */
const A_SUNDAY = Date.UTC(2026, 0, 4);

/** A day of the week (0 = Sunday) as the language abbreviates it: "Mon" (fr: "lun."). */
export const weekdayName = (day: number): string => weekdayFormat().format(new Date(A_SUNDAY + day * 86_400_000));

/** Whole hours: "5 h". */
export const formatHours = (hours: number): string => t('hours', { value: hours });

/** Whole days and hours: "2 d 4 h", or "3 d" when the hours are 0. */
export function formatDaysHours(days: number, hours: number): string {
  return hours ? t('daysHours', { days, hours }) : t('days', { value: days });
}

/** Seconds → "42 s", "2 min 05 s", "1 h 02 min" (a time to acknowledge an alarm). */
export function formatSecondsPrecise(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 3600 && s >= 60)
    return t('minutesSeconds', { minutes: Math.floor(s / 60), seconds: String(s % 60).padStart(2, '0') });
  return formatDuration(s) ?? '';
}

const kilometres = cached(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/** Meters → "850 m" under a kilometre, else "12.4 km" (fr: "12,4 km"). */
export function formatDistance(meters: unknown): string | undefined {
  if (typeof meters !== 'number' || !Number.isFinite(meters) || meters < 0) return undefined;
  if (meters < 1000) return t('meters', { value: Math.round(meters) });
  return t('kilometres', { value: kilometres().format(meters / 1000) });
}

/** A plain decimal inside a sentence (a distance, a multiplier): 8.01 → "8.01" (fr: "8,01"). */
export const formatDecimal = (value: number, maxDigits = 2): string =>
  formatNumber(value, { maximumFractionDigits: maxDigits });

/** Kilometres as a number given in km: 3.5 → "3.5 km". */
export const formatKilometres = (km: number): string =>
  t('kilometres', { value: formatNumber(km, { maximumFractionDigits: 1 }) });

/** A speed in km/h: "42 km/h". */
export const formatSpeed = (kmh: number): string => t('speed', { value: formatCount(Math.round(kmh)) });

/** A rating as screen readers hear it: "4.5 out of 5". */
export const formatRating = (value: number): string => t('rating', { value: formatNumber(value, {}) });

const percentFormat = cached((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }));

/** 12.5 → "12.5 %"; a value that is not a finite number (or numeric text) gives undefined. */
export function formatPercent(value: unknown): string | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? t('percent', { value: percentFormat().format(n) }) : undefined;
}

/** A signed change: "+KES 15.00", "−KES 50.00", and "+6.1 %" / "−16.7 %"; zero has no sign. */
export function formatSignedMoney(amount: number): string {
  const text = formatMoney(Math.abs(amount)) ?? '';
  return amount > 0 ? `+${text}` : amount < 0 ? `−${text}` : text;
}

export function formatSignedPercent(value: number | null): string {
  if (value === null) return '—';
  const text = formatPercent(Math.abs(value)) ?? '';
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/** 'in_progress' → 'In progress', 'approve-document' → 'Approve document': a value no label names. */
export const humanize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/[_-]/g, ' ');
