import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { TranslateFunction } from 'ra-core';
import { ValidationError } from 'yup';
import { bidRange } from '../../domain/fare';
import { percent } from '../../domain/fieldRules';

/**
 * The message for a typed percentage, by the shared rule; empty is allowed where `optional`
 * (`required` words the empty case, e.g. "Commission is required").
 */
export function percentProblem(text: string, label: string, optional: boolean, required: string): string | undefined {
  if (text.trim() === '') return optional ? undefined : required;
  try {
    percent(label).validateSync(text.trim());
    return undefined;
  } catch (e) {
    if (e instanceof ValidationError) return e.message;
    throw e;
  }
}

/**
 * A percentage of the price settings: typed text, checked as the service checks it; `null` means
 * "the default" where `optional`. Reports its problem upward so the page can hold the save.
 */
export function PercentSetting({
  label,
  value,
  onChange,
  optional = false,
  placeholder,
  helperText,
  disabled,
  onProblem,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  optional?: boolean;
  placeholder?: string;
  helperText?: string;
  disabled?: boolean;
  onProblem: (problem: string | undefined) => void;
}) {
  const translate = useTranslate();
  const required = translate('app.priceSettings.required', { label });
  const [text, setText] = useState(value === null ? '' : String(value));
  // Follow a value changed from outside (discard), not the one this field just reported.
  useEffect(() => {
    setText((current) =>
      (current.trim() === '' ? value === null : Number(current) === value)
        ? current
        : value === null
          ? ''
          : String(value),
    );
  }, [value]);
  const problem = percentProblem(text, label, optional, required);
  useEffect(() => onProblem(problem), [problem, onProblem]);
  return (
    <TextField
      label={label}
      value={text}
      type="number"
      size="small"
      disabled={disabled}
      placeholder={placeholder}
      onChange={(e) => {
        setText(e.target.value);
        const p = percentProblem(e.target.value, label, optional, required);
        if (!p) onChange(e.target.value.trim() === '' ? null : Number(e.target.value));
      }}
      error={Boolean(problem)}
      helperText={problem ?? helperText}
      slotProps={{
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        htmlInput: { min: 0, max: 100, step: 0.5 },
      }}
      sx={{ width: 220 }}
    />
  );
}

const T = 'app.priceSettings';

/** "Offers from 80 % to 120 % of the estimate", from the bid percentage. */
export function bidSentence(translate: TranslateFunction, bidPercent: number): string {
  const { min: low, max: high } = bidRange(100, bidPercent);
  return bidPercent === 0 ? translate(`${T}.bidNone`) : translate(`${T}.bidRange`, { low, high });
}
