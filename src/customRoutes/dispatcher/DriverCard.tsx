import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import CloseIcon from '@mui/icons-material/Close';
import { Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { trips } from '../../domain/resources';
import type { LiveDriver } from '../../domain/liveDrivers';
import { formatRelativeTime, formatSpeed } from '../../kit/format';
import { useWatch } from 'react-hook-form';
import type { BookingValues } from './bookingForm';
import { useSetBookingDriver } from './bookingFields';
import { enumLabelKey } from '../../kit/enumChoices';
import { PointShapeIcon } from '../../kit/map';
import { LIVE_STATE_COLOURS, LIVE_STATE_SHAPES } from './model';
import { driverName, useDriverCards, vehicleLine } from './driverCards';

/**
 * A driver picked on the map: name, vehicle and rating (the dispatcher's driver cards, which the
 * Dispatcher role may read without view-Driver), live state, current trip; follow them, or have the
 * booking being taken (the screen's booking form) assigned to them once booked.
 */
export function DriverCard({
  id,
  driver,
  outsideArea = false,
  following,
  onFollow,
  onClose,
}: {
  id: number;
  driver: LiveDriver | undefined;
  /** The driver's trip is flagged outside every service area (issue 32). */
  outsideArea?: boolean;
  following: boolean;
  onFollow: (on: boolean) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { canAccess: books } = useCanAccess({ resource: trips.path, action: 'create' });
  const { cards } = useDriverCards([id]);
  const record = cards.get(id);
  const name = driverName(cards, id, translate);
  const vehicle = record ? vehicleLine(record) : undefined;
  const assigned = useWatch<BookingValues, 'driverId'>({ name: 'driverId' }) === id;
  const assignToBooking = useSetBookingDriver();
  return (
    <Paper
      elevation={4}
      data-testid="driver-card"
      role="region"
      aria-label={name}
      sx={{ position: 'absolute', top: 8, right: 8, width: 300, maxWidth: 'calc(100% - 16px)', p: 1.5, zIndex: 2 }}
    >
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, minWidth: 0 }} noWrap>
          {name}
        </Typography>
        <IconButton size="small" aria-label={translate('app.dispatcher.card.close')} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      {!driver ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.dispatcher.driverGone')}
        </Typography>
      ) : (
        <Stack spacing={0.75}>
          <Stack direction="row" spacing={1} alignItems="center">
            <PointShapeIcon shape={LIVE_STATE_SHAPES[driver.state]} colour={LIVE_STATE_COLOURS[driver.state]} />
            <Typography variant="body2">{translate(enumLabelKey('driverLiveState', driver.state))}</Typography>
            <Typography variant="caption" color="text.secondary">
              {formatRelativeTime(driver.at)} · {formatSpeed(driver.speed)}
            </Typography>
          </Stack>
          {outsideArea && (
            <Typography
              variant="body2"
              data-testid="driver-outside-area"
              sx={{ color: 'warning.dark', fontWeight: 700, display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              <WrongLocationIcon sx={{ fontSize: 16 }} aria-hidden />
              {translate('app.dispatcher.board.outsideArea')}
            </Typography>
          )}
          {vehicle && <Typography variant="body2">{vehicle}</Typography>}
          {record && (
            <Typography variant="body2" color="text.secondary">
              ★ {Number(record.rating).toFixed(1)} · <a href={`tel:${record.phone}`}>{record.phone}</a>
            </Typography>
          )}
          {driver.tripId !== null && (
            <Button
              component={Link}
              to={`/${trips.path}/${driver.tripId}`}
              size="small"
              sx={{ alignSelf: 'flex-start' }}
            >
              {translate('app.dispatcher.openTrip', { id: driver.tripId })}
            </Button>
          )}
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant={following ? 'contained' : 'outlined'}
              onClick={() => onFollow(!following)}
              aria-pressed={following}
            >
              {translate(following ? 'app.dispatcher.unfollow' : 'app.dispatcher.follow')}
            </Button>
            {books && (
              <Button
                size="small"
                variant="outlined"
                disabled={driver.state !== 'available' || assigned}
                onClick={() => assignToBooking({ id, name })}
              >
                {translate(assigned ? 'app.dispatcher.assignedToBooking' : 'app.dispatcher.assignToBooking')}
              </Button>
            )}
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
