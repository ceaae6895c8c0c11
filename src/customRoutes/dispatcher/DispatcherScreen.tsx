import { Alert, Box, Chip, Stack } from '@mui/material';
import { memo, useCallback, useMemo, useState } from 'react';
import { Form, Title, useNotify, useTranslate } from 'react-admin';
import { CITY } from '../../domain/city';
import { DispatcherLayout } from '../../layout/DispatcherLayout';
import { RealtimeProvider } from '../../realtime/RealtimeProvider';
import { LiveMap, PointShapeIcon, type LivePoint, type PointShape } from '../../kit/map';
import { FLAGGED_COLOUR, type MapPin } from '../../kit/map/LiveMap';
import { PICKUP_COLOUR, DROPOFF_COLOUR } from '../../kit/map/RouteMap';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { yupResolver } from '../../forms/yupResolver';
import { BookingPanel } from './BookingPanel';
import { EMPTY_BOOKING, bookingSchema, type PointKind } from './bookingForm';
import { useBookingPoint, useSetPoint } from './bookingFields';
import { useBookTrip } from './useBookTrip';
import { nameOfPoint, useRoutePreview } from './bookingData';
import { DriverCard } from './DriverCard';
import { enumLabelKey } from '../../kit/enumChoices';
import { driversOutsideArea, LIVE_STATE_COLOURS, LIVE_STATE_SHAPES, type BBox } from './model';
import { TripCard } from './TripCard';
import { TripsBoard, type BoardRecord } from './TripsBoard';
import { useActiveTrips } from './useActiveTrips';
import { useLiveDrivers } from './useLiveDrivers';
import { useZoneAreas } from './useZoneAreas';

/**
 * From 900 px the map takes what the 240 px board leaves of the window. Narrower, the page scrolls:
 * the map gets most of the window's height (not all of it, so a finger can still scroll past it),
 * and the board as much as its trips need.
 */
const MAP_SX = {
  position: 'relative',
  flexGrow: 1,
  minHeight: { xs: 200, md: 0 },
  height: { xs: '60vh', md: 'auto' },
} as const;
const BOARD_SX = {
  height: { md: 240 },
  flexShrink: 0,
  borderTop: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
} as const;
const CITY_BOX: BBox = [CITY.bounds.west, CITY.bounds.south, CITY.bounds.east, CITY.bounds.north];

/**
 * /dispatcher: the phone booking in the side area; the live map of online drivers (snapshot, then
 * socket deltas for the visible box) with the booking's pickup, drop-off and route; the active trips
 * board under it. Picking a trip on the board centres it and opens its card; a driver on the map
 * opens theirs.
 */
export default function DispatcherScreen() {
  return (
    <RealtimeProvider>
      <DispatcherPage />
    </RealtimeProvider>
  );
}

// The booking's rules, checked on submit (and again as a wrong field changes), as in every other form.
const resolver = yupResolver(bookingSchema);

function DispatcherPage() {
  const translate = useTranslate();
  const [picking, setPicking] = useState<PointKind | null>(null);
  const [selectedTrip, setSelectedTrip] = useState<number>();
  const [selectedDriver, setSelectedDriver] = useState<number>();
  const [following, setFollowing] = useState<number>();
  const [focus, setFocus] = useState<{ lat: number; lng: number }>();
  const [bookings, setBookings] = useState(0);

  const onBooked = useCallback((id: number) => {
    setSelectedTrip(id);
    setSelectedDriver(undefined);
    setBookings((count) => count + 1);
  }, []);
  const book = useBookTrip(onBooked);

  const selectTrip = useCallback((trip: BoardRecord) => {
    setSelectedTrip(trip.id);
    setSelectedDriver(undefined);
    setFollowing(undefined);
    setFocus({ lat: trip.pickupLat, lng: trip.pickupLng });
  }, []);

  const selectDriver = useCallback((id: number | undefined) => {
    setSelectedDriver(id);
    // The map follows the driver whose card is open, or nobody: not one whose card was replaced.
    setFollowing((followed) => (followed === id ? followed : undefined));
    if (id !== undefined) setSelectedTrip(undefined);
  }, []);

  return (
    // The booking's one owner: the panel, the map (a click sets a point) and the driver cards write here.
    <Form
      onSubmit={book.submit}
      resolver={resolver}
      defaultValues={EMPTY_BOOKING}
      noValidate
      shouldFocusError={false}
      disableInvalidFormNotification
    >
      <DispatcherLayout
        side={<BookingPanel picking={picking} onPick={setPicking} bookings={bookings} isPending={book.isPending} />}
      >
        <Title title={translate('app.dispatcher.title')} />
        <Box sx={{ display: 'flex', flexDirection: 'column', height: { md: '100%' } }}>
          <Box sx={{ ...MAP_SX, cursor: picking ? 'crosshair' : undefined }}>
            <BookingOnMap
              focus={focus}
              picking={picking}
              onPick={setPicking}
              selectedDriver={selectedDriver}
              onSelectDriver={selectDriver}
              following={following}
              onFollow={setFollowing}
            />
            {selectedTrip !== undefined && <TripCard id={selectedTrip} onClose={() => setSelectedTrip(undefined)} />}
          </Box>
          <Box sx={BOARD_SX}>
            <TripsBoard selectedId={selectedTrip} onSelect={selectTrip} />
          </Box>
        </Box>
      </DispatcherLayout>
    </Form>
  );
}

