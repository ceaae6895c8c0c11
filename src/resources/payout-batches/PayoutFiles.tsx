import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { saveBlob } from '../../http/saveBlob';
import type { PayoutBatch } from './types';

/** Downloads a file of the trip service with the bearer token; failures open the error dialog (http layer). */
function useDownload() {
  const dataProvider = usePanelDataProvider();
  const [pending, setPending] = useState(false);
  const download = async (path: string, accept: string, filename: string) => {
    setPending(true);
    try {
      saveBlob(await dataProvider.download('trip', path, {}, accept), filename);
    } catch {
      // Reported by the http layer.
    } finally {
      setPending(false);
    }
  };
  return { download, pending };
}

/** The M-Pesa B2C bulk payment file, once the batch is approved. */
export function MpesaExportButton({ batch }: { batch: PayoutBatch }) {
  const translate = useTranslate();
  const { download, pending } = useDownload();
  if (batch.status === 'review') return null;
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={pending}
      onClick={() =>
        void download(`payout-batches/${batch.id}/mpesa.csv`, 'text/csv', `payouts-${batch.periodStart}-mpesa.csv`)
      }
    >
      {translate('app.payouts.exportMpesa')}
    </Button>
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
            `payout-batches/${batch.id}/statements/${driverId}.pdf`,
            'application/pdf',
            `statement-${driverId}-${batch.periodStart}.pdf`,
          )
        }
      >
        <PictureAsPdfIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
