import { CITY } from './city';
import { changeOf } from './dashboardCards';
import { secondsText, type DurationUnits } from './durationText';
import { renderText } from './surgeWording';
import { insightMessages } from '../i18n/insightMessages';

/**
 * The trip report's comparison table (this period against the previous one), as text: one pure
 * function for the report page, its CSV and the server's PDF, so the three show the same figures
 * written the same way.
 */

export interface TripSummary {
  requested: number;
  completed: number;
  cancelled: number;
  noDriverFound: number;
  cancellationRate: number | null;
  averageDistanceKm: number | null;
  averageDurationMin: number | null;
  averageFare: number | null;
  averageAcceptSeconds: number | null;
  averagePickupWaitSeconds: number | null;
}

/** How a figure is written. */
export type TripFigureKind = 'count' | 'percent' | 'km' | 'minutes' | 'money' | 'seconds';

/** The rows of the comparison, in order; `label` is a key under app.insights.reports. */
export const TRIP_REPORT_LINES: readonly { key: keyof TripSummary; label: string; kind: TripFigureKind }[] = [
  { key: 'requested', label: 'requested', kind: 'count' },
  { key: 'completed', label: 'completed', kind: 'count' },
  { key: 'cancelled', label: 'cancelled', kind: 'count' },
  { key: 'cancellationRate', label: 'cancellationRate', kind: 'percent' },
  { key: 'averageDistanceKm', label: 'averageDistance', kind: 'km' },
  { key: 'averageDurationMin', label: 'averageDuration', kind: 'minutes' },
  { key: 'averageFare', label: 'averageFare', kind: 'money' },
  { key: 'averageAcceptSeconds', label: 'averageAccept', kind: 'seconds' },
  { key: 'averagePickupWaitSeconds', label: 'averageWait', kind: 'seconds' },
];

/** The services' PDFs write English with the company's conventions; the panel passes its language's. */
const DEFAULT_LOCALE = 'en-KE';

/** The words of the figures' units ("%{value} km", "%{value} min"…), English unless a language's are given. */
export type FigureUnits = DurationUnits & { kilometres: string };
const ENGLISH_UNITS: FigureUnits = insightMessages.reports.pdf;

/** `digits` decimals, no grouping: "3.46" (fr "3,46"), as toFixed writes them in English. */
const fixed = (value: number, digits: number, locale: string) =>
  new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(value);

/** A figure as the report writes it; "—" when there is none (no trips to average). */
export function tripFigureText(
  kind: TripFigureKind,
  value: number | null,
  locale = DEFAULT_LOCALE,
  units: FigureUnits = ENGLISH_UNITS,
): string {
  const countFormat = new Intl.NumberFormat(locale);
  const percentFormat = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const moneyFormat = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: CITY.currency,
    currencyDisplay: 'code',
  });
  if (value === null || !Number.isFinite(value)) return '—';
  switch (kind) {
    case 'count':
      return countFormat.format(value);
    case 'percent':
      return percentFormat.format(value);
    case 'km':
      return renderText(units.kilometres, { value: fixed(value, 2, locale) });
    case 'minutes':
      return renderText(units.minutes, { value: fixed(value, 1, locale) });
    case 'money':
      return moneyFormat.format(value);
    case 'seconds':
      return value < 0 ? '—' : secondsText(value, units);
  }
}

/** "▲ 12.5%", "▼ 3%", "■ 0%" (fr "▲ 12,5 %"), "▲" (from nothing), or "—" when either side is unknown. */
export function changeText(value: number | null, previous: number | null, locale = DEFAULT_LOCALE): string {
  const change = changeOf(value, previous);
  if (!change) return '—';
  const percent = (n: number) =>
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, useGrouping: false }).format(n / 100);
  if (change.direction === 'flat') return `■ ${percent(0)}`;
  const arrow = change.direction === 'up' ? '▲' : '▼';
  return change.percent === null ? arrow : `${arrow} ${percent(Math.abs(change.percent))}`;
}

export interface TripReportLine {
  key: keyof TripSummary;
  label: string;
  current: string;
  previous: string;
  change: string;
}

/** The comparison rows, labelled by `label` (a translation of the line's key). */
export function tripReportLines(
  current: TripSummary,
  previous: TripSummary,
  label: (key: string) => string,
  locale = DEFAULT_LOCALE,
  units: FigureUnits = ENGLISH_UNITS,
): TripReportLine[] {
  return TRIP_REPORT_LINES.map((line) => ({
    key: line.key,
    label: label(line.label),
    current: tripFigureText(line.kind, current[line.key], locale, units),
    previous: tripFigureText(line.kind, previous[line.key], locale, units),
    change: changeText(current[line.key], previous[line.key], locale),
  }));
}
