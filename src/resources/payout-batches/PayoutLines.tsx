import { alpha, Box, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import type { Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LINE_AMOUNTS, lineTotals, signedLineAmounts, type LineAmount } from '../../domain/payouts';
import { bankName } from '../../domain/payoutDetails';
import { enumLabelKey } from '../../kit/enumChoices';
import { formatCount, formatNumber } from '../../kit/format';
import { EmptyState } from '../../kit/States';
import { StatementButton } from './PayoutFiles';
import type { PayoutBatch, PayoutLine } from './types';

export const payoutField = (name: string) => `resources.payout-batches.fields.${name}`;
/** Amounts without the currency in every cell: the card says they are in KES. */
const TWO_DECIMALS: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
/** A failed line stands out: its money went back to the wallet. */
const FAILED_ROW = { bgcolor: (theme: Theme) => alpha(theme.palette.error.main, 0.08) } as const;
/** What each row adds up to, in bold. */
const RESULTS: ReadonlySet<LineAmount> = new Set(['earnings', 'closing', 'amount']);
const NUMBER_CELL = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** Eleven columns of amounts fit a laptop's width beside the menu: a slightly smaller type, headers smaller still. */
const TABLE_SX = {
  '& td, & th': { px: 0.5, fontSize: '0.8125rem' },
  '& th': { fontSize: '0.75rem', lineHeight: 1.3, verticalAlign: 'bottom' },
} as const;

/** A row's trips and amounts (signed as they add up), for a line or the totals. */
function AmountCells({ trips, amounts }: { trips: number; amounts: Record<LineAmount, number> }) {
  return (
    <>
      <TableCell align="right" sx={NUMBER_CELL}>
        {formatCount(trips)}
      </TableCell>
      {LINE_AMOUNTS.map((c) => (
        <TableCell key={c} align="right" sx={{ ...NUMBER_CELL, fontWeight: RESULTS.has(c) ? 700 : undefined }}>
          {formatNumber(amounts[c], TWO_DECIMALS)}
        </TableCell>
      ))}
    </>
  );
}

/** Where a line's money goes, under the driver's name: the table keeps its width for the amounts. */
function Destination({ line }: { line: PayoutLine }) {
  const translate = useTranslate();
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {line.payoutMethod === 'bank'
        ? `${bankName(line.bankCode) ?? translate(enumLabelKey('payoutMethod', 'bank'))} ${line.bankAccountMasked ?? ''}`
        : translate(enumLabelKey('payoutMethod', line.payoutMethod))}
    </Typography>
  );
}

/** How a line was settled, from the batch's mark paid or a results file; nothing while pending. */
function Outcome({ line }: { line: PayoutLine }) {
  const translate = useTranslate();
  if (line.status === 'paid' && line.reference)
    return (
      <Typography variant="caption" color="success.main" sx={{ display: 'block' }} data-testid="line-paid">
        {translate('app.payouts.results.paidRef', { reference: line.reference })}
      </Typography>
    );
  if (line.status === 'failed')
    return (
      <Typography variant="caption" color="error" sx={{ display: 'block', fontWeight: 600 }} data-testid="line-failed">
        {translate('app.payouts.results.failed', { reason: line.failureReason ?? '' })}
      </Typography>
    );
  return null;
}

/**
 * Each driver's week, every term of the sum in its column: fares − commission = earnings, and
 * earnings − cash collected + opening balance + top-ups + adjustments + payouts earlier = closing
 * balance; then what is paid. A totals row closes the table.
 */
export function PayoutLines({ batch }: { batch: PayoutBatch }) {
  const translate = useTranslate();
  if (!batch.lines.length) return <EmptyState message={translate('app.payouts.empty')} />;
  const totals = lineTotals(batch.lines);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="payout-lines" sx={TABLE_SX}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(payoutField('driverName'))}</TableCell>
            {(['trips', ...LINE_AMOUNTS] as const).map((c) => (
              <TableCell key={c} align="right">
                {translate(payoutField(c))}
              </TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {batch.lines.map((line) => (
            <TableRow key={line.id} sx={line.status === 'failed' ? FAILED_ROW : undefined}>
              <TableCell>
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {line.driverName}
                </Box>
                <Destination line={line} />
                <Outcome line={line} />
              </TableCell>
              <AmountCells trips={line.trips} amounts={signedLineAmounts(line)} />
              <TableCell padding="checkbox">
                <StatementButton batch={batch} driverId={line.driverId} name={line.driverName} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter
          data-testid="payout-totals"
          sx={{
            '& td': { fontWeight: 700, color: 'text.primary', borderBottom: 0, borderTop: 2, borderColor: 'divider' },
          }}
        >
          <TableRow>
            <TableCell>{translate(payoutField('total'))}</TableCell>
            <AmountCells trips={totals.trips} amounts={totals} />
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}
