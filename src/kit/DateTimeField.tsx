import { Typography } from '@mui/material';
import { useFieldValue } from 'react-admin';
import { EmptyValue } from './EmptyValue';
import { DATE_TIME, formatDateTime, formatRelativeTime } from './format';
import type { KitFieldProps } from './MoneyField';

export interface DateTimeFieldProps extends KitFieldProps {
  /** Intl options for the date and time (the city's time zone is always added). */
  options?: Intl.DateTimeFormatOptions;
  /** "5 min ago", with the exact time on hover. */
  relative?: boolean;
  /** Shown without a value instead of the dash, e.g. "Never". */
  emptyText?: string;
}

/** An instant in the city's time zone (Africa/Nairobi), never the browser's. */
export function DateTimeField({ source, options = DATE_TIME, relative = false, emptyText }: DateTimeFieldProps) {
  const value: unknown = useFieldValue({ source });
  const exact = formatDateTime(value, options);
  if (exact === undefined) return emptyText ? <span>{emptyText}</span> : <EmptyValue />;
  const iso = new Date(value as string).toISOString();
  return (
    <Typography component="time" variant="body2" dateTime={iso} title={relative ? exact : undefined}>
      {relative ? formatRelativeTime(value) : exact}
    </Typography>
  );
}
