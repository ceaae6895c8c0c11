import LocalTaxiIcon from '@mui/icons-material/LocalTaxi';
import { Box, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, NullableBooleanInput, SearchInput, useRecordContext, useTranslate } from 'react-admin';
import { formatMoney } from '../../kit/format';
import { EmptyState } from '../../kit/States';
import { MoneyField } from '../../kit/MoneyField';
import { PercentField } from '../../kit/MoneyInput';
import { ResourceList } from '../../kit/ResourceList';
import { FileAvatar } from '../shared/FileAvatar';
import { toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import type { VehicleType } from './types';
import { ActiveChip } from './VehicleTypeStatus';
import { RowLink } from '../../kit/RowLink';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput
    key="active"
    source="active"
    alwaysOn
    nullLabel="app.vehicleTypes.anyStatus"
    trueLabel="app.vehicleTypes.active"
    falseLabel="app.vehicleTypes.inactive"
    sx={{ minWidth: 160 }}
  />,
];

const numeric = () => ({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

/** Icon, name and seats in one cell; the active state too where the window has no room for its column. */
function NameCell({ withStatus }: { withStatus: boolean }) {
  const translate = useTranslate();
  const vt = useRecordContext<VehicleType>();
  if (!vt) return null;
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ minWidth: 160 }}>
      <FileAvatar fileId={vt.icon} name={vt.name} size={36} fallbackIcon={LocalTaxiIcon} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
          <RowLink>{vt.name}</RowLink>
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {translate('app.vehicleTypes.seatsCount', { smart_count: vt.seats })}
          </Typography>
          {withStatus && <ActiveChip />}
        </Stack>
      </Box>
    </Stack>
  );
}

function CommissionCell() {
  const translate = useTranslate();
  const vt = useRecordContext<VehicleType>();
  if (!vt) return null;
  if (vt.commissionPercent === null)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate('app.vehicleTypes.defaultCommission')}
      </Typography>
    );
  return <PercentField source="commissionPercent" />;
}

/** Per km and per minute on two lines: one column where the window has no room for two. */
function DistanceTimeRatesCell() {
  const translate = useTranslate();
  const vt = useRecordContext<VehicleType>();
  if (!vt) return null;
  return (
    <Stack sx={{ alignItems: 'flex-end' }}>
      <span>{translate('app.vehicleTypes.perKm', { amount: formatMoney(vt.pricePerKm) })}</span>
      <span>{translate('app.vehicleTypes.perMinute', { amount: formatMoney(vt.pricePerMinute) })}</span>
    </Stack>
  );
}

/**
 * /vehicle-management/vehicles: every type on one page (a short catalogue) with its rates, whether
 * passengers can order it, its approved drivers and its trips of the last 7 days. A row opens it.
 */
export default function VehicleTypeList(props: ListScreenProps) {
  const translate = useTranslate();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  // Widths measured with the 260 px menu open (pricing e2e: no sideways scroll from 800 to 1920 px).
  const withCounts = useMediaQuery('(min-width:1024px)');
  const withFees = useMediaQuery('(min-width:1280px)');
  const splitRates = useMediaQuery('(min-width:1366px)');
  return (
    <ResourceList
      {...props}
      filters={filters}
      sort={{ field: 'baseFare', order: 'ASC' }}
      pagination={false}
      perPage={100}
      empty={
        <Box sx={{ p: 3 }}>
          <EmptyState message={translate('app.vehicleTypes.empty')} />
        </Box>
      }
    >
      <DataTable<VehicleType>
        rowClick={toShowPage}
        bulkActionButtons={false}
        // Eleven columns at 1366 px: tighter cells keep the last (trips in 7 days) on screen.
        sx={{ '& .MuiTableCell-root': { px: 1 } }}
      >
        <DataTable.Col source="name" render={() => <NameCell withStatus={!wide} />} />
        <DataTable.Col source="baseFare" align="right" cellSx={numeric} field={MoneyField} />
        {splitRates && <DataTable.Col source="pricePerKm" align="right" cellSx={numeric} field={MoneyField} />}
        {splitRates && <DataTable.Col source="pricePerMinute" align="right" cellSx={numeric} field={MoneyField} />}
        {!splitRates && (
          <DataTable.Col
            source="pricePerKm"
            label="app.vehicleTypes.perKmAndMinute"
            align="right"
            cellSx={numeric}
            disableSort
            render={() => <DistanceTimeRatesCell />}
          />
        )}
        {medium && <DataTable.Col source="minimumFare" align="right" cellSx={numeric} field={MoneyField} />}
        {withFees && <DataTable.Col source="cancellationFee" align="right" cellSx={numeric} field={MoneyField} />}
        {withFees && <DataTable.Col source="commissionPercent" align="right" render={() => <CommissionCell />} />}
        {wide && <DataTable.Col source="active" render={() => <ActiveChip />} />}
        {withCounts && <DataTable.Col source="approvedDrivers" align="right" cellSx={numeric} />}
        {withCounts && <DataTable.Col source="tripsLast7Days" align="right" cellSx={numeric} />}
      </DataTable>
    </ResourceList>
  );
}
