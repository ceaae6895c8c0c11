import { CITY } from '../domain/city';
import { secondsText } from '../domain/durationText';

/**
 * How the panel writes money, times, durations and distances: always in the
 * city's currency and time zone (src/domain/city.ts), never the browser's.
 */
export const CITY_LOCALE = 'en-KE';

const moneyFormat = new Intl.NumberFormat(CITY_LOCALE, {
  style: 'currency',
  currency: CITY.currency,
  currencyDisplay: 'code',
});

/** 1234.5 → "KES 1,234.50". A value that is not a finite number (or numeric text) gives undefined. */
export function formatMoney(amount: unknown): string | undefined {
  const value = typeof amount === 'string' && amount.trim() !== '' ? Number(amount) : amount;
  return typeof value === 'number' && Number.isFinite(value) ? moneyFormat.format(value) : undefined;
}

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

/** An instant as the city's clock shows it: "2 Jan 2026, 13:05" in Africa/Nairobi. */
export function formatDateTime(value: unknown, options: Intl.DateTimeFormatOptions = DATE_TIME): string | undefined {
  const date = toDate(value);
  return date && new Intl.DateTimeFormat(CITY_LOCALE, { ...options, timeZone: CITY.timeZone }).format(date);
}

/**
 * A calendar day (an expiry such as "2027-06-27", no time or zone) as the city writes it:
 * "27 Jun 2027". Anything that is not a YYYY-MM-DD day is answered as it came (or undefined).
 */
export function formatCalendarDay(day: unknown): string | undefined {
  if (typeof day !== 'string' || day === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  // Noon UTC is the same day in every zone within ±12 h, Nairobi's included.
  return formatDateTime(`${day}T12:00:00Z`, DATE_ONLY) ?? day;
}

const RELATIVE_STEPS: readonly [limitSeconds: number, unitSeconds: number, unit: string][] = [
  [3_600, 60, 'min'],
  [86_400, 3_600, 'h'],
  [30 * 86_400, 86_400, 'd'],
];

/** "just now", "5 min ago", "3 h ago", "2 d ago", "in 10 min"; beyond 30 days the date itself. */
export function formatRelativeTime(value: unknown, now: Date = new Date()): string | undefined {
  const date = toDate(value);
  if (!date) return undefined;
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  const distance = Math.abs(seconds);
  if (distance < 60) return 'just now';
  for (const [limit, unitSeconds, unit] of RELATIVE_STEPS) {
    if (distance < limit) {
      const count = Math.floor(distance / unitSeconds);
      return seconds > 0 ? `${count} ${unit} ago` : `in ${count} ${unit}`;
    }
  }
  return formatDateTime(date, DATE_ONLY);
}

/** Seconds → "45 s", "12 min", "1 h 05 min". */
export function formatDuration(seconds: unknown): string | undefined {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return secondsText(seconds);
}

const kilometres = new Intl.NumberFormat(CITY_LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Meters → "850 m" under a kilometre, else "12.4 km". */
export function formatDistance(meters: unknown): string | undefined {
  if (typeof meters !== 'number' || !Number.isFinite(meters) || meters < 0) return undefined;
  if (meters < 1000) return `${Math.round(meters)} m`;
  return `${kilometres.format(meters / 1000)} km`;
}

const percentFormat = new Intl.NumberFormat(CITY_LOCALE, { maximumFractionDigits: 2 });

/** 12.5 → "12.5 %"; a value that is not a finite number (or numeric text) gives undefined. */
export function formatPercent(value: unknown): string | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? `${percentFormat.format(n)} %` : undefined;
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
