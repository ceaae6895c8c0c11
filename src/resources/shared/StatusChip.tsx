import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

type ChipColor = NonNullable<ChipProps['color']>;

/** How each status value of the domain reads at a glance; unknown values are neutral. */
export const STATUS_COLORS: Record<string, ChipColor> = {
  active: 'success',
  approved: 'success',
  completed: 'success',
  resolved: 'success',
  inactive: 'default',
  closed: 'default',
  pending: 'warning',
  open: 'warning',
  in_progress: 'info',
  blocked: 'error',
  rejected: 'error',
  suspended: 'error',
  create: 'success',
  update: 'info',
  delete: 'error',
};

const humanize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');

export interface StatusChipProps {
  /** The record field holding the status (default `status`). */
  source?: string;
  /** Used by DataTable and Labeled for the column header. */
  label?: string;
}

/**
 * A record's status as a coloured chip; the text comes from
 * `app.common.status.<value>` when translated, else the value humanized.
 */
export function StatusChip({ source = 'status' }: StatusChipProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value: unknown = record?.[source];
  if (typeof value !== 'string' || value === '') return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[value] ?? 'default'}
      variant={STATUS_COLORS[value] === 'default' || STATUS_COLORS[value] === undefined ? 'outlined' : 'filled'}
      label={translate(`app.common.status.${value}`, { _: humanize(value) })}
      data-testid="status-chip"
    />
  );
}
