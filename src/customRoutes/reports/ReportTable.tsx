import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadCSV, useNotify, useTranslate } from 'react-admin';
import { useRef, useState, type ReactNode } from 'react';
import { toCsv } from '../../resources/shared/csv';
import { formatCount, formatMoney, formatNumber } from '../../kit/format';
import { EmptyState } from '../../kit/States';
import { useOverflows } from '../../kit/useOverflows';

export interface ReportColumn<R> {
  key: string;
  header: string;
  value: (row: R) => string | number | null;
  kind?: 'money' | 'count' | 'percent' | 'text';
  /** What the cell shows instead of the plain value (a link, …). */
  render?: (row: R) => ReactNode;
  sortable?: boolean;
}

/** A table that shows one page of the rows the server sorted and paged. */
export interface ReportPagination {
  /** 1-based. */
  page: number;
  perPage: number;
  /** Rows over all pages. */
  total: number;
  onPageChange: (page: number) => void;
}

export function formatCell(kind: ReportColumn<unknown>['kind'], value: string | number | null): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (kind === 'money') return formatMoney(value) ?? '—';
  if (kind === 'percent') return formatNumber(value, { style: 'percent', maximumFractionDigits: 1 });
  return formatCount(value);
}

/**
 * A report's table: columns, rows, a totals footer, and CSV export of exactly the rows and totals
 * on screen (money as plain numbers to the cent). A paged table (`pagination`) exports every row:
 * `exportRows` fetches them all.
 */
export function ReportTable<R>({
  columns,
  rows,
  totals,
  filename,
  sort,
  onSort,
  testId,
  label,
  maxHeight,
  actions,
  pagination,
  exportRows,
}: {
  columns: ReportColumn<R>[];
  rows: R[];
  totals?: R;
  filename: string;
  sort?: { key: string; order: 'ASC' | 'DESC' };
  onSort?: (key: string) => void;
  testId?: string;
  /** The table's name (its section's heading): what the scrolling region is called when it takes focus. */
  label: string;
  maxHeight?: number;
  /** More buttons beside Export CSV (e.g. the PDF of the same table). */
  actions?: ReactNode;
  /** The server pages the rows: show page controls under the table. */
  pagination?: ReportPagination;
  /** Every row of the report in screen order, for the CSV of a paged table. */
  exportRows?: () => Promise<R[]>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  // A table wider (or taller) than its box is scrolled with the arrow keys once focused (WCAG 2.1.1).
  const scrolls = useOverflows(scroller);
  const exportCsv = async () => {
    let body = rows;
    if (exportRows) {
      setExporting(true);
      try {
        body = await exportRows();
      } catch (error) {
        notify(`${translate('app.insights.reports.exportFailed')}: ${(error as Error).message}`, { type: 'error' });
        return;
      } finally {
        setExporting(false);
      }
    }
    const all = totals ? [...body, totals] : body;
    const records = all.map((row, i) => ({ id: i, row }));
    downloadCSV(
      toCsv(
        records,
        columns.map((c) => ({ header: c.header, value: (r: { row: R }) => c.value(r.row) })),
      ),
      filename,
    );
  };
  const align = (c: ReportColumn<R>) => (c.kind === 'text' || c.kind === undefined ? 'left' : 'right');
  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 1 }}>
        {actions}
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() => void exportCsv()}
          disabled={!rows.length || exporting}
        >
          {translate('app.insights.reports.exportCsv')}
        </Button>
      </Box>
      {rows.length === 0 ? (
        <EmptyState message={translate('app.insights.reports.empty')} />
      ) : (
        <TableContainer
          ref={scroller}
          role="region"
          aria-label={label}
          tabIndex={scrolls ? 0 : undefined}
          data-scrolls={scrolls || undefined}
          sx={{ maxHeight, overflowX: 'auto' }}
        >
          <Table size="small" stickyHeader={!!maxHeight} sx={{ '& .MuiTableCell-root': { px: 1.25 } }}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key} align={align(c)} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {c.sortable && onSort ? (
                      <TableSortLabel
                        active={sort?.key === c.key}
                        direction={sort?.key === c.key && sort.order === 'ASC' ? 'asc' : 'desc'}
                        onClick={() => onSort(c.key)}
                      >
                        {c.header}
                      </TableSortLabel>
                    ) : (
                      c.header
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, i) => (
                <TableRow key={i} hover>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={align(c)} sx={{ whiteSpace: 'nowrap' }}>
                      {c.render ? c.render(row) : formatCell(c.kind, c.value(row))}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
            {totals && (
              <TableFooter>
                <TableRow data-testid="report-totals">
                  {columns.map((c) => (
                    <TableCell
                      key={c.key}
                      align={align(c)}
                      sx={{ fontWeight: 700, color: 'text.primary', fontSize: 14, whiteSpace: 'nowrap' }}
                    >
                      {formatCell(c.kind, c.value(totals))}
                    </TableCell>
                  ))}
                </TableRow>
              </TableFooter>
            )}
          </Table>
        </TableContainer>
      )}
      {pagination && pagination.total > 0 && (
        <TablePagination
          component="div"
          data-testid={testId ? `${testId}-pages` : undefined}
          count={pagination.total}
          page={pagination.page - 1}
          rowsPerPage={pagination.perPage}
          rowsPerPageOptions={[pagination.perPage]}
          onPageChange={(_, page) => pagination.onPageChange(page + 1)}
          showFirstButton
          showLastButton
        />
      )}
    </Box>
  );
}
