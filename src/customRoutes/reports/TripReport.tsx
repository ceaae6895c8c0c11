import { Box, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { RecordContextProvider, useTranslate } from 'react-admin';
import { useQueryModule } from '../../dataProviders/useQueryModule';
import { tripReportLines, type FigureUnits, type TripReportLine, type TripSummary } from '../../domain/tripReport';
import { LazyBarChart } from '../../kit/charts';
import { intlLocale } from '../../kit/format';
import { StatusChip } from '../../kit/StatusChip';
import { ErrorState, LoadingState } from '../../kit/States';
import { PageCard } from '../PageCard';
import { PdfDownloadButton } from './PdfDownloadButton';
import { lastMonth, reportParams, ReportFilters, type ReportFilterValues } from './ReportFilters';
import { formatCell, ReportTable, type ReportColumn } from './ReportTable';
import { DOWNLOADS, QUERIES } from '../../dataProviders/calls';

export interface TripReportData {
  from: string;
  to: string;
  previousPeriod: { from: string; to: string };
  byStatus: { status: string; trips: number }[];
  current: TripSummary;
  previous: TripSummary;
  topCancellationReasons: { reason: string; status: string; n: number }[];
  demandByHour: number[];
}

/** /reports/trip: counts by status, cancellations, averages against the previous period, demand by hour. */
export default function TripReport() {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.insights.reports.${key}`);
  const [filters, setFilters] = useState<ReportFilterValues>(lastMonth());
  const report = useQueryModule(QUERIES.reports.trips, reportParams(filters));
  const data = report.data;
  // The same lines, written the same way, as the CSV and the server's PDF (src/domain/tripReport.ts).
  // The units' templates in the language ("dak %{value}" in Swahili), as the PDF takes them.
  const unit = (key: keyof FigureUnits) => translate(`app.format.${key}`);
  const units: FigureUnits = {
    seconds: unit('seconds'),
    minutes: unit('minutes'),
    hoursMinutes: unit('hoursMinutes'),
    kilometres: unit('kilometres'),
  };
  const lines = data ? tripReportLines(data.current, data.previous, t, intlLocale(), units) : [];
  const columns: ReportColumn<TripReportLine>[] = [
    { key: 'label', header: '', kind: 'text', value: (r) => r.label },
    { key: 'current', header: t('current'), kind: 'text', value: (r) => r.current },
    { key: 'previous', header: t('previous'), kind: 'text', value: (r) => r.previous },
    { key: 'change', header: '', kind: 'text', value: (r) => r.change },
  ];
  return (
    <PageCard title={translate('app.pages.tripReport')} testId="trip-report">
      <ReportFilters value={filters} onChange={setFilters} show={{ vehicleType: true, paymentMethod: true }} />
      {report.isError ? (
        <ErrorState message={(report.error as Error).message} onRetry={() => report.refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' } }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('byStatus')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }} data-testid="status-counts">
                {data.byStatus.map((s) => (
                  <Box key={s.status} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <RecordContextProvider value={{ id: s.status, status: s.status }}>
                      <StatusChip palette="tripStatus" />
                    </RecordContextProvider>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {formatCell('count', s.trips)}
                    </Typography>
                  </Box>
                ))}
              </Box>
              <ReportTable
                testId="trip-comparison"
                label={t('byStatus')}
                columns={columns}
                rows={lines}
                filename={`trips-${data.from}-${data.to}`}
                actions={
                  <PdfDownloadButton
                    call={DOWNLOADS.reports['trips-pdf']}
                    params={reportParams(filters)}
                    filename={`trips-${data.from}-${data.to}.pdf`}
                    testId="trip-pdf"
                  />
                }
              />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('demandByHour')}
              </Typography>
              <LazyBarChart
                height={240}
                xAxis={[{ scaleType: 'band', data: data.demandByHour.map((_, h) => String(h).padStart(2, '0')) }]}
                series={[{ data: data.demandByHour, label: t('trips') }]}
              />
              <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
                {t('topReasons')}
              </Typography>
              <ReportTable
                testId="cancellation-reasons"
                label={t('topReasons')}
                columns={[
                  { key: 'reason', header: t('reason'), kind: 'text', value: (r) => r.reason },
                  { key: 'status', header: t('status'), kind: 'text', value: (r) => r.status.replace(/_/g, ' ') },
                  { key: 'n', header: t('trips'), kind: 'count', value: (r) => r.n },
                ]}
                rows={data.topCancellationReasons}
                filename={`cancellation-reasons-${data.from}-${data.to}`}
              />
            </CardContent>
          </Card>
        </Box>
      )}
    </PageCard>
  );
}
