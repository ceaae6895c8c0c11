import { LocalizedWallClockInput, type WallClockInputProps } from './pickers/WallClockInput';

const asDay = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 10) : '');
const storedDay = (day: string): string | null => (day === '' ? null : day);

/**
 * A calendar day (YYYY-MM-DD), shown and typed in the panel's language's format and bounded like
 * the shared rule (calendarDay: 1900-01-01 … 2099-12-31): the calendar offers no year outside
 * them, and the form's schema says so for a typed one.
 */
export function DayInput(props: Omit<WallClockInputProps, 'kind' | 'parse' | 'format'>) {
  return <LocalizedWallClockInput {...props} kind="day" parse={storedDay} format={asDay} />;
}
