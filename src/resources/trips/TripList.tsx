import CancelIcon from '@mui/icons-material/Cancel';
import MapIcon from '@mui/icons-material/Map';
import { Box, Chip, IconButton, Stack, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { DataTable, List, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { drivers, passengers } from '../../domain/resources';
import { BulkActions, type BulkActionSpec } from '../../kit/BulkActions';
import { DateTimeField } from '../../kit/DateTimeField';
import { enumLabelKey } from '../../kit/enumChoices';
import { formatDistance, formatDuration } from '../../kit/format';
import { ResourceListActions } from '../../kit/ListActions';
import { LinkedRecordField } from '../../kit/LinkedRecordField';
import { MoneyField } from '../../kit/MoneyField';
import { EmptyState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import { useNow } from '../../kit/useNow';
import { toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import { LiveTrips } from './LiveTrips';
import { PickupTime } from './PickupTime';
import { tripExporter } from './tripExporter';
import { tripFilters } from './tripFilters';
import { RequestedRangeFilter, TripTabs } from './TripListBar';
import { isWaiting, WAITING_ALERT_MS } from './tripListState';
import { TripPreview, usePreviewBeside, usePreviewedTrip } from './TripPreview';
import { TRIP_FIRST_PAGE, type Trip } from './types';
import { PREFETCHED_FRESH_MS } from '../../dataProviders/prefetch';
import { RowLink } from '../../kit/RowLink';
import { preloadMapLibre } from '../../kit/map';
import { whenIdle } from '../../kit/whenIdle';
import { ACTIONS } from '../../domain/resourceActions';

/** A cancellation cannot be undone (fees and offers are settled at once). */
const TRIP_BULK_ACTIONS: BulkActionSpec[] = [{ action: ACTIONS.trips.cancel, icon: <CancelIcon />, color: 'error' }];

const noWrap = { whiteSpace: 'nowrap' } as const;
const noWrapCell = () => noWrap;

/** The driver, or for a trip still waiting for one, how long it has waited (red past 2 minutes). */
function DriverCell() {
  const translate = useTranslate();
  const trip = useRecordContext<Trip>();
  const now = useNow(5_000);
  if (!trip) return null;
  if (trip.driverId !== null && trip.driverId !== undefined)
    return <LinkedRecordField<Trip> source="driverId" reference={drivers.path} text={(t) => t.driverName} />;
  if (!isWaiting(trip.status)) return <span className={CELL.secondary}>{translate('app.trips.noDriver')}</span>;
  const waited = now - new Date(trip.requestedAt).getTime();
  const late = waited > WAITING_ALERT_MS;
  return (
    <Chip
      size="small"
      color={late ? 'error' : 'default'}
      variant={late ? 'filled' : 'outlined'}
      label={translate('app.trips.waiting', { time: formatDuration(Math.max(0, waited) / 1000) ?? '' })}
      data-testid="waiting-time"
      data-late={late}
    />
  );
}

/**
 * "Garden City Mall → Westgate Mall" (the full addresses are in the preview panel, which follows
 * the pointer), with the distance and duration under it.
 */
function RouteCell() {
  const trip = useRecordContext<Trip>();
  if (!trip) return null;
  return (
    <div className={CELL.route}>
      <div className={CELL.ellipsis}>
        {trip.pickupPlace ?? trip.pickupAddress} → {trip.dropoffPlace ?? trip.dropoffAddress}
      </div>
      <div className={CELL.caption}>
        {formatDistance(trip.distanceKm * 1000)} · {formatDuration(trip.durationMin * 60)}
      </div>
    </div>
  );
}

/** The fare in money, with the payment method under it. */
function FareCell() {
  const translate = useTranslate();
  const trip = useRecordContext<Trip>();
  if (!trip) return null;
  return (
    <div className={CELL.noWrap}>
      <MoneyField source="fareTotal" />
      <div className={CELL.caption}>
        {translate(enumLabelKey('paymentMethod', trip.paymentMethod), { _: trip.paymentMethod })}
      </div>
    </div>
  );
}

/** A button that shows the row's route in the side panel (keyboard reachable; the row click opens the trip). */
function PreviewButton() {
  const translate = useTranslate();
  const trip = useRecordContext<Trip>();
  const [previewed, setPreviewed] = usePreviewedTrip();
  if (!trip) return null;
  const label = translate('app.trips.preview.show', { id: trip.id });
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={previewed === trip.id}
        color={previewed === trip.id ? 'primary' : 'default'}
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          setPreviewed(trip.id);
        }}
      >
        <MapIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/**
 * The cells' own parts are plain elements with these classes, styled once for the whole table by
 * tableSx: 25 rows of MUI Typography, Box and Stack took about a third of the rows' drawing, each
 * element's styles serialized on every render.
 */
const CELL = {
  caption: 'trip-caption',
  secondary: 'trip-secondary',
  ellipsis: 'trip-ellipsis',
  noWrap: 'trip-nowrap',
  route: 'trip-route',
  routeColumn: 'trip-route-column',
  idRow: 'trip-id',
  people: 'trip-people',
  driver: 'trip-driver',
} as const;

const tableSx = (theme: Theme) => ({
  [`& .${CELL.caption}`]: { ...theme.typography.caption, color: theme.palette.text.secondary, display: 'block' },
  [`& .${CELL.secondary}`]: { ...theme.typography.body2, color: theme.palette.text.secondary },
  [`& .${CELL.ellipsis}`]: {
    ...theme.typography.body2,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  [`& .${CELL.noWrap}, & .${CELL.route} .${CELL.caption}`]: { whiteSpace: 'nowrap' },
  // The route takes what the other columns leave (and no more): the table fits its space beside
  // the preview, at 1280 px as at 1920, and a long route ends with an ellipsis.
  [`& td.${CELL.routeColumn}`]: { width: '100%', maxWidth: 0, minWidth: 140 },
  [`& .${CELL.idRow}`]: { display: 'flex', alignItems: 'center', gap: theme.spacing(0.5) },
  [`& .${CELL.people}`]: { minWidth: 140 },
  [`& .${CELL.driver}`]: { marginTop: theme.spacing(0.25) },
  // The row whose route is previewed is marked: its map button is pressed.
  '& tbody tr:has(button[aria-pressed="true"])': { backgroundColor: theme.palette.action.selected },
});

/**
 * Around the table, what follows the pointer: while it is over the table the live refetch waits
 * (LiveTrips), and resting on a row previews its route. The pointer changes state here only: the
 * table, passed in as `children`, is not drawn again (25 rows took 60 ms on every entry).
 */
function PointerArea({ children }: { children: ReactNode }) {
  const { data } = useListContext<Trip>();
  const [previewed, setPreviewed] = usePreviewedTrip();
  const [reading, setReading] = useState(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const previewOnHover = usePreviewBeside();
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const onPointerOver = (event: MouseEvent<HTMLElement>) => {
    if (!previewOnHover) return;
    const row = (event.target as HTMLElement).closest('tbody tr');
    if (!row?.parentElement) return;
    const trip = data?.[Array.from(row.parentElement.children).indexOf(row)];
    clearTimeout(hoverTimer.current);
    if (trip && trip.id !== previewed) hoverTimer.current = setTimeout(() => setPreviewed(trip.id), 250);
  };

  return (
    <>
      <LiveTrips reading={reading} />
      <Box
        sx={tableSx}
        onMouseOver={onPointerOver}
        onMouseEnter={() => setReading(true)}
        onMouseLeave={() => {
          clearTimeout(hoverTimer.current);
          setReading(false);
        }}
      >
        {children}
      </Box>
    </>
  );
}

/** The table, the tabs, the range, and the live updates; pointing at a row previews its route. */
function TripTable() {
  const translate = useTranslate();
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  // A trip's page and the route preview draw a map: MapLibre (1 MB) is fetched and compiled as soon
  // as the drawn list leaves the page idle, while it is read, not while a trip opens.
  useEffect(() => whenIdle(preloadMapLibre), []);

  return (
    <>
      <TripTabs />
      <Stack direction="row" sx={{ px: 1, pt: 1, alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <RequestedRangeFilter />
      </Stack>
      <PointerArea>
        <DataTable<Trip>
          rowClick={toShowPage}
          bulkActionButtons={<BulkActions actions={TRIP_BULK_ACTIONS} />}
          empty={<EmptyState message={translate('app.trips.empty')} />}
        >
          <DataTable.Col
            source="id"
            cellSx={noWrapCell}
            render={(trip) => (
              <div className={CELL.idRow}>
                <div>
                  <RowLink>
                    <strong>#{trip.id}</strong>
                  </RowLink>
                  <div className={CELL.caption}>{trip.vehicleTypeName}</div>
                </div>
                <PreviewButton />
              </div>
            )}
          />
          <DataTable.Col
            source="requestedAt"
            cellSx={noWrapCell}
            render={() => (
              <>
                <DateTimeField source="requestedAt" relative />
                <PickupTime className={CELL.caption} />
              </>
            )}
          />
          <DataTable.Col
            source="passengerId"
            label="app.trips.people"
            disableSort
            render={() => (
              <div className={CELL.people}>
                <LinkedRecordField<Trip>
                  source="passengerId"
                  reference={passengers.path}
                  text={(t) => t.passengerName}
                />
                <div className={CELL.driver}>
                  <DriverCell />
                </div>
              </div>
            )}
          />
          {medium && (
            <DataTable.Col
              source="pickupPlace"
              label="app.trips.route"
              disableSort
              cellClassName={CELL.routeColumn}
              render={() => <RouteCell />}
            />
          )}
          <DataTable.Col source="status" render={() => <StatusChip palette="tripStatus" />} />
          <DataTable.Col source="fareTotal" render={() => <FareCell />} />
        </DataTable>
      </PointerArea>
    </>
  );
}

/**
 * /trip-management/trips: quick tabs, filters (all in the URL), live updates, export of the whole
 * filtered set, and a route preview beside the table. The list asks the engine only for its columns.
 */
export default function TripList({ filter, storeKey, title }: ListScreenProps) {
  return (
    <List
      // The route checked the session and the permission as it drew (ScreenAccess): the list's own
      // checks would only re-draw every row once they answer.
      disableAuthentication
      filter={filter}
      storeKey={storeKey}
      title={title}
      filters={tripFilters}
      sort={TRIP_FIRST_PAGE.sort}
      perPage={TRIP_FIRST_PAGE.perPage}
      exporter={tripExporter}
      queryOptions={{
        meta: TRIP_FIRST_PAGE.meta,
        placeholderData: (previous) => previous,
        // The first page fetched when the menu link was hovered is shown, not asked for again.
        staleTime: PREFETCHED_FRESH_MS,
      }}
      actions={<ResourceListActions create={false} />}
      aside={<TripPreview />}
    >
      <TripTable />
    </List>
  );
}
