import { CITY } from '../domain/city';
import { addDays, localDay, localMidnight } from '../domain/dateRange';
import { LocalizedWallClockInput, type WallClockInputProps } from './pickers/WallClockInput';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a filter sends for a calendar day in the city: its first moment, or its last one. */
export function cityDayEdge(day: string, edge: 'start' | 'end'): string | null {
  if (!DAY.test(day)) return null;
  const start = edge === 'start' ? day : addDays(day, 1);
  const at = localMidnight(start, CITY.timeZone).getTime();
  return new Date(edge === 'start' ? at : at - 1).toISOString();
}

/** The city's calendar day of an instant a filter holds (the input shows it back). */
export function cityDayOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (DAY.test(value)) return value;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? '' : localDay(at, CITY.timeZone);
}

export interface CityDateInputProps extends Omit<WallClockInputProps, 'kind' | 'parse' | 'format'> {
  /** `start`: from the day's first moment (for `<field>_gte`); `end`: to its last (for `<field>_lte`). */
  edge: 'start' | 'end';
}

/**
 * A calendar day in the city's time zone (Africa/Nairobi) for a range filter on an instant:
 * picking 3 March sends 3 March 00:00 Nairobi (start) or 23:59:59.999 (end) as an ISO instant,
 * whatever the browser's zone, and the input shows the day back, in the panel's language's format.
 */
export function CityDateInput({ edge, ...props }: CityDateInputProps) {
  return (
    <LocalizedWallClockInput {...props} kind="day" parse={(day: string) => cityDayEdge(day, edge)} format={cityDayOf} />
  );
}
