import { Box, MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { PAYMENT_METHODS } from '../../domain/enums';
import { addDays, GROUP_BYS, localDay, type GroupBy } from '../../domain/dateRange';
import { CITY } from '../../domain/city';
import type { ReactNode } from 'react';
import { withinDayBounds } from '../../kit/dateBounds';
import { LocalizedWallClockField } from '../../kit/pickers/WallClockField';

export interface ReportFilterValues {
  from: string;
  to: string;
  groupBy?: GroupBy;
  vehicleTypeId?: string;
  paymentMethod?: string;
}

/** Last calendar month in the city: what a finance lead closes. */
export function lastMonth(now = new Date()): { from: string; to: string } {
  const today = localDay(now, CITY.timeZone);
  const to = addDays(`${today.slice(0, 8)}01`, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** The query string of a report: empty filters left out. */
export const reportParams = (v: ReportFilterValues) =>
  Object.fromEntries(Object.entries(v).filter(([, value]) => value !== undefined && value !== ''));

/** Period (city days), grouping, vehicle type and payment method of a report. */
export function ReportFilters({
  value,
  onChange,
  show = { groupBy: true, vehicleType: true, paymentMethod: true },
  children,
}: {
  value: ReportFilterValues;
  onChange: (next: ReportFilterValues) => void;
  show?: { groupBy?: boolean; vehicleType?: boolean; paymentMethod?: boolean };
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.insights.reports.${key}`);
  const types = useGetList<{ id: number; name: string }>(
    'vehicle-types',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: show.vehicleType !== false },
  );
  const set = (patch: Partial<ReportFilterValues>) => onChange({ ...value, ...patch });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }} data-testid="report-filters">
      <LocalizedWallClockField
        kind="day"
        label={t('from')}
        value={value.from}
        onChange={(day) => withinDayBounds(day) && set({ from: day })}
      />
      <LocalizedWallClockField
        kind="day"
        label={t('to')}
        value={value.to}
        onChange={(day) => withinDayBounds(day) && set({ to: day })}
      />
      {show.groupBy && (
        <TextField
          select
          size="small"
          fullWidth={false}
          label={t('groupBy')}
          value={value.groupBy ?? 'day'}
          onChange={(e) => set({ groupBy: e.target.value as GroupBy })}
          sx={{ minWidth: 120 }}
        >
          {GROUP_BYS.map((g) => (
            <MenuItem key={g} value={g}>
              {t(g)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {show.vehicleType && (
        <TextField
          select
          size="small"
          fullWidth={false}
          label={t('vehicleType')}
          value={value.vehicleTypeId ?? ''}
          onChange={(e) => set({ vehicleTypeId: e.target.value || undefined })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {(types.data ?? []).map((vt) => (
            <MenuItem key={vt.id} value={String(vt.id)}>
              {vt.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {show.paymentMethod && (
        <TextField
          select
          size="small"
          fullWidth={false}
          label={t('paymentMethod')}
          value={value.paymentMethod ?? ''}
          onChange={(e) => set({ paymentMethod: e.target.value || undefined })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {PAYMENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {m.charAt(0).toUpperCase() + m.slice(1)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box sx={{ flex: 1 }} />
      {children}
    </Box>
  );
}