/**
 * The booking on the map: its pickup and drop-off pins and route, and a click that sets the point
 * being picked (named after the nearest place) in the form.
 */
function BookingOnMap({
  picking,
  onPick,
  ...live
}: Omit<LiveAreaProps, 'pins' | 'line' | 'onMapClick'> & { onPick: (kind: PointKind | null) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePanelDataProvider();
  const setPoint = useSetPoint();
  const pickup = useBookingPoint('pickup');
  const dropoff = useBookingPoint('dropoff');

  const pins = useMemo<MapPin[]>(() => {
    const out: MapPin[] = [];
    if (pickup)
      out.push({
        id: 'pickup',
        ...pickup,
        colour: PICKUP_COLOUR,
        label: `${translate('app.map.pickup')}: ${pickup.address}`,
      });
    if (dropoff)
      out.push({
        id: 'dropoff',
        ...dropoff,
        colour: DROPOFF_COLOUR,
        label: `${translate('app.map.dropoff')}: ${dropoff.address}`,
      });
    return out;
  }, [pickup, dropoff, translate]);
  // The route the trip will get (the server's shape); a straight line only if it cannot be read.
  const route = useRoutePreview(pickup, dropoff);
  const line = useMemo(
    () =>
      !pickup || !dropoff
        ? undefined
        : (route.data ??
          (route.isError
            ? ([
                [pickup.lng, pickup.lat],
                [dropoff.lng, dropoff.lat],
              ] as [number, number][])
            : undefined)),
    [pickup, dropoff, route.data, route.isError],
  );

  const onMapClick = useCallback(
    (point: { lat: number; lng: number }) => {
      if (!picking) return;
      const kind = picking;
      onPick(null);
      nameOfPoint(dataProvider, point).then(
        (named) => setPoint(kind, named),
        (error: unknown) => notify(error instanceof Error ? error.message : String(error), { type: 'warning' }),
      );
    },
    [picking, onPick, dataProvider, notify, setPoint],
  );

  return <LiveArea {...live} picking={picking} pins={pins} line={line} onMapClick={onMapClick} />;
}

interface LiveAreaProps {
  pins: readonly MapPin[];
  line: readonly [number, number][] | undefined;
  focus: { lat: number; lng: number } | undefined;
  picking: PointKind | null;
  onMapClick: (point: { lat: number; lng: number }) => void;
  selectedDriver: number | undefined;
  onSelectDriver: (id: number | undefined) => void;
  following: number | undefined;
  onFollow: (id: number | undefined) => void;
}

/**
 * The live part of the page: the drivers feed, the map, its legend and the picked driver's card.
 * Memoised and holding the feed itself, so the batch of positions each second re-renders only this,
 * not the top bar, the booking panel or the board around it.
 */
const LiveArea = memo(function LiveArea({
  pins,
  line,
  focus,
  picking,
  onMapClick,
  selectedDriver,
  onSelectDriver,
  following,
  onFollow,
}: LiveAreaProps) {
  const translate = useTranslate();
  // The city until the map reports its view (and when it cannot draw at all).
  const [box, setBox] = useState<BBox>(CITY_BOX);
  const feed = useLiveDrivers(box);
  const areas = useZoneAreas();
  const { live: activeTrips } = useActiveTrips({ leads: false });
  const outside = useMemo(() => driversOutsideArea(activeTrips), [activeTrips]);

  // No title per point: nothing on the map reads it, and 2,000 translated names a second add up.
  const points = useMemo<LivePoint[]>(
    () =>
      Array.from(feed.drivers.values(), (d) => ({
        id: d.id,
        lat: d.lat,
        lng: d.lng,
        heading: d.heading,
        status: d.state,
        flagged: outside.has(d.id),
      })),
    [feed.drivers, outside],
  );
  const followed = following === undefined ? undefined : feed.drivers.get(following);
  const followFocus = useMemo(() => (followed ? { lat: followed.lat, lng: followed.lng } : undefined), [followed]);
  const onPointClick = useCallback((id: LivePoint['id']) => onSelectDriver(Number(id)), [onSelectDriver]);

  const counts = useMemo(() => {
    const out: Record<string, number> = {};
    for (const d of feed.drivers.values()) out[d.state] = (out[d.state] ?? 0) + 1;
    return out;
  }, [feed.drivers]);
  const outsideOnMap = useMemo(() => points.filter((p) => p.flagged).length, [points]);

  return (
    <>
      <LiveMap
        points={points}
        colours={LIVE_STATE_COLOURS}
        shapes={LIVE_STATE_SHAPES}
        label={translate('app.dispatcher.liveMap')}
        cluster
        headings
        pins={pins}
        line={line}
        areas={areas}
        focus={followFocus ?? focus}
        onViewChange={setBox}
        onMapClick={onMapClick}
        onPointClick={onPointClick}
      />
      <Stack
        direction="row"
        spacing={0.5}
        data-testid="map-legend"
        sx={{
          position: 'absolute',
          top: 8,
          left: 8,
          flexWrap: 'wrap',
          rowGap: 0.5,
          pointerEvents: 'none',
          // Beside the driver card on a wide screen; the whole width when narrow or zoomed to 200 %,
          // where 360 px left no room and cut every entry to a letter.
          maxWidth: { xs: 'calc(100% - 16px)', lg: 'calc(100% - 360px)' },
        }}
      >
        {Object.entries(LIVE_STATE_COLOURS).map(([state, colour]) => (
          <LegendChip
            key={state}
            label={`${translate(enumLabelKey('driverLiveState', state))} · ${counts[state] ?? 0}`}
            colour={colour}
            shape={LIVE_STATE_SHAPES[state as keyof typeof LIVE_STATE_SHAPES]}
          />
        ))}
        {outsideOnMap > 0 && (
          <Chip
            size="small"
            data-testid="legend-outside-area"
            label={`${translate('app.dispatcher.board.outsideArea')} · ${outsideOnMap}`}
            icon={<FlagRing />}
            sx={LEGEND_CHIP_SX}
          />
        )}
      </Stack>
      <Stack spacing={0.5} sx={{ position: 'absolute', bottom: 8, left: 8, maxWidth: 420, zIndex: 1 }}>
        {picking && (
          <Alert severity="info" data-testid="picking-notice">
            {translate('app.dispatcher.picking', {
              what: translate(`app.dispatcher.booking.${picking}`).toLowerCase(),
            })}
          </Alert>
        )}
        {feed.socket === 'down' && (
          <Alert severity="warning" data-testid="socket-down">
            {translate('app.dispatcher.socketDown')}
          </Alert>
        )}
        {feed.failed && (
          <Alert severity="info" data-testid="feed-unavailable">
            {translate('app.dispatcher.feedUnavailable')}
          </Alert>
        )}
      </Stack>
      {selectedDriver !== undefined && (
        <DriverCard
          driver={feed.drivers.get(selectedDriver)}
          id={selectedDriver}
          following={following === selectedDriver}
          onFollow={(on) => onFollow(on ? selectedDriver : undefined)}
          outsideArea={outside.has(selectedDriver)}
          onClose={() => onSelectDriver(undefined)}
        />
      )}
    </>
  );
});

/** A legend entry: re-rendered only when its count changes. */
const LegendChip = memo(function LegendChip({
  label,
  colour,
  shape,
}: {
  label: string;
  colour: string;
  shape: PointShape;
}) {
  return (
    <Chip size="small" label={label} icon={<PointShapeIcon shape={shape} colour={colour} />} sx={LEGEND_CHIP_SX} />
  );
});
// The paper colour of the theme (light or dark), so the label keeps its contrast over the map.
const LEGEND_CHIP_SX = { bgcolor: 'background.paper' } as const;

/** The map's ring around a driver outside every service area on a trip, for the legend. */
function FlagRing() {
  return (
    <svg width={12} height={12} viewBox="0 0 12 12" aria-hidden="true">
      <circle cx={6} cy={6} r={4.5} fill={FLAGGED_COLOUR} fillOpacity={0.25} stroke={FLAGGED_COLOUR} strokeWidth={2} />
    </svg>
  );
}
