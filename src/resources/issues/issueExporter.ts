import { i18nProvider } from '../../i18n/i18nProvider';
import { csvExporter } from '../shared/csv';
import type { Issue } from './types';

const header = (field: string) => i18nProvider.translate(`resources.issues.fields.${field}`);

/** One page of issues as CSV (longer lists stream the server's export with the same filters). */
export const issueExporter = csvExporter<Issue>('issues', [
  { header: header('id'), value: (i) => i.id },
  { header: header('tripId'), value: (i) => i.tripId },
  { header: header('category'), value: (i) => i.category },
  { header: header('priority'), value: (i) => i.priority },
  { header: header('status'), value: (i) => i.status },
  { header: header('reporterKind'), value: (i) => i.reporterKind },
  { header: header('reporterName'), value: (i) => i.reporterName },
  { header: header('assigneeName'), value: (i) => i.assigneeName },
  { header: header('slaState'), value: (i) => i.slaState },
  { header: header('slaDueAt'), value: (i) => i.slaDueAt },
  { header: header('createdAt'), value: (i) => i.createdAt },
  { header: header('resolvedAt'), value: (i) => i.resolvedAt },
  { header: header('description'), value: (i) => i.description },
  { header: header('resolutionNote'), value: (i) => i.resolutionNote },
]);
