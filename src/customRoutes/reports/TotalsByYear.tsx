import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQueryModule } from '../../dataProviders/useQueryModule';
import { ErrorState, LoadingState } from '../../kit/States';
import { ReportTable, type ReportColumn } from './ReportTable';
import { QUERIES } from '../../dataProviders/calls';

export interface YearRow {
  year: number;
  newDrivers: number;
  drivers: number;
  newPassengers: number;
  passengers: number;
  trips: number;
  completed: number;
  grossFares: number;
  commission: number;
}

/**
 * Drivers and passengers totals by year (new in the year and in all by its end), with the year's
 * trips, gross fares and commission: GET /api/trip/reports/totals-by-year. Newest year first.
 */
export function TotalsByYear() {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.insights.reports.${key}`);
  const report = useQueryModule(QUERIES.reports['totals-by-year'], {});
  const rows = report.data ? [...report.data.years].reverse() : [];
  const column = (key: keyof YearRow, kind: ReportColumn<YearRow>['kind']): ReportColumn<YearRow> => ({
    key,
    header: t(`years.${key}`),
    kind,
    value: (r) => r[key],
  });
  const columns: ReportColumn<YearRow>[] = [
    { key: 'year', header: t('years.year'), kind: 'text', value: (r) => String(r.year) },
    column('newDrivers', 'count'),
    column('drivers', 'count'),
    column('newPassengers', 'count'),
    column('passengers', 'count'),
    column('trips', 'count'),
    column('completed', 'count'),
    column('grossFares', 'money'),
    column('commission', 'money'),
  ];
  return (
    <Box component="section" data-testid="totals-by-year" sx={{ mt: 4 }} aria-labelledby="totals-by-year-title">
      <Typography id="totals-by-year-title" variant="h6" component="h2">
        {t('years.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('years.explain')}
      </Typography>
      {report.isError ? (
        <ErrorState message={(report.error as Error).message} onRetry={() => report.refetch()} />
      ) : !report.data ? (
        <LoadingState />
      ) : (
        <ReportTable
          testId="totals-by-year-table"
          label={t('years.title')}
          columns={columns}
          rows={rows}
          filename="totals-by-year"
        />
      )}
    </Box>
  );
}
