import { DateInput, type DateInputProps } from 'react-admin';
import { DAY_BOUNDS } from './dateBounds';

/**
 * A calendar-day input bounded like the shared rule (calendarDay: 1900-01-01 … 2099-12-31), so the
 * browser's picker offers no year outside them; the form's schema says so for a typed one.
 */
export function DayInput(props: DateInputProps) {
  return <DateInput {...props} slotProps={{ htmlInput: DAY_BOUNDS }} />;
}
