import { i18nProvider } from '../../i18n/i18nProvider';
import { formatDateTime, formatMoney } from '../../kit/format';
import { csvExporter } from '../shared/csv';
import type { Trip } from './types';
import { trips } from '../../domain/resources/trips';

const t = (key: string, fallback: string) => i18nProvider.translate(key, { _: fallback });
const status = (value: string) => t(`app.enums.tripStatus.${value}`, value);
/** A column's header: the field's name in the staff member's language, as the list and the server's export say it. */
const header = (field: string, english: string) => () => t(`resources.${trips.path}.fields.${field}`, english);

/**
 * A page of trips as CSV (a longer list is streamed by the server's export): readable headers,
 * money as shown in the panel, times in the city's zone, no route polyline.
 */
export const tripExporter = csvExporter<Trip>('trips', [
  { header: header('id', 'Trip'), value: (trip) => trip.id },
  { header: header('requestedAt', 'Requested'), value: (trip) => formatDateTime(trip.requestedAt) },
  { header: header('passengerName', 'Passenger'), value: (trip) => trip.passengerName },
  { header: header('driverName', 'Driver'), value: (trip) => trip.driverName },
  { header: header('vehicleTypeName', 'Vehicle type'), value: (trip) => trip.vehicleTypeName },
  { header: header('pickupAddress', 'Pickup'), value: (trip) => trip.pickupAddress ?? trip.pickupPlace },
  { header: header('dropoffAddress', 'Drop-off'), value: (trip) => trip.dropoffAddress ?? trip.dropoffPlace },
  { header: header('status', 'Status'), value: (trip) => status(trip.status) },
  { header: header('fareTotal', 'Fare'), value: (trip) => formatMoney(trip.fareTotal) },
  {
    header: header('paymentMethod', 'Payment method'),
    value: (trip) => t(`app.enums.paymentMethod.${trip.paymentMethod}`, trip.paymentMethod),
  },
  { header: header('distanceKm', 'Distance (km)'), value: (trip) => trip.distanceKm },
  { header: header('durationMin', 'Duration (min)'), value: (trip) => trip.durationMin },
]);
