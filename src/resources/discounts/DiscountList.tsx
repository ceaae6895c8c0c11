import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { enumChoices } from '../../kit/enumChoices';
import { BulkActions, type BulkActionSpec } from '../../kit/BulkActions';
import { ResourceList } from '../../kit/ResourceList';
import { EmptyState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import { toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import { DiscountValueField, UsageField, ValidityField } from './DiscountFields';
import type { Discount } from './types';
import { RowLink } from '../../kit/RowLink';
import { ACTIONS } from '../../domain/resourceActions';

const DISCOUNT_BULK_ACTIONS: BulkActionSpec[] = [
  { action: ACTIONS.discounts.deactivate, icon: <BlockIcon />, color: 'error' },
  { action: ACTIONS.discounts.activate, icon: <CheckCircleIcon /> },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="state"
    source="state"
    choices={enumChoices('discountState')}
    emptyText="app.discounts.anyState"
    alwaysOn
    sx={{ minWidth: 160 }}
  />,
];

/**
 * /discounts: code, name, what it takes off, when it is valid, how much of it is used, the
 * per-passenger limit and its state (scheduled, running, expired, used up, inactive); filter by
 * state, search, export. A row opens the code's page.
 */
export default function DiscountList(props: ListScreenProps) {
  const translate = useTranslate();
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  return (
    <ResourceList
      {...props}
      filters={filters}
      empty={
        <Box sx={{ p: 3 }}>
          <EmptyState message={translate('app.discounts.empty')} />
        </Box>
      }
    >
      <DataTable<Discount> rowClick={toShowPage} bulkActionButtons={<BulkActions actions={DISCOUNT_BULK_ACTIONS} />}>
        <DataTable.Col
          source="code"
          cellSx={() => ({ fontFamily: 'monospace', fontWeight: 700 })}
          render={(d: Discount) => <RowLink>{d.code}</RowLink>}
        />
        {medium && <DataTable.Col source="name" />}
        <DataTable.Col source="value" render={() => <DiscountValueField />} />
        {wide && <DataTable.Col source="validFrom" label="app.discounts.window" render={() => <ValidityField />} />}
        {medium && <DataTable.Col source="timesUsed" label="app.discounts.usage" render={() => <UsageField />} />}
        {wide && (
          <DataTable.Col
            source="perPassengerLimit"
            render={(d: Discount) => d.perPassengerLimit ?? translate('app.discounts.noLimit')}
          />
        )}
        <DataTable.Col source="state" render={() => <StatusChip palette="discountState" source="state" />} />
      </DataTable>
    </ResourceList>
  );
}
