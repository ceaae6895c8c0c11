import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import { Alert, Box, Button, ButtonBase, Paper, Stack, Typography } from '@mui/material';
import { memo, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../../kit/format';
import { useNow } from '../../kit/useNow';
import {
  BOARD_COLUMNS,
  cardPickupTime,
  formatWait,
  groupBoard,
  waitingSince,
  LATE_AFTER_SECONDS,
  waitingSeconds,
  type BoardColumn,
  type BoardTrip,
} from './model';
import { driverName, useDriverCards } from './driverCards';
import { useActiveTrips, type BoardRecord } from './useActiveTrips';

export type { BoardRecord };

/** How long a trip has waited for a driver, red after LATE_AFTER_SECONDS. */
function WaitTime({ requestedAt }: { requestedAt: string }) {
  const wait = waitingSeconds(requestedAt, useNow(1000));
  const late = wait > LATE_AFTER_SECONDS;
  return (
    <Typography variant="caption" sx={late ? LATE_SX : WAIT_SX} data-testid={late ? 'board-late' : undefined}>
      {formatWait(wait)}
    </Typography>
  );
}
/** A pickup time on a card: the day and the time, in the city's clock. */
const PICKUP_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

/** A trip booked for later: its pickup time ("Pickup 28 Nov, 08:30"). */
function PickupAt({ at }: { at: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="caption" component="div" sx={WAIT_SX} data-testid="board-pickup-at">
      {translate('app.dispatcher.board.pickupAt', {
        time: formatDateTime(at, PICKUP_FORMAT),
      })}
    </Typography>
  );
}

const WAIT_SX = { fontWeight: 700, color: 'text.secondary' } as const;
const LATE_SX = { fontWeight: 700, color: 'error.main' } as const;

/**
 * One trip on the board. Memoised: a `tripUpdated` re-renders only the card of that trip, and the
 * second's tick only the waiting times (MUI's styles make a full board of cards costly to redraw).
 */
const BoardCard = memo(function BoardCard({
  trip,
  column,
  selected,
  onSelect,
  driverName,
}: {
  trip: BoardRecord;
  column: BoardColumn;
  selected: boolean;
  onSelect: (trip: BoardRecord) => void;
  /** The driver's name, or for an offer "Offered to …", when there is one. */
  driverName: string | undefined;
}) {
  const pickupAt = cardPickupTime(trip as unknown as BoardTrip, column);
  return (
    <ButtonBase
      onClick={() => onSelect(trip)}
      aria-pressed={selected}
      data-testid={`board-trip-${trip.id}`}
      sx={selected ? CARD_SELECTED_SX : CARD_SX}
    >
      <Stack direction="row" justifyContent="space-between" spacing={1}>
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          #{trip.id}
        </Typography>
        {column === 'waiting' && (
          <WaitTime
            requestedAt={waitingSince(trip as unknown as { requestedAt: string; releasedAt?: string | null })}
          />
        )}
        {column === 'scheduled' && pickupAt && <PickupAt at={pickupAt} />}
      </Stack>
      {column !== 'scheduled' && pickupAt && <PickupAt at={pickupAt} />}
      <Typography variant="caption" component="div" noWrap>
        {trip.passengerName}
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary" noWrap>
        {String(trip.pickupAddress ?? '').split(',')[0]} → {String(trip.dropoffAddress ?? '').split(',')[0]}
      </Typography>
      {trip.leftAreaAt && <OutsideArea />}
      {driverName !== undefined && (
        <Typography
          variant="caption"
          component="div"
          color="text.secondary"
          noWrap
          data-testid={column === 'offered' ? 'board-offered-to' : undefined}
        >
          {driverName}
        </Typography>
      )}
    </ButtonBase>
  );
});
/** The marker of a trip whose driver is outside every service area (issue 32). */
function OutsideArea() {
  const translate = useTranslate();
  return (
    <Typography
      variant="caption"
      component="div"
      data-testid="board-outside-area"
      sx={{ color: 'warning.dark', fontWeight: 700, display: 'flex', alignItems: 'center', gap: 0.5 }}
    >
      <WrongLocationIcon sx={{ fontSize: 14 }} aria-hidden />
      {translate('app.dispatcher.board.outsideArea')}
    </Typography>
  );
}

const CARD_SX = {
  display: 'block',
  textAlign: 'start',
  p: 0.75,
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
} as const;
const CARD_SELECTED_SX = { ...CARD_SX, borderColor: 'primary.main', bgcolor: 'action.selected' } as const;

/** Side by side from 900 px (scrolling sideways inside the board if need be); narrower, one under another. */
const COLUMNS_SX = {
  display: 'flex',
  flexDirection: { xs: 'column', md: 'row' },
  gap: 1,
  p: 1,
  flexGrow: 1,
  minHeight: 0,
  overflowX: { md: 'auto' },
} as const;
const COLUMN_SX = {
  flex: { xs: 'none', md: '1 1 0' },
  minWidth: { md: 150 },
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
} as const;

/**
 * The active trips in columns: waiting for a driver (the wait red after 2 minutes), offered, driver
 * en route, at pickup, on trip. Live through `tripUpdated`; a trip it does not know yet is fetched
 * with the list again; while the socket is down the list is fetched every 15 s.
 */
export const TripsBoard = memo(function TripsBoard({
  selectedId,
  onSelect,
}: {
  selectedId?: number;
  onSelect: (trip: BoardRecord) => void;
}) {
  const translate = useTranslate();
  const { canAccess, live, isPending, error, refetch } = useActiveTrips({ leads: true });
  const columns = useMemo(() => groupBoard(live), [live]);
  // Names of the drivers on the board (the offers' drivers are not in the trip records).
  const driverIds = useMemo(() => live.flatMap((t) => [t.driverId, t.offeredDriverId]), [live]);
  const { cards } = useDriverCards(driverIds);

  if (canAccess === false) return null;
  return (
    <Box
      component="section"
      aria-labelledby="board-title"
      data-testid="trips-board"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Typography id="board-title" component="h2" variant="subtitle2" sx={{ fontWeight: 700, px: 1.5, pt: 1 }}>
        {translate('app.dispatcher.board.title', { count: live.length })}
      </Typography>
      {error ? (
        <Alert
          severity="error"
          sx={{ m: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {translate('ra.action.refresh')}
            </Button>
          }
        >
          {translate('app.dispatcher.board.error')}
        </Alert>
      ) : (
        <Box sx={COLUMNS_SX}>
          {BOARD_COLUMNS.map((column) => (
            <Paper
              key={column}
              variant="outlined"
              component="section"
              aria-label={translate(`app.dispatcher.board.${column}`)}
              data-testid={`board-${column}`}
              sx={COLUMN_SX}
            >
              <Typography
                variant="caption"
                sx={{ fontWeight: 700, px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
              >
                {translate(`app.dispatcher.board.${column}`)} · {columns[column].length}
              </Typography>
              <Stack spacing={0.5} sx={{ p: 0.5, overflowY: 'auto', minHeight: 0 }}>
                {isPending && canAccess ? (
                  <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
                    {translate('ra.page.loading')}
                  </Typography>
                ) : columns[column].length === 0 ? (
                  <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
                    {translate('app.dispatcher.board.empty')}
                  </Typography>
                ) : (
                  columns[column].map((trip) => (
                    <BoardCard
                      key={trip.id}
                      trip={trip}
                      column={column}
                      selected={trip.id === selectedId}
                      onSelect={onSelect}
                      driverName={
                        column === 'offered' && trip.offeredDriverId
                          ? translate('app.dispatcher.board.offeredTo', {
                              name: driverName(cards, trip.offeredDriverId, translate),
                            })
                          : trip.driverId !== null
                            ? driverName(cards, trip.driverId, translate, trip.driverName)
                            : undefined
                      }
                    />
                  ))
                )}
              </Stack>
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
});
