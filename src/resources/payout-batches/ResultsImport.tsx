import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { ACTIONS } from '../../domain/resourceActions';
import {
  planResults,
  planTotalCents,
  settledAfter,
  type ResultLine,
  type ResultsPlan,
} from '../../domain/payoutResults';
import { toCents } from '../../domain/payouts';
import { useAction } from '../../dataProviders/useAction';
import { formatCount, formatMoney } from '../../kit/format';
import type { PayoutBatch } from './types';

const P = 'app.payouts.results';
const resultLines = (batch: PayoutBatch): ResultLine[] =>
  batch.lines.map((l) => ({ ...l, amountCents: toCents(l.amount), status: l.status ?? 'pending' }));
const money = (cents: number) => formatMoney(cents / 100);
/** The file's text (FileReader: every browser the panel supports reads it so). */
const readText = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });

/** The rows the file cannot be imported by, each with its row number and why (or the file's own problem). */
function Refusal({ plan, serverErrors }: { plan: ResultsPlan; serverErrors?: Record<string, string> }) {
  const translate = useTranslate();
  if (plan.fileProblem) return <Alert severity="error">{translate(`${P}.problems.${plan.fileProblem}`)}</Alert>;
  const rows = plan.problems.length
    ? plan.problems.map((p) => ({
        row: translate(`${P}.row`, { row: p.row }),
        why: translate(`${P}.problems.${p.code}`, p.params),
      }))
    : Object.entries(serverErrors ?? {}).map(([row, why]) => ({ row, why }));
  return (
    <Alert severity="error" data-testid="results-refused">
      {translate(`${P}.refused`)}
      <List dense disablePadding>
        {rows.map((r) => (
          <ListItem key={r.row} disableGutters>
            <ListItemText primary={`${r.row}: ${r.why}`} />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

/** What confirming will do: the lines paid, the lines failed (their amounts back to the wallets), whether the batch is then paid. */
export function ResultsPreview({ batch, plan }: { batch: PayoutBatch; plan: ResultsPlan }) {
  const translate = useTranslate();
  const changes = plan.paid.length + plan.failed.length;
  return (
    <Stack spacing={1} data-testid="results-preview">
      {changes === 0 && <Alert severity="info">{translate(`${P}.nothing`)}</Alert>}
      {plan.paid.length > 0 && (
        <Typography>
          {translate(`${P}.willPay`, {
            smart_count: plan.paid.length,
            count: formatCount(plan.paid.length),
            total: money(planTotalCents(plan.paid)),
          })}
        </Typography>
      )}
      {plan.failed.length > 0 && (
        <Alert severity="warning">
          {translate(`${P}.willFail`, {
            smart_count: plan.failed.length,
            count: formatCount(plan.failed.length),
            total: money(planTotalCents(plan.failed)),
          })}
          <List dense disablePadding>
            {plan.failed.map((f) => (
              <ListItem key={f.lineId} disableGutters>
                <ListItemText primary={`${f.driverName}: ${money(f.amountCents)} (${f.reason})`} />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {plan.unchanged > 0 && (
        <Typography color="text.secondary">
          {translate(`${P}.unchanged`, { smart_count: plan.unchanged, count: formatCount(plan.unchanged) })}
        </Typography>
      )}
      {changes > 0 && batch.status === 'approved' && (
        <Typography color="text.secondary">
          {translate(settledAfter(resultLines(batch), plan) ? `${P}.settles` : `${P}.stillOpen`)}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * "Import results": a channel's results file chosen, read and checked here against the batch's
 * lines with the rules the server applies (src/domain/payoutResults.ts), previewed, then sent.
 */
export function ResultsImport({ batch }: { batch: PayoutBatch }) {
  const translate = useTranslate();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<{ name: string; csv: string; plan: ResultsPlan }>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const run = useAction(
    (dataProvider, values: { csv: string }) =>
      dataProvider.action(ACTIONS['payout-batches'].results, { id: batch.id, data: values }),
    { successMessage: `${P}.imported`, onSuccess: () => setOpen(false) },
  );
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const csv = await readText(chosen);
    setServerErrors(undefined);
    setFile({ name: chosen.name, csv, plan: planResults(batch.id, resultLines(batch), csv) });
  };
  const confirm = async () => {
    if (file) setServerErrors(await run.submit({ csv: file.csv }));
  };
  const refused = file && (file.plan.fileProblem || file.plan.problems.length > 0 || serverErrors);
  const changes = file ? file.plan.paid.length + file.plan.failed.length : 0;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<UploadFileIcon />}
        data-testid="results-import"
        onClick={() => {
          setFile(undefined);
          setOpen(true);
        }}
      >
        {translate(`${P}.import`)}
      </Button>
      <Dialog
        open={open}
        onClose={() => !run.isPending && setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>{translate(`${P}.title`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{translate(`${P}.hint`)}</DialogContentText>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
                {translate(`${P}.choose`)}
                <input hidden type="file" accept=".csv,text/csv" onChange={choose} data-testid="results-file" />
              </Button>
              {file && <Typography variant="body2">{translate(`${P}.file`, { name: file.name })}</Typography>}
            </Stack>
            {file && refused && <Refusal plan={file.plan} serverErrors={serverErrors} />}
            {file && !refused && <ResultsPreview batch={batch} plan={file.plan} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={run.isPending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" onClick={confirm} disabled={!file || !!refused || changes === 0 || run.isPending}>
            {translate(`${P}.confirm`)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
