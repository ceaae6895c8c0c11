import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { enumLabelKey } from '../../kit/enumChoices';
import { AuditChangesSummary } from '../shared/AuditChanges';

interface DriverAuditRow {
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The why of one row of a driver's history, in words: which document, the decision, the reason
 * and note given (the facts each driver action writes into its audit row), and the approval status
 * it moved the driver to. Other rows (edits) name the fields they changed.
 */
export function DriverDecision(_props: { label?: string }) {
  const translate = useTranslate();
  const row = useRecordContext<DriverAuditRow & { id: number }>();
  if (!row) return null;
  const after = row.after ?? {};
  const before = row.before ?? {};
  const kind = (value: unknown) => translate(enumLabelKey('documentKind', String(value)));
  const document = text(after.document) ? kind(after.document) : null;
  const reason = text(after.reason);
  const note = text(after.note);
  let sentence: string | null = null;
  switch (row.action) {
    case 'approve-document':
      sentence = document && translate('app.drivers.history.approved', { document });
      break;
    case 'reject-document':
      sentence =
        document &&
        translate('app.drivers.history.rejected', {
          document,
          reason: translate(enumLabelKey('documentRejectReason', reason ?? 'other')),
        }) + (note ? ` — ${note}` : '');
      break;
    case 'request-reupload':
      sentence = document && translate('app.drivers.history.reupload', { document, note: note ?? '' });
      break;
    case 'upload-document':
      sentence = document && translate('app.drivers.history.uploaded', { document });
      break;
    case 'suspend':
    case 'reinstate':
      sentence = reason && translate('app.drivers.history.reason', { reason });
      break;
    case 'documents-expired':
      sentence = Array.isArray(after.expired)
        ? translate('app.drivers.history.expired', { documents: after.expired.map(kind).join(', ') })
        : null;
      break;
  }
  if (!sentence) return <AuditChangesSummary />;
  const moved =
    typeof after.approvalStatus === 'string' && after.approvalStatus !== before.approvalStatus
      ? translate('app.drivers.history.nowStatus', {
          status: translate(enumLabelKey('driverApproval', after.approvalStatus)),
        })
      : null;
  return (
    <Typography variant="body2" component="span" sx={{ wordBreak: 'break-word' }}>
      {sentence}
      {moved && (
        <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
          {` ${moved}`}
        </Typography>
      )}
    </Typography>
  );
}
