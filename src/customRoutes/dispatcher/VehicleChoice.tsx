import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime, formatMoney, formatNumber } from '../../kit/format';
import { vehicleDetail, type VehicleDetail } from './model';
import { useAvailability, useFareEstimates } from './bookingData';
import { ChoiceList, ChoiceOption } from './ChoiceList';
import { zoneEffectOf } from '../../domain/zoneFares';
import { useZoneEffectText } from '../../kit/zoneEffectText';

/** The pickup's time of day: its day is in the field below, and the line stays short enough for the column. */
const PICKUP_FORMAT: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/**
 * The vehicle types with each one's fare and, for a ride now, the nearest driver's ETA and the
 * available count (for one booked for later, the fare at its pickup time); the arrow keys choose.
 */
export function VehicleChoice({
  fares,
  plain,
  availability,
  chosen,
  isPending,
  error,
  ready,
  onRetry,
  onChoose,
  pickupAt,
}: {
  fares: ReturnType<typeof useFareEstimates>['fares'] & object;
  plain?: ReturnType<typeof useFareEstimates>['plain'];
  availability?: ReturnType<typeof useAvailability>['data'];
  chosen: number;
  isPending: boolean;
  error?: string;
  ready: boolean;
  onRetry: () => void;
  onChoose: (vehicleTypeId: number) => void;
  /** A ride booked for later: its pickup time (the fares are at that time; no live ETA). */
  pickupAt?: string;
}) {
  const translate = useTranslate();
  const detailText = (detail: VehicleDetail) => {
    switch (detail.kind) {
      case 'fareAt': {
        const time = formatDateTime(detail.time, PICKUP_FORMAT);
        return detail.surge === null
          ? translate('app.dispatcher.booking.fareAt', { time })
          : translate('app.dispatcher.booking.fareAtSurge', {
              time,
              multiplier: formatNumber(detail.surge, { maximumFractionDigits: 2 }),
            });
      }
      case 'eta':
        return translate('app.dispatcher.booking.eta', { minutes: detail.minutes, count: detail.count });
      case 'none':
        return translate('app.dispatcher.booking.noneAvailable');
      default:
        return translate('app.dispatcher.booking.noFeed');
    }
  };
  const zoneLine = useZoneEffectText();
  const label = translate('app.dispatcher.booking.vehicle');
  if (!ready)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="booking-vehicles">
        {translate('app.dispatcher.booking.vehiclesWait')}
      </Typography>
    );
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('ra.action.refresh')}
          </Button>
        }
      >
        {error}
      </Alert>
    );
  if (isPending)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="booking-vehicles">
        {translate('app.dispatcher.booking.quoting')}
      </Typography>
    );
  if (fares.length === 0) return <Alert severity="warning">{translate('app.dispatcher.booking.noVehicles')}</Alert>;
  return (
    <Box>
      <ChoiceList
        label={`${label} · ${translate('app.dispatcher.booking.arrows')}`}
        labelId="booking-vehicles-label"
        count={fares.length}
        chosen={chosen}
        optionId={(index) => `booking-vehicle-${fares[index].vehicleTypeId}`}
        onChoose={(index) => onChoose(fares[index].vehicleTypeId)}
        data-testid="booking-vehicles"
      >
        {fares.map((fare, index) => {
          const near = availability?.find((a) => a.vehicleTypeId === fare.vehicleTypeId);
          const before = plain?.find((p) => p.vehicleTypeId === fare.vehicleTypeId);
          return (
            <ChoiceOption
              key={fare.vehicleTypeId}
              id={`booking-vehicle-${fare.vehicleTypeId}`}
              selected={index === chosen}
              onClick={() => onChoose(fare.vehicleTypeId)}
              title={fare.vehicleTypeName}
              detail={detailText(vehicleDetail(pickupAt, near, fare.surgeMultiplier))}
              end={
                <Box sx={{ textAlign: 'end' }}>
                  {before && fare.discount > 0 && (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ textDecoration: 'line-through' }}
                      component="div"
                    >
                      {formatMoney(before.total)}
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {formatMoney(fare.total)}
                  </Typography>
                  {zoneLine(zoneEffectOf(fare)) && (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="div"
                      data-testid={`booking-zone-effect-${fare.vehicleTypeId}`}
                    >
                      {zoneLine(zoneEffectOf(fare))}
                    </Typography>
                  )}
                </Box>
              }
            />
          );
        })}
      </ChoiceList>
    </Box>
  );
}
