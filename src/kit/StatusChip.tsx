import { Chip } from '@mui/material';
import { useFieldValue, useTranslate } from 'react-admin';
import { statusColor, type StatusEnumName } from '../domain/statusPalettes';
import { enumLabelKey } from './enumChoices';
import { humanize } from './format';

export interface StatusChipProps {
  /** The status enum, whose palette (src/domain/statusPalettes.ts) colours the chip. */
  palette: StatusEnumName;
  /** The record field holding the status (default `status`). */
  source?: string;
  /** For DataTable headers and Labeled. */
  label?: string;
  /** The value itself, when it is not a record field (worked out from the record). */
  value?: string;
}

/** A record's status as a chip coloured by its enum's palette, labelled from `app.enums.<palette>.<value>`. */
export function StatusChip({ palette, source = 'status', value: given }: StatusChipProps) {
  const translate = useTranslate();
  const field: unknown = useFieldValue({ source });
  const value = given ?? field;
  if (typeof value !== 'string' || value === '') return null;
  const color = statusColor(palette, value);
  return (
    <Chip
      size="small"
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      label={translate(enumLabelKey(palette, value), { _: humanize(value) })}
      data-testid="status-chip"
      data-color={color}
    />
  );
}
