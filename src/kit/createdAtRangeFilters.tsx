import { DateTimeInput } from 'react-admin';
import { DATE_TIME_BOUNDS } from './dateBounds';

/** A browser's local date and time (YYYY-MM-DDTHH:mm) as an ISO instant, or no filter when cleared. */
export const parseLocalDateTime = (value: string) => (value ? new Date(value).toISOString() : null);

/** The "from" and "to" time filters of a list on its records' creation time, bounded like every date input. */
export const createdAtRangeFilters = (fromLabel: string, toLabel: string) => [
  <DateTimeInput
    key="from"
    source="createdAt_gte"
    label={fromLabel}
    parse={parseLocalDateTime}
    slotProps={{ htmlInput: DATE_TIME_BOUNDS }}
    alwaysOn
  />,
  <DateTimeInput
    key="to"
    source="createdAt_lte"
    label={toLabel}
    parse={parseLocalDateTime}
    slotProps={{ htmlInput: DATE_TIME_BOUNDS }}
    alwaysOn
  />,
];
