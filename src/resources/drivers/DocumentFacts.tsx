import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, Stack, Tooltip, Typography } from '@mui/material';
import { RecordContextProvider, useTranslate } from 'react-admin';
import { expiryWarning } from '../../domain/driverDocuments';
import { FieldGrid, KeyValue } from '../../kit/DetailBlocks';
import { enumLabelKey } from '../../kit/enumChoices';
import { formatCalendarDay, formatRelativeTime } from '../../kit/format';
import { StatusChip } from '../../kit/StatusChip';
import { cityToday } from './DocumentProgress';
import type { Driver, DriverDocument } from './types';

/** Beside the document: what it must match, its expiry, its decision and the buttons. */
export function DocumentFacts({
  driver,
  document: doc,
  busy,
  mayDecide,
  onApprove,
  onReject,
  onReupload,
}: {
  driver: Driver;
  document: DriverDocument;
  busy: boolean;
  mayDecide: boolean;
  onApprove: () => void;
  onReject: () => void;
  onReupload: () => void;
}) {
  const translate = useTranslate();
  const warning = expiryWarning(doc.expiryDate, cityToday());
  const older = driver.documents.filter((d) => d.kind === doc.kind && d.id !== doc.id).reverse();
  const date = (value: string) => formatCalendarDay(value) ?? value;
  return (
    <Card data-testid="document-facts">
      <CardContent>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {translate('app.drivers.mustMatch')}
        </Typography>
        <FieldGrid>
          <KeyValue label={translate('app.drivers.fullName')}>
            {driver.firstName} {driver.lastName}
          </KeyValue>
          {doc.kind === 'licence' && (
            <KeyValue label={translate('app.drivers.licenceNumber')}>{driver.licenceNumber ?? '—'}</KeyValue>
          )}
          {doc.kind === 'vehicle_registration' && (
            <KeyValue label={translate('app.drivers.plate')}>{driver.vehiclePlate ?? '—'}</KeyValue>
          )}
          <KeyValue label={translate('app.drivers.documentNumber')}>{doc.number ?? '—'}</KeyValue>
          <KeyValue label={translate('app.drivers.expiry')}>
            {doc.expiryDate ? date(doc.expiryDate) : translate('app.drivers.noExpiry')}
          </KeyValue>
          <KeyValue label={translate('app.drivers.uploaded')}>{formatRelativeTime(doc.createdAt)}</KeyValue>
        </FieldGrid>
        {warning && (
          <Alert severity={warning === 'expired' ? 'error' : 'warning'} sx={{ mt: 2 }} data-testid="expiry-warning">
            {warning === 'expired'
              ? translate('app.drivers.expired', { date: date(doc.expiryDate!) })
              : translate('app.drivers.expiresSoon')}
          </Alert>
        )}
        {doc.status === 'rejected' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translate('app.drivers.rejectedFor', {
              reason: translate(enumLabelKey('documentRejectReason', doc.rejectReason ?? 'other')),
            })}
            {doc.note && ` — ${doc.note}`}
          </Alert>
        )}
        {doc.reuploadRequestedAt && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('app.drivers.reuploadRequested', { when: formatRelativeTime(doc.reuploadRequestedAt) })}
            {doc.note && doc.status !== 'rejected' && ` — ${doc.note}`}
          </Alert>
        )}
        {doc.reviewedAt && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {translate('app.drivers.reviewedBy', {
              name: doc.reviewedByName ?? '—',
              when: formatRelativeTime(doc.reviewedAt),
            })}
          </Typography>
        )}
        {mayDecide && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Tooltip title="A" describeChild>
              <span>
                <Button
                  variant="contained"
                  color="success"
                  startIcon={<CheckIcon />}
                  onClick={onApprove}
                  disabled={busy || doc.status === 'approved'}
                  aria-keyshortcuts="A"
                >
                  {translate('app.drivers.approve')}
                </Button>
              </span>
            </Tooltip>
            <Tooltip title="R" describeChild>
              <Button
                variant="outlined"
                color="error"
                startIcon={<CloseIcon />}
                onClick={onReject}
                disabled={busy}
                aria-keyshortcuts="R"
              >
                {translate('app.drivers.reject')}
              </Button>
            </Tooltip>
            <Tooltip title="U" describeChild>
              <Button
                variant="text"
                startIcon={<UploadFileIcon />}
                onClick={onReupload}
                disabled={busy}
                aria-keyshortcuts="U"
              >
                {translate('app.drivers.requestReupload')}
              </Button>
            </Tooltip>
          </Stack>
        )}
        {older.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h3">
              {translate('app.drivers.olderUploads')}
            </Typography>
            {older.map((d) => (
              <Stack key={d.id} direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                <RecordContextProvider value={d}>
                  <StatusChip palette="documentReview" />
                </RecordContextProvider>
                <Typography variant="body2">
                  {formatRelativeTime(d.createdAt)}
                  {d.rejectReason &&
                    ` · ${translate(enumLabelKey('documentRejectReason', d.rejectReason))}${d.note ? ` — ${d.note}` : ''}`}
                </Typography>
              </Stack>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
