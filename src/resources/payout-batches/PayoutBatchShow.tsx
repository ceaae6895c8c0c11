import { ACTIONS } from '../../domain/resourceActions';
import PaidIcon from '@mui/icons-material/Paid';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { RecordContextProvider, TextInput, Title, useCanAccess, useGetIdentity, useTranslate } from 'react-admin';
import { PAYOUT_ACTION } from '../../domain/permissions';
import { payPayoutSchema, payoutBatches } from '../../domain/resources/payoutBatches';
import { ActionDialogButton } from '../../kit/ActionDialog';
import { DateTimeField } from '../../kit/DateTimeField';
import { FieldGrid, KeyValue, SectionCard } from '../../kit/DetailBlocks';
import { CITY } from '../../domain/city';
import { formatCalendarDay } from '../../kit/format';
import { MoneyField } from '../../kit/MoneyField';
import { StatusChip } from '../../kit/StatusChip';
import { ConfirmActionButton } from '../shared/ConfirmActionButton';
import { useRecordFromRoute } from '../shared/useRecordFromRoute';
import { PaymentFiles } from './PayoutFiles';
import { ResultsImport } from './ResultsImport';
import { payoutField as field, PayoutLines } from './PayoutLines';
import type { PayoutBatch } from './types';

/** Approve, for anyone with the permission but the batch's creator (four eyes, which the server enforces too). */
function ApproveStep({ batch }: { batch: PayoutBatch }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  if (batch.status !== 'review') return null;
  if (identity && Number(identity.id) === batch.createdBy)
    return <Alert severity="info">{translate('app.payouts.ownBatch')}</Alert>;
  return (
    <ConfirmActionButton
      action={ACTIONS['payout-batches'].approve}
      label="app.payouts.approve"
      icon={<VerifiedIcon />}
      confirmTitle={translate('app.payouts.approveTitle')}
      confirmContent={translate('app.payouts.approveHint')}
    />
  );
}

/** /payout-batches/:id: the week's batch, its steps and its lines. */
export default function PayoutBatchShow() {
  const translate = useTranslate();
  const { record: batch, state } = useRecordFromRoute<PayoutBatch>(payoutBatches.path);
  const { canAccess } = useCanAccess({ resource: payoutBatches.path, action: PAYOUT_ACTION });
  const { identity } = useGetIdentity();
  if (state) return state;
  // Four eyes: the batch's preparer neither approves nor marks it paid (the server refuses it too).
  const ownBatch = Boolean(identity && Number(identity.id) === batch.createdBy);
  const title = translate('app.payouts.week', { day: formatCalendarDay(batch.periodStart) });
  return (
    <RecordContextProvider value={batch}>
      <Title title={title} />
      <Stack spacing={2} sx={{ mt: 1 }} data-testid="payout-show">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            <StatusChip palette="payoutStatus" source="status" />
          </Stack>
          {canAccess && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <ApproveStep batch={batch} />
              {batch.status === 'approved' && ownBatch && (
                <Alert severity="info">{translate('app.payouts.ownBatchPay')}</Alert>
              )}
              {batch.status === 'approved' && !ownBatch && (
                <ActionDialogButton
                  action={ACTIONS['payout-batches'].pay}
                  label="app.payouts.pay"
                  icon={<PaidIcon />}
                  variant="contained"
                  title="app.payouts.payTitle"
                  description={translate('app.payouts.payHint')}
                  confirmLabel="app.payouts.pay"
                  schema={payPayoutSchema}
                  defaultValues={{ reference: '' }}
                >
                  <TextInput source="reference" label="app.payouts.reference" fullWidth autoFocus />
                </ActionDialogButton>
              )}
              {batch.status !== 'review' &&
                !ownBatch &&
                batch.lines.some((l) => l.status !== 'failed' && l.amount > 0) && <ResultsImport batch={batch} />}
            </Stack>
          )}
        </Box>
        <SectionCard title={translate('app.payouts.summary')}>
          <FieldGrid>
            <KeyValue label={translate(field('total'))}>
              <MoneyField source="total" />
            </KeyValue>
            <KeyValue label={translate(field('lineCount'))}>{batch.lineCount}</KeyValue>
            <KeyValue label={translate(field('createdByName'))}>
              {batch.createdByName} · <DateTimeField source="createdAt" />
            </KeyValue>
            <KeyValue label={translate(field('approvedByName'))}>
              {batch.approvedByName ? (
                <>
                  {batch.approvedByName} · <DateTimeField source="approvedAt" />
                </>
              ) : (
                '—'
              )}
            </KeyValue>
            <KeyValue label={translate(field('paidByName'))}>
              {batch.paidByName ? (
                <>
                  {batch.paidByName} · <DateTimeField source="paidAt" />
                  {batch.reference && ` · ${batch.reference}`}
                </>
              ) : (
                '—'
              )}
            </KeyValue>
          </FieldGrid>
        </SectionCard>
        {canAccess && <PaymentFiles batch={batch} />}
        <SectionCard
          title={translate('app.payouts.lines')}
          subheader={translate('app.payouts.amountsIn', { currency: CITY.currency })}
        >
          <PayoutLines batch={batch} />
        </SectionCard>
      </Stack>
    </RecordContextProvider>
  );
}
