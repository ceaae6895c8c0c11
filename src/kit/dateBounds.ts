import { FIRST_DAY, LAST_DAY } from '../domain/fieldRules';

/**
 * The bounds of every date input, as the browser's picker takes them (`min`/`max` attributes), so
 * that no picker offers a year the shared rules (calendarDay, boundedInstant) refuse.
 */
export const DAY_BOUNDS = { min: FIRST_DAY, max: LAST_DAY };
export const DATE_TIME_BOUNDS = { min: `${FIRST_DAY}T00:00`, max: `${LAST_DAY}T23:59` };

/** Is a picked day (YYYY-MM-DD) inside the bounds? A typed 0202 or 20260 is not applied to a filter. */
export const withinDayBounds = (day: string) => day.length === 10 && day >= FIRST_DAY && day <= LAST_DAY;
