import { Typography } from '@mui/material';
import { useFieldValue } from 'react-admin';
import { EmptyValue } from './EmptyValue';
import { formatMoney } from './format';

export interface KitFieldProps {
  source: string;
  /** For DataTable headers and Labeled. */
  label?: string;
}

/** An amount in the city's currency: "KES 1,234.50". */
export function MoneyField({ source }: KitFieldProps) {
  const text = formatMoney(useFieldValue({ source }));
  if (text === undefined) return <EmptyValue />;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {text}
    </Typography>
  );
}
