import { Button, CircularProgress } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { DownloadRef } from '../../dataProviders/calls';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { saveBlob } from '../../http/saveBlob';

/**
 * Downloads a PDF the server renders (a named download of src/dataProviders/calls.ts, with its
 * parameters) and saves it as `filename`; busy while it downloads, a toast when it fails.
 */
export function PdfDownloadButton<Params>({
  call,
  params,
  filename,
  label,
  disabled,
  testId,
}: {
  call: DownloadRef<Params>;
  params: NoInfer<Params>;
  filename: string;
  label?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePanelDataProvider();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await dataProvider.download(call, params), filename);
    } catch (e) {
      notify((e as Error).message || translate('app.insights.reports.pdfFailed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      startIcon={busy ? <CircularProgress size={16} /> : <PictureAsPdfIcon />}
      onClick={() => void download()}
      disabled={disabled || busy}
      data-testid={testId}
    >
      {label ?? translate('app.insights.reports.exportPdf')}
    </Button>
  );
}
