import { i18nProvider } from '../../i18n/i18nProvider';
import { csvExporter } from '../shared/csv';
import type { Passenger } from './types';

const header = (field: string) => i18nProvider.translate(`resources.passenger-management/passengers.fields.${field}`);

/** One page of passengers as CSV (longer lists stream the server's export with the same filters). */
export const passengerExporter = csvExporter<Passenger>('passengers', [
  { header: 'ID', value: (p) => p.id },
  { header: header('firstName'), value: (p) => p.firstName },
  { header: header('lastName'), value: (p) => p.lastName },
  { header: header('phone'), value: (p) => p.phone },
  { header: header('email'), value: (p) => p.email },
  { header: header('status'), value: (p) => p.status },
  { header: header('tripsCount'), value: (p) => p.tripsCount },
  { header: header('completedTrips'), value: (p) => p.completedTrips },
  { header: header('passengerCancellations'), value: (p) => p.passengerCancellations },
  { header: header('totalSpent'), value: (p) => p.totalSpent },
  { header: header('rating'), value: (p) => p.rating },
  { header: header('lastTripAt'), value: (p) => p.lastTripAt },
  { header: header('createdAt'), value: (p) => p.createdAt },
]);
