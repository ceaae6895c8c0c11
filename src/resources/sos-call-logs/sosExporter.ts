import { i18nProvider } from '../../i18n/i18nProvider';
import { csvExporter } from '../shared/csv';
import type { SosAlarm } from './types';

const header = (field: string) => i18nProvider.translate(`resources.sos-call-logs.fields.${field}`);

/** One page of alarms as CSV (longer lists stream the server's export with the same filters). */
export const sosExporter = csvExporter<SosAlarm>('sos-call-logs', [
  { header: 'ID', value: (a) => a.id },
  { header: header('calledAt'), value: (a) => a.calledAt },
  { header: header('callerKind'), value: (a) => a.callerKind },
  { header: header('callerName'), value: (a) => a.callerName },
  { header: header('tripId'), value: (a) => a.tripId },
  { header: header('status'), value: (a) => a.status },
  { header: header('handledByName'), value: (a) => a.handledByName },
  { header: header('ackSeconds'), value: (a) => a.ackSeconds },
  { header: 'Latitude', value: (a) => a.lat },
  { header: 'Longitude', value: (a) => a.lng },
  { header: 'Notes', value: (a) => a.notes },
]);
