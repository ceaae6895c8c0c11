import { useTranslate } from 'react-admin';
import { CITY } from '../domain/city';
import { localInstant, localWallTime } from '../domain/dateRange';
import { LocalizedWallClockInput, type WallClockInputProps } from './pickers/WallClockInput';

/** The ISO instant a typed city wall-clock time names, or null when the input is cleared or incomplete. */
export function cityWallTimeToInstant(wall: string): string | null {
  return localInstant(wall, CITY.timeZone)?.toISOString() ?? null;
}

const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * The city's wall-clock time of an instant the form holds, for the input to show back. A value
 * already on the wall clock is kept (react-admin's DateTimeInput formats its value twice).
 */
export function cityWallTimeOf(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && WALL_TIME.test(value)) return value;
  const at = value instanceof Date ? value : new Date(value as string);
  return Number.isNaN(at.getTime()) ? '' : localWallTime(at, CITY.timeZone);
}

/**
 * A date and time on the city's clock (Africa/Nairobi), whatever the browser's zone: typing
 * 1 March 08:00 stores 1 March 05:00 UTC, and a stored instant shows back in city time, as
 * `DateTimeField` shows it, in the panel's language's format. The helper text says which clock unless the caller gives its own.
 */
export function CityDateTimeInput(props: Omit<WallClockInputProps, 'kind' | 'parse' | 'format'>) {
  const translate = useTranslate();
  return (
    <LocalizedWallClockInput
      helperText={translate('app.kit.cityTime', { city: CITY.name })}
      {...props}
      kind="dateTime"
      parse={(wall: string) => cityWallTimeToInstant(wall)}
      format={cityWallTimeOf}
    />
  );
}
