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

/** A ledger amount with its sign: a green credit with a plus ("+KES 150.00"), a red debit with a minus. */
export function SignedMoneyField({ source }: KitFieldProps) {
  const value: unknown = useFieldValue({ source });
  const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return <EmptyValue />;
  return (
    <Typography
      variant="body2"
      component="span"
      color={amount < 0 ? 'error' : 'success.dark'}
      sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
    >
      {amount > 0 ? '+' : amount < 0 ? '−' : ''}
      {formatMoney(Math.abs(amount))}
    </Typography>
  );
}

/** A balance, red and bold when below zero (a driver owing commission): "-KES 80.00". */
export function BalanceField({ source }: KitFieldProps) {
  const value: unknown = useFieldValue({ source });
  const owes = typeof value === 'number' && value < 0;
  const text = formatMoney(value);
  if (text === undefined) return <EmptyValue />;
  return (
    <Typography
      component="span"
      variant="body2"
      color={owes ? 'error' : undefined}
      sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: owes ? 600 : undefined }}
    >
      {text}
    </Typography>
  );
}
