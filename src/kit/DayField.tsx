import { Typography } from '@mui/material';
import { useFieldValue } from 'react-admin';
import { EmptyValue } from './EmptyValue';
import { formatCalendarDay } from './format';
import type { KitFieldProps } from './MoneyField';

/**
 * A calendar day (`2027-03-31`, no time or zone) as the panel writes every day: "31 Mar 2027", the
 * date part of DateTimeField's "7 Dec 2026, 00:17", never the browser's `3/31/2027`.
 */
export function DayField({ source }: KitFieldProps) {
  const value: unknown = useFieldValue({ source });
  const text = formatCalendarDay(value);
  if (text === undefined) return <EmptyValue />;
  return (
    <Typography component="time" variant="body2" dateTime={String(value)}>
      {text}
    </Typography>
  );
}
