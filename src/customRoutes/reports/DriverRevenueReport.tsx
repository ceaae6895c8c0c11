import { Box, Link as MuiLink } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { useQueryModule } from '../../dataProviders/useQueryModule';
import { ErrorState, LoadingState } from '../../kit/States';
import { PageCard } from '../PageCard';
import { walletPath } from '../../resources/driver-transactions/walletPath';
import { lastMonth, reportParams, ReportFilters, type ReportFilterValues } from './ReportFilters';
import { ReportTable, type ReportColumn } from './ReportTable';
import { QUERIES } from '../../dataProviders/calls';

interface DriverRow {
  driverId: number;
  name: string;
  vehicleTypeName: string | null;
  trips: number;
  completed: number;
  grossFares: number;
  commission: number;
  netEarnings: number;
  balance: number | null;
}
export interface DriverRevenue {
  from: string;
  to: string;
  page: number;
  perPage: number | null;
  /** The page's drivers (every driver when perPage is null). */
  rows: DriverRow[];
  /** Over every driver with trips in the period, not only the page. */
  totals: {
    drivers: number;
    trips: number;
    completed: number;
    grossFares: number;
    commission: number;
    netEarnings: number;
  };
}

/** Drivers per page; the server sorts and pages, the CSV holds every driver. */
const PER_PAGE = 25;

/** The driver's wallet: their transactions. */

/**
 * /revenues: each driver's trips, fares, commission, net earnings and balance; sorted and paged
 * by the server (25 a page, totals over every driver); CSV of every driver.
 */
export default function DriverRevenueReport() {
  const translate = useTranslate();
  const dataProvider = usePanelDataProvider();
  const t = (key: string, options?: object) => translate(`app.insights.reports.${key}`, options);
  const [filters, setFiltersState] = useState<ReportFilterValues>(lastMonth());
  const [sort, setSortState] = useState<{ key: string; order: 'ASC' | 'DESC' }>({
    key: 'netEarnings',
    order: 'DESC',
  });
  const [page, setPage] = useState(1);
  // A new period or order starts again at the first page.
  const setFilters = (value: ReportFilterValues) => {
    setFiltersState(value);
    setPage(1);
  };
  const setSort = (update: (s: typeof sort) => typeof sort) => {
    setSortState(update);
    setPage(1);
  };
  const params = { ...reportParams(filters), sort: sort.key, order: sort.order };
  const report = useQueryModule(
    QUERIES.reports['driver-revenue'],
    { ...params, page, perPage: PER_PAGE },
    { keepPrevious: true },
  );
  const data = report.data;
  const exportRows = async () =>
    (await dataProvider.query(QUERIES.reports['driver-revenue'], params, { silent: true })).data.rows;
  const columns: ReportColumn<DriverRow>[] = [
    {
      key: 'name',
      header: t('driver'),
      kind: 'text',
      sortable: true,
      value: (r) => r.name,
      render: (r) => (
        <MuiLink component={Link} to={walletPath(r.driverId)}>
          {r.name}
        </MuiLink>
      ),
    },
    { key: 'vehicle', header: t('vehicle'), kind: 'text', value: (r) => r.vehicleTypeName ?? '' },
    { key: 'trips', header: t('trips'), kind: 'count', sortable: true, value: (r) => r.trips },
    { key: 'completed', header: t('completed'), kind: 'count', value: (r) => r.completed },
    { key: 'grossFares', header: t('grossFares'), kind: 'money', sortable: true, value: (r) => r.grossFares },
    { key: 'commission', header: t('commission'), kind: 'money', sortable: true, value: (r) => r.commission },
    { key: 'netEarnings', header: t('netEarnings'), kind: 'money', sortable: true, value: (r) => r.netEarnings },
    { key: 'balance', header: t('balance'), kind: 'money', sortable: true, value: (r) => r.balance },
  ];
  return (
    <PageCard title={translate('app.pages.revenues')} testId="driver-revenue-report">
      <ReportFilters value={filters} onChange={setFilters} show={{}} />
      {report.isError ? (
        <ErrorState message={(report.error as Error).message} onRetry={() => report.refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : (
        // While the next page loads the current one stays, dimmed.
        <Box
          aria-busy={report.isPlaceholderData}
          sx={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <ReportTable
            testId="driver-revenue-table"
            label={translate('app.pages.revenues')}
            columns={columns}
            rows={data.rows}
            totals={{
              driverId: 0,
              name: t('drivers', { smart_count: data.totals.drivers }),
              vehicleTypeName: '',
              balance: null,
              ...data.totals,
            }}
            sort={sort}
            onSort={(key) => setSort((s) => ({ key, order: s.key === key && s.order === 'DESC' ? 'ASC' : 'DESC' }))}
            pagination={{ page, perPage: PER_PAGE, total: data.totals.drivers, onPageChange: setPage }}
            exportRows={exportRows}
            filename={`driver-revenue-${data.from}-${data.to}`}
          />
        </Box>
      )}
    </PageCard>
  );
}
