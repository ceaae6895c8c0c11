import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNearestDrivers, type BookingPoint, type NearDriver } from './bookingData';
import { ChoiceList, ChoiceOption } from './ChoiceList';

/**
 * The nearest available drivers of the chosen type to the pickup (distance, ETA, rating, vehicle),
 * under "Automatic offers": the arrow keys choose; a chosen driver is assigned right after booking.
 */
export function NearestDrivers({
  pickup,
  vehicleTypeId,
  driverId,
  onChoose,
}: {
  pickup: BookingPoint;
  vehicleTypeId: number;
  driverId: number | undefined;
  onChoose: (driver: NearDriver | null) => void;
}) {
  const translate = useTranslate();
  const nearest = useNearestDrivers(pickup, vehicleTypeId, true);
  const drivers = nearest.data ?? [];
  // Option 0 is the automatic offers; a driver picked on the map but not in this list selects none.
  const chosen = driverId === undefined ? 0 : drivers.findIndex((d) => d.id === driverId) + 1 || -1;
  const choose = (index: number) => onChoose(index <= 0 ? null : drivers[index - 1]);
  const optionId = (index: number) => (index === 0 ? 'booking-driver-auto' : `booking-driver-${drivers[index - 1].id}`);
  return (
    <Box>
      <ChoiceList
        label={`${translate('app.dispatcher.booking.nearest')} · ${translate('app.dispatcher.booking.arrows')}`}
        labelId="booking-nearest-label"
        count={drivers.length + 1}
        chosen={chosen}
        optionId={optionId}
        onChoose={choose}
        busy={nearest.isFetching}
        data-testid="booking-nearest"
        sx={{ maxHeight: 232, overflowY: 'auto' }}
      >
        <ChoiceOption
          id="booking-driver-auto"
          selected={chosen === 0}
          onClick={() => choose(0)}
          title={translate('app.dispatcher.booking.automatic')}
          detail={translate('app.dispatcher.booking.automaticHint')}
        />
        {drivers.map((driver, i) => (
          <ChoiceOption
            key={driver.id}
            id={optionId(i + 1)}
            selected={chosen === i + 1}
            onClick={() => choose(i + 1)}
            title={driver.name}
            aside={
              <Typography variant="caption" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {translate('app.dispatcher.booking.nearestItem', {
                  distance: driver.distanceKm.toFixed(1),
                  minutes: Math.max(1, Math.round(driver.etaSeconds / 60)),
                })}
              </Typography>
            }
            detail={[`★ ${Number(driver.rating).toFixed(1)}`, driver.vehiclePlate, driver.vehicle]
              .filter(Boolean)
              .join(' · ')}
          />
        ))}
      </ChoiceList>
      {nearest.isPending ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="booking-nearest-state">
          {translate('app.dispatcher.booking.nearestLoading')}
        </Typography>
      ) : nearest.error ? (
        <Typography variant="caption" color="error" component="p" data-testid="booking-nearest-state">
          {translate('app.dispatcher.booking.nearestError')}
        </Typography>
      ) : drivers.length === 0 ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="booking-nearest-state">
          {translate('app.dispatcher.booking.nearestNone')}
        </Typography>
      ) : null}
    </Box>
  );
}
