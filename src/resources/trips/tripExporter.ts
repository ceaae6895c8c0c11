import { i18nProvider } from '../../i18n/i18nProvider';
import { formatDateTime, formatMoney } from '../../kit/format';
import { csvExporter } from '../shared/csv';
import type { Trip } from './types';

const t = (key: string, fallback: string) => i18nProvider.translate(key, { _: fallback });
const status = (value: string) => t(`app.enums.tripStatus.${value}`, value);

/**
 * A page of trips as CSV (a longer list is streamed by the server's export): readable headers,
 * money as shown in the panel, times in the city's zone, no route polyline.
 */
export const tripExporter = csvExporter<Trip>('trips', [
  { header: 'Trip', value: (trip) => trip.id },
  { header: 'Requested', value: (trip) => formatDateTime(trip.requestedAt) },
  { header: 'Passenger', value: (trip) => trip.passengerName },
  { header: 'Driver', value: (trip) => trip.driverName },
  { header: 'Vehicle type', value: (trip) => trip.vehicleTypeName },
  { header: 'Pickup', value: (trip) => trip.pickupAddress ?? trip.pickupPlace },
  { header: 'Drop-off', value: (trip) => trip.dropoffAddress ?? trip.dropoffPlace },
  { header: 'Status', value: (trip) => status(trip.status) },
  { header: 'Fare', value: (trip) => formatMoney(trip.fareTotal) },
  { header: 'Payment method', value: (trip) => t(`app.enums.paymentMethod.${trip.paymentMethod}`, trip.paymentMethod) },
  { header: 'Distance (km)', value: (trip) => trip.distanceKm },
  { header: 'Duration (min)', value: (trip) => trip.durationMin },
]);
