import { Button, CircularProgress } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { saveBlob } from '../../http/saveBlob';

/**
 * Downloads a PDF the server renders (GET /api/trip/<path>?params) and saves it as `filename`;
 * busy while it downloads, a toast when it fails.
 */
export function PdfDownloadButton({
  path,
  params,
  filename,
  label,
  disabled,
  testId,
}: {
  path: string;
  params?: Record<string, unknown>;
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
      saveBlob(await dataProvider.download('trip', path, params), filename);
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
