import { ACTIONS } from '../../domain/resourceActions';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Box } from '@mui/material';
import { DataTable, SelectInput, useCanAccess, useRedirect, useTranslate } from 'react-admin';
import { PAYOUT_ACTION } from '../../domain/permissions';
import { mondayOf } from '../../domain/payouts';
import { preparePayoutSchema, payoutBatches } from '../../domain/resources/payoutBatches';
import { ActionDialogButton } from '../../kit/ActionDialog';
import { DateTimeField } from '../../kit/DateTimeField';
import { enumChoices } from '../../kit/enumChoices';
import { formatCalendarDay } from '../../kit/format';
import { MoneyField } from '../../kit/MoneyField';
import { ResourceList } from '../../kit/ResourceList';
import { EmptyState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import { showPath, toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import type { PayoutBatch } from './types';
import { RowLink } from '../../kit/RowLink';

const filters = [
  <SelectInput key="status" source="status" choices={enumChoices('payoutStatus')} alwaysOn sx={{ minWidth: 160 }} />,
];

/** The last eight finished city weeks, newest first, as the Monday each starts. */
function finishedWeeks(now = new Date()): { id: string; name: string }[] {
  const thisMonday = Date.parse(`${mondayOf(now)}T00:00:00Z`);
  return Array.from({ length: 8 }, (_, i) => {
    const day = new Date(thisMonday - (i + 1) * 7 * 86400_000).toISOString().slice(0, 10);
    return { id: day, name: formatCalendarDay(day) ?? day };
  });
}

/** Prepare: a week chosen among the finished ones; the new batch opens for review. */
function PrepareButton() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const { canAccess } = useCanAccess({ resource: payoutBatches.path, action: PAYOUT_ACTION });
  if (!canAccess) return null;
  const weeks = finishedWeeks();
  return (
    <ActionDialogButton
      collection
      action={ACTIONS['payout-batches'].prepare}
      label="app.payouts.prepare"
      icon={<PlaylistAddIcon />}
      variant="contained"
      title="app.payouts.prepareTitle"
      description={translate('app.payouts.prepareHint')}
      confirmLabel="app.payouts.prepareConfirm"
      schema={preparePayoutSchema}
      defaultValues={{ periodStart: weeks[0].id }}
      onDone={(result) => redirect(showPath(payoutBatches.path, (result.data as PayoutBatch).id))}
    >
      <SelectInput source="periodStart" choices={weeks} translateChoice={false} fullWidth />
    </ActionDialogButton>
  );
}

/** /payout-batches: a batch per week, its status, total and who prepared, approved and paid it. */
export default function PayoutBatchList(props: ListScreenProps) {
  const translate = useTranslate();
  return (
    <ResourceList
      {...props}
      filters={filters}
      sort={{ field: 'periodStart', order: 'DESC' }}
      create={false}
      extraActions={<PrepareButton />}
      empty={
        <Box sx={{ p: 3 }}>
          <EmptyState message={translate('app.payouts.empty')} />
          <PrepareButton />
        </Box>
      }
    >
      <DataTable<PayoutBatch> rowClick={toShowPage} bulkActionButtons={false}>
        <DataTable.Col
          source="periodStart"
          render={(b) => <RowLink>{translate('app.payouts.week', { day: formatCalendarDay(b.periodStart) })}</RowLink>}
        />
        <DataTable.Col source="status" render={() => <StatusChip palette="payoutStatus" source="status" />} />
        <DataTable.Col source="lineCount" />
        <DataTable.Col source="total" render={() => <MoneyField source="total" />} />
        <DataTable.Col source="createdByName" disableSort />
        <DataTable.Col source="approvedByName" disableSort />
        <DataTable.Col source="paidAt" render={() => <DateTimeField source="paidAt" />} />
        <DataTable.Col source="reference" disableSort />
      </DataTable>
    </ResourceList>
  );
}
