import { Box, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQueryModule } from '../../dataProviders/useQueryModule';
import { LazyComboChart } from '../../kit/charts';
import { ChartSkeleton } from '../../kit/charts/ChartSkeleton';
import { formatCalendarDay, formatCount, formatMoney } from '../../kit/format';
import { ErrorState, LoadingState } from '../../kit/States';
import { PageCard } from '../PageCard';
import { lastMonth, reportParams, ReportFilters, type ReportFilterValues } from './ReportFilters';
import { PdfDownloadButton } from './PdfDownloadButton';
import { ReportTable, type ReportColumn } from './ReportTable';
import { TotalsByYear } from './TotalsByYear';
import { DOWNLOADS, QUERIES } from '../../dataProviders/calls';

interface Money {
  trips: number;
  grossFares: number;
  discounts: number;
  netFares: number;
  commission: number;
  cancellationFees: number;
  driverEarnings: number;
}
export interface Revenue {
  from: string;
  to: string;
  rows: ({ bucket: string } & Money)[];
  totals: Money;
  byVehicleType: ({ vehicleTypeId: number; name: string } & Money)[];
  byPaymentMethod: ({ paymentMethod: string } & Money)[];
}
type Row = Money & { label: string };

const SPLITS = ['byPeriod', 'byVehicleType', 'byPaymentMethod'] as const;
const dayLabel = (day: string) => formatCalendarDay(day) ?? day;

/** /reports/revenue: money per period, with totals, a chart, splits and CSV of what is on screen. */
export default function RevenueReport() {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.insights.reports.${key}`);
  const [filters, setFilters] = useState<ReportFilterValues>({ ...lastMonth(), groupBy: 'day' });
  const [split, setSplit] = useState<(typeof SPLITS)[number]>('byPeriod');
  const report = useQueryModule(QUERIES.reports.revenue, reportParams(filters));
  const data = report.data;
  const rows: Row[] = !data
    ? []
    : split === 'byPeriod'
      ? data.rows.map((r) => ({ ...r, label: dayLabel(r.bucket) }))
      : split === 'byVehicleType'
        ? data.byVehicleType.map((r) => ({ ...r, label: r.name }))
        : data.byPaymentMethod.map((r) => ({
            ...r,
            label: r.paymentMethod.charAt(0).toUpperCase() + r.paymentMethod.slice(1),
          }));
  const money = (key: keyof Money): ReportColumn<Row> => ({ key, header: t(key), kind: 'money', value: (r) => r[key] });
  const columns: ReportColumn<Row>[] = [
    {
      key: 'label',
      header: split === 'byPeriod' ? t('period') : t(split === 'byVehicleType' ? 'vehicleType' : 'paymentMethod'),
      kind: 'text',
      value: (r) => r.label,
    },
    { key: 'trips', header: t('trips'), kind: 'count', value: (r) => r.trips },
    money('grossFares'),
    money('discounts'),
    money('netFares'),
    money('commission'),
    money('cancellationFees'),
    money('driverEarnings'),
  ];
  return (
    <PageCard title={translate('app.pages.revenueReport')} testId="revenue-report">
      <ReportFilters value={filters} onChange={setFilters} />
      {report.isError ? (
        <ErrorState message={(report.error as Error).message} onRetry={() => report.refetch()} />
      ) : !data ? (
        <>
          <ChartSkeleton height={260} label={translate('app.chart.loading')} />
          <LoadingState />
        </>
      ) : (
        <>
          <LazyComboChart
            height={260}
            labels={data.rows.map((r) => dayLabel(r.bucket))}
            bars={{
              label: t('trips'),
              data: data.rows.map((r) => r.trips),
              format: (v) => formatCount(v ?? 0),
            }}
            line={{ label: t('netFares'), data: data.rows.map((r) => r.netFares), format: (v) => formatMoney(v) ?? '' }}
          />
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}>
            <Tabs value={split} onChange={(_, v) => setSplit(v)} aria-label={t('split')}>
              {SPLITS.map((s) => (
                <Tab key={s} value={s} label={t(s)} />
              ))}
            </Tabs>
          </Box>
          <ReportTable
            testId="revenue-table"
            label={t(split)}
            columns={columns}
            rows={rows}
            totals={{ ...data.totals, label: t('total') }}
            filename={`revenue-${data.from}-${data.to}-${split}`}
            actions={
              <PdfDownloadButton
                call={DOWNLOADS.reports['revenue-pdf']}
                params={{ ...reportParams(filters), split }}
                filename={`revenue-${data.from}-${data.to}-${split}.pdf`}
                disabled={!rows.length}
                testId="revenue-pdf"
              />
            }
          />
        </>
      )}
      <TotalsByYear />
    </PageCard>
  );
}
