import { InputAdornment } from '@mui/material';
import { NumberInput, useFieldValue, type NumberInputProps } from 'react-admin';
import { CITY } from '../domain/city';
import { EmptyValue } from './EmptyValue';
import { formatPercent } from './format';
import type { KitFieldProps } from './MoneyField';
import { Typography } from '@mui/material';

/** An amount typed in the city's currency: the code before the number, cents allowed, never negative by the step. */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      step={0.01}
      {...props}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">{CITY.currency}</InputAdornment> },
      }}
    />
  );
}

/** A percentage typed from 0 to 100, the % sign after the number. */
export function PercentInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      max={100}
      step={0.01}
      {...props}
      slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
    />
  );
}

/** A percentage: "12.5 %", a dash without one. */
export function PercentField({ source }: KitFieldProps) {
  const text = formatPercent(useFieldValue({ source }));
  if (text === undefined) return <EmptyValue />;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {text}
    </Typography>
  );
}
