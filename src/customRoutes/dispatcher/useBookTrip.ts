import { useNotify, useTranslate } from 'react-admin';
import { ACTIONS } from '../../domain/resourceActions';
import { trips } from '../../domain/resources';
import { useAction } from '../../dataProviders/useAction';
import { serverMessage, HttpFailure } from '../../http';
import { cityWallTimeToInstant } from '../../kit/CityDateTimeInput';
import { formatDateTime } from '../../kit/format';
import { tripOfBooking, type BookingValues } from './bookingForm';

/** The instant of a booking's pickup time on the city's clock; undefined books for now. */
export const scheduledInstant = (wall: string | undefined) =>
  wall ? (cityWallTimeToInstant(wall) ?? undefined) : undefined;

/**
 * The booking form's submit (react-admin's `<Form onSubmit>`, through `useAction` as every other
 * form): creates the trip, then assigns the driver picked for it, if any. A refusal with `{errors}`
 * lands under the named fields; once booked, `onBooked` gets the trip's id.
 */
export function useBookTrip(onBooked: (tripId: number) => void) {
  const translate = useTranslate();
  const notify = useNotify();
  return useAction<BookingValues, number>(
    async (dataProvider, values) => {
      const scheduledAt = scheduledInstant(values.scheduledAt);
      const { data } = await dataProvider.create(trips.path, { data: tripOfBooking(values, scheduledAt) });
      const id = Number(data.id);
      const booked = translate('app.dispatcher.booking.booked', { id });
      if (scheduledAt)
        return {
          data: id,
          message: translate('app.dispatcher.booking.bookedLater', { id, time: formatDateTime(scheduledAt) }),
        };
      if (values.driverId == null) return { data: id, message: booked };
      try {
        const assigned = await dataProvider.action(ACTIONS.trips.assign, { id, data: { driverId: values.driverId } });
        return { data: id, message: assigned.message ?? booked };
      } catch (error) {
        // The trip stands (booked, offered automatically); only the chosen driver could not take it.
        notify(
          translate('app.dispatcher.booking.bookedNotAssigned', {
            id,
            reason: (error instanceof HttpFailure ? serverMessage(error.body) : undefined) ?? String(error),
          }),
          { type: 'warning' },
        );
        return { data: id };
      }
    },
    // The board follows the trips through the socket: nothing to refetch.
    { refresh: false, onSuccess: ({ data }) => onBooked(data) },
  );
}
