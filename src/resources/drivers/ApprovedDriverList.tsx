import { TRIP_UPDATED, type TripUpdatedEvent } from '../../domain/tripEvents';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useRef } from 'react';
import {
  BooleanInput,
  DataTable,
  NumberInput,
  SearchInput,
  SelectInput,
  useFieldValue,
  useListContext,
  useRefresh,
} from 'react-admin';
import { DRIVER_SHIFT_CHANGED, type DriverShiftChanged } from '../../domain/liveDrivers';
import { DateTimeField } from '../../kit/DateTimeField';
import { DATE_ONLY } from '../../kit/format';
import { BalanceField } from '../../kit/MoneyField';
import { ReferenceSelectInput } from '../../kit/ReferenceSelectInput';
import { PhoneField } from '../../kit/PhoneField';
import { RatingField } from '../../kit/RatingField';
import { BulkActions, type BulkActionSpec } from '../../kit/BulkActions';
import { ResourceList } from '../../kit/ResourceList';
import { StatusChip } from '../../kit/StatusChip';
import { enumChoices } from '../../kit/enumChoices';
import { useSocketEvent } from '../../realtime/RealtimeProvider';
import { toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import { DriverNameCell } from './DriverCells';
import { LiveTripWarning } from './LiveTripWarning';
import type { Driver } from './types';
import { ACTIONS } from '../../domain/resourceActions';

/** Suspend ↔ reinstate: each undoes the other. */
const DRIVER_BULK_ACTIONS: BulkActionSpec[] = [
  { action: ACTIONS.drivers.suspend, icon: <PauseCircleIcon />, color: 'error', warning: LiveTripWarning },
  { action: ACTIONS.drivers.reinstate, icon: <PlayCircleIcon /> },
];

const noWrap = () => ({ whiteSpace: 'nowrap' });

const driverFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceSelectInput
    key="vehicleTypeId"
    source="vehicleTypeId"
    reference="vehicle-management/vehicles"
    label="app.drivers.vehicleType"
    sx={{ minWidth: 160 }}
    alwaysOn
  />,
  <SelectInput
    key="onlineState"
    source="onlineState"
    label="app.drivers.onlineState"
    choices={enumChoices('driverOnline')}
    alwaysOn
    sx={{ minWidth: 150 }}
  />,
  <NumberInput
    key="rating_lte"
    source="rating_lte"
    label="app.drivers.ratingBelow"
    sx={{ width: 130 }}
    min={0}
    max={5}
    step={0.1}
    alwaysOn
  />,
  <BooleanInput
    key="negativeBalance"
    source="negativeBalance"
    label="app.drivers.negativeBalance"
    alwaysOn
    // The switch's label pulls it 11 px left; on a wrapped second line that cut it off.
    sx={{ paddingInlineStart: 1.5 }}
  />,
];

/** Make, model and plate over the vehicle type. */
function VehicleWithType() {
  const type = useFieldValue({ source: 'vehicleTypeName' }) as string | null;
  const make = useFieldValue({ source: 'vehicleMake' }) as string | null;
  const model = useFieldValue({ source: 'vehicleModel' }) as string | null;
  const plate = useFieldValue({ source: 'vehiclePlate' }) as string | null;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {[make, model].filter(Boolean).join(' ') || '—'}
        {plate && (
          <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', marginInlineStart: 1 }}>
            {plate}
          </Typography>
        )}
      </Typography>
      {type && (
        <Typography variant="caption" color="text.secondary">
          {type}
        </Typography>
      )}
    </span>
  );
}

/**
 * Keeps the online column live: refreshes the page when a trip of one of its drivers changes
 * (`tripUpdated`) or one of them goes online or offline (`driverShiftChanged`); while the list is
 * filtered by online state, any driver's shift refreshes it (someone may join or leave the list).
 */
function LiveOnlineState() {
  const { data, filterValues } = useListContext<Driver>();
  const refresh = useRefresh();
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const later = () => {
    clearTimeout(pending.current);
    pending.current = setTimeout(refresh, 500);
  };
  const onPage = (driverId: number | null) => driverId != null && !!data?.some((d) => d.id === driverId);
  useSocketEvent<TripUpdatedEvent>(TRIP_UPDATED, (event) => {
    if (onPage(event.driverId)) later();
  });
  useSocketEvent<DriverShiftChanged>(DRIVER_SHIFT_CHANGED, (event) => {
    if (onPage(event.driverId) || filterValues?.onlineState) later();
  });
  return null;
}

/**
 * /driver-management/approved-drivers (and /driver-management/drivers): who drives, in what, how
 * well, whether online now (live through trip events), and what they owe or hold.
 */
export default function ApprovedDriverList(props: ListScreenProps) {
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  return (
    <ResourceList {...props} filters={driverFilters} createTo="/driver-management/create">
      <LiveOnlineState />
      <DataTable<Driver> rowClick={toShowPage} bulkActionButtons={<BulkActions actions={DRIVER_BULK_ACTIONS} />}>
        <DataTable.Col
          source="firstName"
          label="app.drivers.name"
          render={() => <DriverNameCell withPhone={!wide} />}
        />
        {wide && <DataTable.Col source="phone" disableSort cellSx={noWrap} field={PhoneField} />}
        {medium && (
          <DataTable.Col
            source="vehiclePlate"
            label="app.drivers.vehicle"
            disableSort
            render={() => <VehicleWithType />}
          />
        )}
        <DataTable.Col source="rating" field={RatingField} />
        {medium && <DataTable.Col source="tripsCompleted" label="app.drivers.tripsCompleted" disableSort />}
        <DataTable.Col
          source="onlineState"
          label="app.drivers.onlineState"
          disableSort
          render={() => <StatusChip palette="driverOnline" source="onlineState" />}
        />
        <DataTable.Col source="creditBalance" label="app.drivers.balance" field={BalanceField} />
        {wide && (
          <DataTable.Col
            source="createdAt"
            label="app.drivers.joined"
            cellSx={noWrap}
            render={() => <DateTimeField source="createdAt" options={DATE_ONLY} />}
          />
        )}
      </DataTable>
    </ResourceList>
  );
}
