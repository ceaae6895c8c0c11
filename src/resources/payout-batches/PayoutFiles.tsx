import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { translateMessage } from '../../i18n/translateMessage';
import { SectionCard } from '../../kit/DetailBlocks';
import { enumLabelKey } from '../../kit/enumChoices';
import { formatMoney } from '../../kit/format';
import { DOWNLOADS, QUERIES, type DownloadRef } from '../../dataProviders/calls';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { saveBlob } from '../../http/saveBlob';
import type { PayoutBatch } from './types';

/** Downloads a file of the trip service with the bearer token; failures open the error dialog (http layer). */
function useDownload() {
  const dataProvider = usePanelDataProvider();
  const [pending, setPending] = useState(false);
  const download = async <Params,>(call: DownloadRef<Params>, params: NoInfer<Params>, filename: string) => {
    setPending(true);
    try {
      saveBlob(await dataProvider.download(call, params), filename);
    } catch {
      // Reported by the http layer.
    } finally {
      setPending(false);
    }
  };
  return { download, pending };
}

const FILES = {
  mpesa: { label: 'app.payouts.exportMpesa', summary: 'app.payouts.fileMpesa' },
  bank: { label: 'app.payouts.exportBank', summary: 'app.payouts.fileBank' },
} as const;
type FileKind = keyof typeof FILES;

/** One of the batch's payment files (M-Pesa B2C bulk or bulk bank transfer), once the batch is approved. */
export function ExportFileButton({
  batch,
  kind,
  disabled,
}: {
  batch: PayoutBatch;
  kind: FileKind;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const { download, pending } = useDownload();
  if (batch.status === 'review') return null;
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={pending || disabled}
      onClick={() =>
        void download(DOWNLOADS['payout-batches'][kind], { id: batch.id }, `payouts-${batch.periodStart}-${kind}.csv`)
      }
    >
      {translate(FILES[kind].label)}
    </Button>
  );
}

/**
 * The batch's two payment files: what each pays, its download once approved, and the drivers
 * neither can pay with the reason. While one is listed the server refuses the approval (and the
 * downloads wait): a batch marked paid writes every line to the ledger, so every line must be in a
 * file. Before approval the lines follow the drivers' details; the approval freezes them.
 */
export function PaymentFiles({ batch }: { batch: PayoutBatch }) {
  const translate = useTranslate();
  const dataProvider = usePanelDataProvider();
  const summary = useQuery({
    queryKey: ['payout-batches', batch.id, 'payment-files', batch.status],
    queryFn: () => dataProvider.query(QUERIES['payout-batches']['payment-files'], { id: batch.id }),
  });
  if (!summary.data) return null;
  const { refused } = summary.data;
  return (
    <SectionCard title={translate('app.payouts.files')}>
      <Stack spacing={1.5} data-testid="payment-files">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content max-content',
            columnGap: 2,
            rowGap: 1,
            alignItems: 'center',
          }}
        >
          {(['mpesa', 'bank'] as const).map((kind) => (
            <Fragment key={kind}>
              <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {translate(FILES[kind].summary, {
                  count: summary.data[kind].lines,
                  total: formatMoney(summary.data[kind].total),
                })}
              </Typography>
              <Box>
                <ExportFileButton batch={batch} kind={kind} disabled={refused.length > 0} />
              </Box>
            </Fragment>
          ))}
        </Box>
        {batch.status === 'review' && <Alert severity="info">{translate('app.payouts.filesAfterApproval')}</Alert>}
        {refused.length > 0 && (
          <Alert severity="warning" data-testid="payment-refused">
            <AlertTitle>{translate('app.payouts.refusedTitle')}</AlertTitle>
            {translate('app.payouts.refusedHint')}
            <Table size="small" sx={{ mt: 1 }}>
              <TableBody>
                {refused.map((r) => (
                  <TableRow key={r.driverId}>
                    <TableCell>
                      <Link to={`/driver-management/drivers/${r.driverId}`}>{r.driverName}</Link>
                    </TableCell>
                    <TableCell>{translate(enumLabelKey('payoutMethod', r.payoutMethod))}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(r.amount)}
                    </TableCell>
                    <TableCell>
                      {translateMessage(r.reason, r.code ? { code: r.code, params: r.params ?? {} } : undefined)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Alert>
        )}
      </Stack>
    </SectionCard>
  );
}

/** A driver's PDF statement for the batch's week. */
export function StatementButton({ batch, driverId, name }: { batch: PayoutBatch; driverId: number; name: string }) {
  const translate = useTranslate();
  const { download, pending } = useDownload();
  const label = `${translate('app.payouts.statement')}: ${name}`;
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        disabled={pending}
        onClick={() =>
          void download(
            DOWNLOADS['payout-batches'].statement,
            { id: batch.id, driverId },
            `statement-${driverId}-${batch.periodStart}.pdf`,
          )
        }
      >
        <PictureAsPdfIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
