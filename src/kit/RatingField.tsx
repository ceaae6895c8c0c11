import { Rating } from '@mui/material';
import { useFieldValue } from 'react-admin';
import { EmptyValue } from './EmptyValue';
import { formatRating } from './format';
import type { KitFieldProps } from './MoneyField';

/** A rating from 0 to 5 on the half star, read only; screen readers hear "4.5 out of 5". */
export function RatingField({ source }: KitFieldProps) {
  const value: unknown = useFieldValue({ source });
  const rating = typeof value === 'string' && value !== '' ? Number(value) : value;
  if (typeof rating !== 'number' || !Number.isFinite(rating)) return <EmptyValue />;
  const shown = Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
  const label = formatRating(shown);
  return (
    <span role="img" aria-label={label} title={label} style={{ display: 'inline-flex' }}>
      <Rating value={shown} precision={0.5} readOnly size="small" aria-hidden />
    </span>
  );
}
