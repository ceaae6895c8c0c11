import { FIRST_DAY, LAST_DAY } from '../domain/fieldRules';

/** Is a picked day (YYYY-MM-DD) inside the bounds? A typed 0202 or 20260 is not applied to a filter. */
export const withinDayBounds = (day: string) => day.length === 10 && day >= FIRST_DAY && day <= LAST_DAY;
