import { LocalizedWallClockInput } from './pickers/WallClockInput';

/** A browser's local date and time (YYYY-MM-DDTHH:mm) as an ISO instant, or no filter when cleared. */
export const parseLocalDateTime = (value: string) => (value ? new Date(value).toISOString() : null);

const pad = (n: number) => String(n).padStart(2, '0');

/** The browser's local date and time (YYYY-MM-DDTHH:mm) of the instant a filter holds, for the field to show back. */
export function localDateTimeOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * The "from" and "to" time filters of a list on its records' creation time, in the panel's
 * language's format and bounded like every date field. They keep the native input's meaning: the
 * browser's local time.
 */
export const createdAtRangeFilters = (fromLabel: string, toLabel: string) => [
  <LocalizedWallClockInput
    key="from"
    kind="dateTime"
    source="createdAt_gte"
    label={fromLabel}
    format={localDateTimeOf}
    parse={parseLocalDateTime}
    alwaysOn
  />,
  <LocalizedWallClockInput
    key="to"
    kind="dateTime"
    source="createdAt_lte"
    label={toLabel}
    format={localDateTimeOf}
    parse={parseLocalDateTime}
    alwaysOn
  />,
];
